/**
 * The enumerations a task form and list show, in order, with their labels. Recurrence's are in
 * ./recurrence-options.ts: only the task form and a task's page show them, and this module is in
 * the task list's first load.
 */
export const TASK_PRIORITIES = ["low", "normal", "high", "critical"] as const;
export type TaskPriorityValue = (typeof TASK_PRIORITIES)[number];

export const TASK_STATUSES = ["open", "in_progress", "blocked", "completed", "cancelled"] as const;
export type TaskStatusValue = (typeof TASK_STATUSES)[number];

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

/** A status that ends the task's life (not counted as open). */
export const isFinishedStatus = (status: string) => status === "completed" || status === "cancelled";

/** The assignee picker's value for a vendor (spec §7). */
export const VENDOR_PREFIX = "vendor-";

/** A task's assignee as the picker holds it: a member id, or "vendor-<id>". */
export const assigneeValue = (task: { assigneeType: string | null; assigneeId: string | null; vendorId: string | null }) =>
  task.assigneeType === "vendor" && task.vendorId ? VENDOR_PREFIX + task.vendorId : task.assigneeId;
