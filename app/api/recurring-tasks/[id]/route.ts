import { route } from "@/lib/http/route";
import { getSeries } from "@/lib/services/recurrence/list-series";

export const GET = route(async ({ caller, params }) => getSeries(caller, String(params.id)), { permission: "tasks.read" });
