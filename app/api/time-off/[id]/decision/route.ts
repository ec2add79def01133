import { route } from "@/lib/http/route";
import { decideTimeOff } from "@/lib/services/time-off/decide";
import * as op from "@/lib/time-off/contracts";

export const POST = route(op.decideTimeOff, async ({ caller, params, body }) => decideTimeOff(caller, String(params.id), body));
