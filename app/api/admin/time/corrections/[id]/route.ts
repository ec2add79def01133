import { route } from "@/lib/http/route";
import { decideCorrection } from "@/lib/services/time/decide-correction";
import * as op from "@/lib/time/contracts";

/** Approve (applied as an audited edit) or reject a correction request. */
export const POST = route(op.decideCorrection, async ({ caller, params, body }) => decideCorrection(caller, params.id, body));
