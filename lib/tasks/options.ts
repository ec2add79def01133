/** The enumerations a task form and list show, in order, with their labels. */
export const TASK_PRIORITIES = ["low", "normal", "high", "critical"] as const;
export type TaskPriorityValue = (typeof TASK_PRIORITIES)[number];

export const TASK_STATUSES = ["open", "in_progress", "blocked", "completed", "cancelled"] as const;
export type TaskStatusValue = (typeof TASK_STATUSES)[number];

export const RECURRING_PATTERNS = ["daily", "weekly", "monthly", "annual"] as const;
export const RECURRING_END_TYPES = ["never", "after", "on"] as const;
export const RECURRING_MONTHLY_TYPES = ["date", "weekday"] as const;
export const ASSIGNEE_TYPES = ["user", "vendor"] as const;

export const PRIORITY_LABELS: Record<TaskPriorityValue, string> = {
  low: "Low",
  normal: "Normal",
  high: "High",
  critical: "Critical",
};

export const STATUS_LABELS: Record<TaskStatusValue, string> = {
  open: "Open",
  in_progress: "In Progress",
  blocked: "Blocked",
  completed: "Completed",
  cancelled: "Cancelled",
};

export const PATTERN_LABELS: Record<(typeof RECURRING_PATTERNS)[number], string> = {
  daily: "Daily",
  weekly: "Weekly",
  monthly: "Monthly",
  annual: "Annual",
};

export const WEEKDAY_LABELS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/**
 * Holiday calendars the recurrence section offers (date-holidays codes, docs/dates.md). The
 * API accepts any code date-holidays knows; this is the short list of the form.
 */
export const HOLIDAY_CALENDAR_LABELS: Record<string, string> = {
  US: "United States (federal)",
  "US-TX": "United States: Texas",
  "US-CA": "United States: California",
  "US-NY": "United States: New York",
  CA: "Canada",
  "CA-ON": "Canada: Ontario",
  GB: "United Kingdom",
};

/** A status that ends the task's life (not counted as open). */
export const isFinishedStatus = (status: string) => status === "completed" || status === "cancelled";

/** The assignee picker's value for a vendor (spec §7). */
export const VENDOR_PREFIX = "vendor-";

/** A task's assignee as the picker holds it: a member id, or "vendor-<id>". */
export const assigneeValue = (task: { assigneeType: string | null; assigneeId: string | null; vendorId: string | null }) =>
  task.assigneeType === "vendor" && task.vendorId ? VENDOR_PREFIX + task.vendorId : task.assigneeId;
