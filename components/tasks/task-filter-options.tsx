import type { ReactNode } from "react";
import { ACTIVE_STATUSES as ACTIVE } from "@/lib/tasks/dashboard-defaults";
import { PRIORITY_LABELS, STATUS_LABELS, TASK_PRIORITIES, TASK_STATUSES } from "@/lib/tasks/options";

/** The task list's choices (./dashboard.tsx): each filter select's options. */
export interface TaskFilterOptions {
  scope: ReactNode;
  status: ReactNode;
  priority: ReactNode;
  sort: ReactNode;
  group: ReactNode;
}

const SORTS = [
  { value: "dueDate", label: "Due date" },
  { value: "priority", label: "Priority" },
  { value: "department", label: "Department" },
  { value: "createdAt", label: "Newest" },
  { value: "updatedAt", label: "Recently updated" },
] as const;

/**
 * The options of the task list's filter selects. Not a client module: the dashboard's page renders
 * them on the server and hands them to the list as a prop, so their words travel as HTML and not
 * in the first-load script (a client screen, the project page, renders them itself). The selects
 * stay the list's own, controlled by its state.
 */
export function taskFilterOptions(): TaskFilterOptions {
  return {
    scope: (
      <>
        <option value="all">All tasks</option>
        <option value="mine">My tasks</option>
      </>
    ),
    status: (
      <>
        <option value={ACTIVE}>Active (open, in progress, blocked)</option>
        <option value="">Any status</option>
        {TASK_STATUSES.map((s) => (
          <option key={s} value={s}>
            {STATUS_LABELS[s]}
          </option>
        ))}
      </>
    ),
    priority: (
      <>
        <option value="">Any priority</option>
        {TASK_PRIORITIES.map((p) => (
          <option key={p} value={p}>
            {PRIORITY_LABELS[p]}
          </option>
        ))}
      </>
    ),
    sort: SORTS.map((s) => (
      <option key={s.value} value={s.value}>
        Sort: {s.label}
      </option>
    )),
    group: (
      <>
        <option value="dueDate">Group: Due date</option>
        <option value="priority">Group: Priority</option>
        <option value="department">Group: Department</option>
        <option value="none">No grouping</option>
      </>
    ),
  };
}
