/** Project statuses in the order screens list them, with their labels. */
export const PROJECT_STATUSES = ["planning", "active", "on_hold", "completed", "cancelled"] as const;
export type ProjectStatusValue = (typeof PROJECT_STATUSES)[number];

export const PROJECT_STATUS_LABELS: Record<ProjectStatusValue, string> = {
  planning: "Planning",
  active: "Active",
  on_hold: "On Hold",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** The colour swatches the project form offers (any "#rrggbb" is accepted by the API). */
export const PROJECT_COLORS = ["#4f46e5", "#0891b2", "#059669", "#ca8a04", "#ea580c", "#dc2626", "#db2777", "#64748b"] as const;

/** What completing a project does with its open tasks (the form asks when there are some). */
export const OPEN_TASK_ACTIONS = ["complete", "cancel", "keep"] as const;
export type OpenTaskAction = (typeof OPEN_TASK_ACTIONS)[number];

export const PROJECT_SORTS = ["name", "dueDate", "updatedAt", "createdAt", "status"] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];

/** Which projects the list shows: the live ones, the archived ones, or (admins) the deleted ones. */
export const PROJECT_SHOWS = ["current", "archived", "deleted"] as const;
