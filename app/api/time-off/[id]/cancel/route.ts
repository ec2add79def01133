import { route } from "@/lib/http/route";
import { cancelTimeOff } from "@/lib/services/time-off/requests";
import * as op from "@/lib/time-off/contracts";

export const POST = route(op.cancelTimeOff, async ({ caller, params }) => cancelTimeOff(caller, String(params.id)));
