import { route } from "@/lib/http/route";
import * as op from "@/lib/reports/contracts";
import { getStatistics } from "@/lib/services/statistics/get-statistics";
import { parsePanel } from "@/lib/services/statistics/parse-panel";

export const GET = route(op.getStatistics, async ({ caller, params, query }) => getStatistics(caller, parsePanel(params.panel), query));
