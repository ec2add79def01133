import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { asInitialData } from "@/lib/queries/initial-data";
import { buildUrl } from "@/lib/api-client/request";
import { DASHBOARD_FIRST_QUERY, MY_DAY_PICKUP_FILTERS, myTasksForTodayFilters } from "@/lib/tasks/dashboard-defaults";
import { listTasksQuerySchema, type DashboardInitialData } from "@/lib/validations/tasks";
import { getMySchedule } from "@/lib/services/schedule/get-my-schedule";
import { getDashboardStats } from "./get-dashboard-stats";
import { listTasks, type TaskPage } from "./list-tasks";

/**
 * The dashboard's first page of tasks and its stats (and My day's lists and shifts), read on the server with the same
 * services (and the same parsed query) as GET /api/tasks and GET /api/dashboard/stats, and
 * handed to React Query as initial data: the first paint needs no API round trip.
 */
export async function loadDashboard(caller: Caller, options: { myDay?: boolean } = {}): Promise<DashboardInitialData> {
  const [tasks, stats, myDay] = await Promise.all([
    listTasks(caller, listTasksQuerySchema.parse(DASHBOARD_FIRST_QUERY)),
    getDashboardStats(caller),
    options.myDay
      ? Promise.all([readAsTheClient(caller, myTasksForTodayFilters(Date.now())), readAsTheClient(caller, MY_DAY_PICKUP_FILTERS), getMySchedule(caller, {})])
      : null,
  ]);
  return {
    tasks: asInitialData(tasks),
    stats: asInitialData(stats),
    ...(myDay ? { myDay: { today: asInitialData(myDay[0]), pickup: asInitialData(myDay[1]), schedule: asInitialData(myDay[2]) } } : {}),
  };
}

/** The list as GET /api/tasks answers the client's filters: the same query string, parsed by the same schema. */
function readAsTheClient(caller: Caller, filters: Record<string, unknown>): Promise<TaskPage> {
  const query = Object.fromEntries(new URL(buildUrl(["/api/tasks", filters]), "http://local").searchParams);
  return listTasks(caller, listTasksQuerySchema.parse(query));
}
