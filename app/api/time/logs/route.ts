import { route } from "@/lib/http/route";
import { getTimeLog } from "@/lib/services/time/get-time-log";
import * as op from "@/lib/time/contracts";

/** One member's time over a range (default: the caller, this week). Scoped in the service (docs/time.md). */
export const GET = route(op.getTimeLog, async ({ caller, query }) => getTimeLog(caller, query));
