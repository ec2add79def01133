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
  const page = query.data?.items ?? [];
  const items = page.filter((task) => dateKeyOf(task.dueDate) <= today);
  // The page is sorted by due date: only when every row of a full page is today's or earlier can
  // more of them follow it (a count of 20 must not read as all of a member's 61 overdue tasks).
  const hasMore = Boolean(query.data?.hasMore) && items.length === page.length;
  return { ...query, items, hasMore };
}
