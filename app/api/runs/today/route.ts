import { route } from "@/lib/http/route";
import * as op from "@/lib/runs/contracts";
import { getTodayRuns } from "@/lib/services/runs/get-today-runs";

export const GET = route(op.getTodayRuns, async ({ caller }) => getTodayRuns(caller));
