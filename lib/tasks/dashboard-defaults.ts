/**
 * The dashboard's first view (active tasks by due date, page 1 of 50): the request its list
 * sends, shared by the client component and the server page that renders that first page.
 */
export const ACTIVE_STATUSES = "open,in_progress,blocked";
export const DASHBOARD_PAGE_SIZE = 50;
export const DASHBOARD_FIRST_QUERY = { status: ACTIVE_STATUSES, sort: "dueDate", page: "1", pageSize: String(DASHBOARD_PAGE_SIZE) } as const;
