import { route } from "@/lib/http/route";
import { getDashboardStats } from "@/lib/services/tasks/get-dashboard-stats";

export const GET = route(async ({ caller }) => getDashboardStats(caller), { permission: "dashboard.read" });
