import { route } from "@/lib/http/route";
import { listSeries } from "@/lib/services/recurrence/list-series";
import { listSeriesQuerySchema } from "@/lib/validations/recurrence";

export const GET = route(async ({ caller, query }) => listSeries(caller, query(listSeriesQuerySchema)), { permission: "tasks.read" });
