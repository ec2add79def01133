import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { getCase } from "@/lib/services/cases/get-case";
import { updateCase } from "@/lib/services/cases/update-case";

export const GET = route(op.getCase, async ({ caller, params }) => getCase(caller, String(params.number)));
export const PATCH = route(op.updateCase, async ({ caller, params, body }) => updateCase(caller, String(params.number), body));
