import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { closeCase } from "@/lib/services/cases/update-case";

export const POST = route(op.closeCase, async ({ caller, params, body }) => closeCase(caller, String(params.number), body));
