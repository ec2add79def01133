import { route } from "@/lib/http/route";
import { approvePeriod } from "@/lib/services/time/approve-period";
import * as op from "@/lib/time/contracts";

/** Approve a pay period for the given members, or every active member (the first step). */
export const POST = route(op.approvePeriod, async ({ caller, body }) => approvePeriod(caller, body));
