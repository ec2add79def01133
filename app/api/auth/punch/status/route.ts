import { route } from "@/lib/http/route";
import * as op from "@/lib/punch/contracts";
import { getPunchStatus } from "@/lib/services/punch/get-punch-status";

/** { isPunchedIn, lastPunchIn, activeTask } — polled every 5 s by the header. */
export const GET = route(op.getPunchStatus, async ({ caller }) => getPunchStatus(caller));
