import { route } from "@/lib/http/route";
import { setSeriesState } from "@/lib/services/recurrence/set-series-state";

export const POST = route(async ({ caller, params }) => setSeriesState(caller, String(params.id), "end"), { permission: "tasks.write" });
