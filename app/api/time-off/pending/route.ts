import { route } from "@/lib/http/route";
import { getPendingTimeOff } from "@/lib/services/time-off/decide";
import * as op from "@/lib/time-off/contracts";

export const GET = route(op.getPendingTimeOff, async ({ caller }) => getPendingTimeOff(caller));
