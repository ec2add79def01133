import { route } from "@/lib/http/route";
import * as op from "@/lib/reports/contracts";
import { getStatistics } from "@/lib/services/reports/get-statistics";
import { parsePanel } from "@/lib/services/reports/parse-statistics-panel";

export const GET = route(op.getStatistics, async ({ caller, params, query }) => getStatistics(caller, parsePanel(params.panel), query));
