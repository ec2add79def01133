import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { dateKeyOf } from "@/lib/dates";
import { keepTodayTasks } from "@/lib/offline/kept-my-day";
import { myTasksForTodayFilters } from "@/lib/tasks/dashboard-defaults";
import { CURRENT_USER_KEY, type CurrentUser } from "./auth";
import { useTasks, type TaskListPage } from "./tasks";

/**
 * My tasks due today or overdue, soonest first: what "my tasks for today" lists on every screen.
 * `initial`: the page the server read with the same filters (My day's first paint). The list is
 * also kept on the device for the offline start page (lib/offline/kept-my-day.ts).
 */
export function useMyTasksForToday(now: number, enabled = true, initial?: { data: TaskListPage; readAt: number }) {
  const queryClient = useQueryClient();
  const query = useTasks(myTasksForTodayFilters(now), { enabled, initialData: initial?.data, initialDataUpdatedAt: initial?.readAt });
  const today = dateKeyOf(now);
  const page = query.data?.items ?? [];
  const items = page.filter((task) => dateKeyOf(task.dueDate) <= today);
  // The page is sorted by due date: only when every row of a full page is today's or earlier can
  // more of them follow it (a count of 20 must not read as all of a member's 61 overdue tasks).
  const hasMore = Boolean(query.data?.hasMore) && items.length === page.length;

  const data = query.data;
  const fresh = !query.isPlaceholderData;
  useEffect(() => {
    const user = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY);
    if (!data || !fresh || !user) return;
    const kept = data.items.filter((task) => dateKeyOf(task.dueDate) <= today);
    keepTodayTasks(user, today, kept, Boolean(data.hasMore) && kept.length === data.items.length, query.dataUpdatedAt || Date.now());
    // The list changes with its answer (and the day); a poll bringing the same answer keeps the same object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, fresh, today, queryClient]);
  return { ...query, items, hasMore };
}
