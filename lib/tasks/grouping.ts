/**
 * Grouping of the dashboard's task list (by due date, priority or department). Due-date
 * buckets are calendar days in the business time zone.
 */
import { addDays, BUSINESS_TIME_ZONE, dateKeyOf } from "@/lib/dates";
import { PRIORITY_LABELS, TASK_PRIORITIES, type TaskPriorityValue } from "./options";

export type GroupBy = "none" | "dueDate" | "priority" | "department";

export interface GroupableTask {
  dueDate: string;
  priority: string;
  status: string;
  department: { id: string; name: string } | null;
}

export interface TaskGroup<T> {
  key: string;
  label: string;
  tasks: T[];
}

const DUE_BUCKETS = [
  { key: "overdue", label: "Overdue" },
  { key: "today", label: "Today" },
  { key: "tomorrow", label: "Tomorrow" },
  { key: "week", label: "Next 7 days" },
  { key: "later", label: "Later" },
] as const;

/** Buckets are calendar days in `timeZone`, compared as day keys: no zone arithmetic on the dashboard's first load. */
export function dueBucket(dueDate: string | Date, now = new Date(), timeZone = BUSINESS_TIME_ZONE, finished = false): (typeof DUE_BUCKETS)[number]["key"] {
  if (!finished && new Date(dueDate).getTime() < now.getTime()) return "overdue";
  const today = dateKeyOf(now, timeZone);
  const day = dateKeyOf(dueDate, timeZone);
  if (day <= today) return "today";
  if (day === addDays(today, 1)) return "tomorrow";
  if (day <= addDays(today, 7)) return "week";
  return "later";
}

export function groupTasks<T extends GroupableTask>(tasks: T[], by: GroupBy, now = new Date(), timeZone = BUSINESS_TIME_ZONE): TaskGroup<T>[] {
  if (by === "none") return [{ key: "all", label: "All tasks", tasks }];
  const groups = new Map<string, TaskGroup<T>>();
  const order: string[] = [];
  const push = (key: string, label: string, task: T) => {
    if (!groups.has(key)) {
      groups.set(key, { key, label, tasks: [] });
      order.push(key);
    }
    groups.get(key)!.tasks.push(task);
  };
  for (const task of tasks) {
    if (by === "dueDate") {
      const key = dueBucket(task.dueDate, now, timeZone, task.status === "completed" || task.status === "cancelled");
      push(key, DUE_BUCKETS.find((b) => b.key === key)!.label, task);
    } else if (by === "priority") {
      push(task.priority, PRIORITY_LABELS[task.priority as TaskPriorityValue] ?? task.priority, task);
    } else {
      push(task.department?.id ?? "none", task.department?.name ?? "No department", task);
    }
  }
  const result = order.map((k) => groups.get(k)!);
  if (by === "dueDate") result.sort((a, b) => DUE_BUCKETS.findIndex((x) => x.key === a.key) - DUE_BUCKETS.findIndex((x) => x.key === b.key));
  if (by === "priority") result.sort((a, b) => TASK_PRIORITIES.indexOf(b.key as TaskPriorityValue) - TASK_PRIORITIES.indexOf(a.key as TaskPriorityValue));
  if (by === "department") result.sort((a, b) => a.label.localeCompare(b.label));
  return result;
}
