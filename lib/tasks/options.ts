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
export const HOLIDAY_CALENDARS = [
  { value: "US", label: "United States (federal)" },
  { value: "US-TX", label: "United States: Texas" },
  { value: "US-CA", label: "United States: California" },
  { value: "US-NY", label: "United States: New York" },
  { value: "CA", label: "Canada" },
  { value: "CA-ON", label: "Canada: Ontario" },
  { value: "GB", label: "United Kingdom" },
] as const;

/** A status that ends the task's life (not counted as open). */
export const isFinishedStatus = (status: string) => status === "completed" || status === "cancelled";

/** The assignee picker's value for a vendor (spec §7). */
export const VENDOR_PREFIX = "vendor-";
