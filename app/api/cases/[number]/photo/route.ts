import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { casePhotoResponse, setCasePhoto } from "@/lib/services/cases/case-photos";

export const GET = route(op.getCasePhoto, async ({ caller, params }) => casePhotoResponse(caller, String(params.number)));

export const PUT = route(op.uploadCasePhoto, async ({ caller, params, upload }) => setCasePhoto(caller, String(params.number), upload));
