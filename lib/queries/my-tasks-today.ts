import { dateKeyOf } from "@/lib/dates";
import { ACTIVE_STATUSES } from "@/lib/tasks/dashboard-defaults";
import { useTasks, type TaskFilters } from "./tasks";

/** Tasks due up to this far ahead are fetched, then kept to today's (and earlier) by the business calendar. */
const TODAY_WINDOW_MS = 36 * 3_600_000;

/** My tasks due today or overdue, soonest first: what "my tasks for today" lists on every screen. */
export function useMyTasksForToday(now: number, enabled = true) {
  // The window's end moves by the hour, so the query key stays put between renders.
  const dueTo = new Date(Math.ceil(now / 3_600_000) * 3_600_000 + TODAY_WINDOW_MS).toISOString();
  const filters: TaskFilters = { mine: true, status: ACTIVE_STATUSES, sort: "dueDate", pageSize: 20, dueTo };
  const query = useTasks(filters, { enabled });
  const today = dateKeyOf(now);
  const items = (query.data?.items ?? []).filter((task) => dateKeyOf(task.dueDate) <= today);
  return { ...query, items };
}

