import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { asInitialData, type Jsonified } from "@/lib/queries/initial-data";
import { DASHBOARD_FIRST_QUERY } from "@/lib/tasks/dashboard-defaults";
import { listTasksQuerySchema } from "@/lib/validations/tasks";
import { getDashboardStats, type DashboardStats } from "./get-dashboard-stats";
import { listTasks, type TaskPage } from "./list-tasks";

export interface DashboardInitialData {
  tasks: { data: Jsonified<TaskPage>; readAt: number };
  stats: { data: DashboardStats; readAt: number };
}

/**
 * The dashboard's first page of tasks and its stats, read on the server with the same
 * services (and the same parsed query) as GET /api/tasks and GET /api/dashboard/stats, and
 * handed to React Query as initial data: the first paint needs no API round trip.
 */
export async function loadDashboard(caller: Caller): Promise<DashboardInitialData> {
  const [tasks, stats] = await Promise.all([listTasks(caller, listTasksQuerySchema.parse(DASHBOARD_FIRST_QUERY)), getDashboardStats(caller)]);
  return { tasks: asInitialData(tasks), stats: asInitialData(stats) };
}
