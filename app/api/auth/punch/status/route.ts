import { route } from "@/lib/http/route";
import * as op from "@/lib/punch/contracts";
import { getPunchPoll } from "@/lib/services/punch/get-punch-status";

/** { isPunchedIn, lastPunchIn, activeTask, unreadAlerts }: polled every 5 s by every signed-in tab. */
export const GET = route(op.getPunchStatus, async ({ caller }) => getPunchPoll(caller));
