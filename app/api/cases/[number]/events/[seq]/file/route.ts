import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { caseEventFileResponse } from "@/lib/services/cases/case-photos";

export const GET = route(op.getCaseEventFile, async ({ caller, params, query }) => caseEventFileResponse(caller, params.number, params.seq, query.kind));
