import type { Task } from "@/lib/queries/tasks";
import { assigneeValue } from "./options";
import { dayAndTime } from "@/lib/dates/day-time";

/**
 * What a new sub-task starts with (spec §5): its parent's project, department, priority,
 * assignee and due date, each changeable before saving. Quick add's chips and the task form
 * start from the same values.
 */
export function subTaskStart(parent: Task) {
  return {
    projectId: parent.projectId,
    department: parent.organizationalUnitId,
    priority: parent.priority,
    assigneeId: assigneeValue(parent),
    dueDate: dayAndTime(parent.dueDate, "due"),
  };
}
