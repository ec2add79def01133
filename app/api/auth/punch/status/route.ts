import { route } from "@/lib/http/route";
import { getPunchStatus } from "@/lib/services/punch/get-punch-status";

/** { isPunchedIn, lastPunchIn, activeTask } — polled every 5 s by the header. */
export const GET = route(async ({ caller }) => getPunchStatus(caller), { permission: "punch.use" });
