import { route } from "@/lib/http/route";
import * as op from "@/lib/reports/contracts";
import { getMemberBreakdown } from "@/lib/services/reports/get-scoreboard-member";

export const GET = route(op.getMemberBreakdown, async ({ caller, params, query }) => getMemberBreakdown(caller, String(params.userId), query.period));
