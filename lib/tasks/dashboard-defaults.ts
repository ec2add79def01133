/**
 * The dashboard's first view (active tasks by due date, page 1 of 50): the request its list
 * sends, shared by the client component and the server page that renders that first page.
 */
export const ACTIVE_STATUSES = "open,in_progress,blocked";
export const DASHBOARD_PAGE_SIZE = 50;
export const DASHBOARD_FIRST_QUERY = { status: ACTIVE_STATUSES, sort: "dueDate", page: "1", pageSize: String(DASHBOARD_PAGE_SIZE) } as const;

/**
 * My day's two lists (components/tasks/my-day.tsx), read by the server page for the first paint
 * and then by the client with the same filters.
 */
export const MY_DAY_PICKUP_FILTERS = { available: true, status: ACTIVE_STATUSES, sort: "dueDate", pageSize: 5 } as const;

/** Tasks due up to this far ahead are fetched, then kept to today's (and earlier) by the business calendar. */
const TODAY_WINDOW_MS = 36 * 3_600_000;

/** My tasks due up to a day and a half ahead, soonest first; the window's end moves by the hour, so the query key stays put between renders. */
export function myTasksForTodayFilters(now: number) {
  const dueTo = new Date(Math.ceil(now / 3_600_000) * 3_600_000 + TODAY_WINDOW_MS).toISOString();
  return { mine: true, status: ACTIVE_STATUSES, sort: "dueDate", pageSize: 20, dueTo } as const;
}
