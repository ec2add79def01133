import { dateKeyOf } from "@/lib/dates";
import { myTasksForTodayFilters } from "@/lib/tasks/dashboard-defaults";
import { useTasks, type TaskListPage } from "./tasks";

/**
 * My tasks due today or overdue, soonest first: what "my tasks for today" lists on every screen.
 * `initial`: the page the server read with the same filters (My day's first paint).
 */
export function useMyTasksForToday(now: number, enabled = true, initial?: { data: TaskListPage; readAt: number }) {
  const query = useTasks(myTasksForTodayFilters(now), { enabled, initialData: initial?.data, initialDataUpdatedAt: initial?.readAt });
  const today = dateKeyOf(now);
  const items = (query.data?.items ?? []).filter((task) => dateKeyOf(task.dueDate) <= today);
  return { ...query, items };
}
