import { route } from "@/lib/http/route";
import { unlockPeriod } from "@/lib/services/time/unlock-period";
import * as op from "@/lib/time/contracts";

/** Unlock one member's pay period; the reason is kept and audited. */
export const POST = route(op.unlockPeriod, async ({ caller, body }) => unlockPeriod(caller, body));
