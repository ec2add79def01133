import * as op from "@/lib/alerts/contracts";
import { route } from "@/lib/http/route";
import { markAllAlertsRead } from "@/lib/services/alerts/mark-all-alerts-read";

/** "Mark all read": every alert of mine is read (the bell's count goes to 0). */
export const POST = route(op.markAllAlertsRead, async ({ caller }) => markAllAlertsRead(caller));
