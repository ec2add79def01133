"use client";

import Link from "next/link";
import { useState, type ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { toast, toastError } from "@/components/ui/use-toast";
import { timerStoppedToast } from "@/lib/punch/messages";
import { Tooltip } from "@/components/ui/tooltip";
import { formatDue } from "@/lib/dates";
import { isFinishedStatus } from "@/lib/tasks/options";
import { useSetTaskCompletion, type Task } from "@/lib/queries/tasks";
import { PriorityBadge, StatusBadge } from "./task-badges";

export function assigneeLabel(task: Pick<Task, "assignee" | "assignments">): string {
  if (task.assignee) return task.assignee.name;
  const lead = task.assignments.find((a) => a.isLead) ?? task.assignments[0];
  return lead ? `${lead.firstName} ${lead.lastName}` : "Unassigned";
}

/**
 * One task in a list: quick complete, number, title, badges, department, assignee, due. The
 * completion toast waits on mutateAsync: the row may leave the list (a completed task) before
 * the answer is handled, and mutate()'s own callbacks die with it.
 */
export function TaskRow({ task, actions, showComplete = true }: { task: Task; actions?: ReactNode; showComplete?: boolean }) {
  const completion = useSetTaskCompletion();
  const done = task.status === "completed";
  const [now] = useState(() => Date.now());
  const overdue = !isFinishedStatus(task.status) && new Date(task.dueDate).getTime() < now;
  const checklistDone = task.checklist.filter((c) => c.isCompleted).length;
  const due = `${overdue ? "Overdue · " : ""}${formatDue(task.dueDate)}`;
  return (
    <li className="flex items-start gap-3 px-3 py-3 sm:px-4" data-testid="task-row">
      {showComplete && (
        <Tooltip content={done ? "Reopen task" : "Mark complete"}>
          <input
            type="checkbox"
            className="mt-1 size-5 shrink-0 rounded border-slate-300 text-indigo-600 disabled:opacity-40"
            aria-label={`${done ? "Reopen" : "Complete"} task #${task.displayNumber}`}
            checked={done}
            disabled={!task.permissions.canEdit || completion.isPending}
            onChange={() => completion.mutateAsync({ id: task.id, completed: !done }).then((r) => r.clockedOutOfTask && toast(timerStoppedToast(r.clockedOutOfTask)), (e) => toastError(e))}
          />
        </Tooltip>
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <span className="text-xs font-medium text-slate-500">#{task.displayNumber}</span>
          <Link href={`/tasks/${task.id}`} className={`font-medium hover:text-indigo-700 hover:underline ${done ? "text-slate-500 line-through" : "text-slate-900"}`}>
            {task.title}
          </Link>
          {task.isPrivate && <Badge variant="neutral">Private</Badge>}
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
          <PriorityBadge priority={task.priority} />
          <StatusBadge status={task.status} />
          <span className={`sm:hidden ${overdue ? "font-semibold text-red-600" : ""}`}>{due}</span>
          <span>{task.department?.name}</span>
          <span>{assigneeLabel(task)}</span>
          {task.checklist.length > 0 && (
            <span>
              ☑ {checklistDone}/{task.checklist.length}
            </span>
          )}
          {task.subTaskCount > 0 && <span>{task.subTaskCount} sub-task{task.subTaskCount === 1 ? "" : "s"}</span>}
        </div>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-2">
        <span className={`hidden text-xs whitespace-nowrap sm:inline ${overdue ? "font-semibold text-red-600" : "text-slate-600"}`}>
          {due}
        </span>
        {actions}
      </div>
    </li>
  );
}
