import { route } from "@/lib/http/route";
import { lockPeriod } from "@/lib/services/time/lock-period";
import * as op from "@/lib/time/contracts";

/** Lock a pay period for the given members, or every active member (the second step). */
export const POST = route(op.lockPeriod, async ({ caller, body }) => lockPeriod(caller, body));
