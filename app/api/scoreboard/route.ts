import { route } from "@/lib/http/route";
import * as op from "@/lib/reports/contracts";
import { getScoreboard } from "@/lib/services/reports/get-scoreboard";

export const GET = route(op.getScoreboard, async ({ caller, query }) => getScoreboard(caller, query.period));
