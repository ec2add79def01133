import { route } from "@/lib/http/route";
import { getDashboardStats } from "@/lib/services/tasks/get-dashboard-stats";
import * as op from "@/lib/tasks/contracts";

export const GET = route(op.getDashboardStats, async ({ caller }) => getDashboardStats(caller));
