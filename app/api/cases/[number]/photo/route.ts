import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { casePhotoResponse } from "@/lib/services/cases/case-photos";

export const GET = route(op.getCasePhoto, async ({ caller, params }) => casePhotoResponse(caller, String(params.number)));
