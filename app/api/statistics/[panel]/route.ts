import { route } from "@/lib/http/route";
import { parsePanel } from "@/lib/services/statistics/parse-panel";
import { getStatistics } from "@/lib/services/statistics/get-statistics";
import { statisticsQuerySchema } from "@/lib/validations/reports";

export const GET = route(async ({ caller, params, query }) => getStatistics(caller, parsePanel(params.panel), query(statisticsQuerySchema)), { permission: "statistics.read" });
