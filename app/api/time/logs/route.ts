import { route } from "@/lib/http/route";
import { getTimeLog } from "@/lib/services/time/get-time-log";
import { timeLogQuerySchema } from "@/lib/validations/time";

/** One member's time over a range (default: the caller, this week). Scoped in the service (docs/time.md). */
export const GET = route(async ({ caller, query }) => getTimeLog(caller, query(timeLogQuerySchema)), { permission: "time.read" });
