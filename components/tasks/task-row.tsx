"use client";

import { useState, type ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Tooltip } from "@/components/ui/tooltip";
import { formatDay, formatDue } from "@/lib/dates";
import { initials } from "@/lib/members/names";
import { isFinishedStatus } from "@/lib/tasks/options";
import type { Task } from "@/lib/queries/tasks";
import { useCompleteTask } from "./complete-task";
import { PriorityBadge, StatusBadge } from "./task-badges";
import { RowLink } from "@/components/ui/row-link";

export function assigneeLabel(task: Pick<Task, "assignee" | "assignments">): string {
  if (task.assignee) return task.assignee.name;
  const lead = task.assignments.find((a) => a.isLead) ?? task.assignments[0];
  return lead ? `${lead.firstName} ${lead.lastName}` : "Unassigned";
}

export type TaskRowDensity = "comfortable" | "compact";

interface TaskRowProps {
  task: Task;
  actions?: ReactNode;
  showComplete?: boolean;
  /** "compact": one line a task (number, title, status, assignee, due, priority), for desks. */
  density?: TaskRowDensity;
  /** Picked with `x` for the list's bulk action. */
  selected?: boolean;
  /** Where `j`/`k` put the list's cursor. */
  current?: boolean;
}

/** The cursor's and the selection's look, the same in both densities. */
function rowState(selected?: boolean, current?: boolean) {
  return `${selected ? "bg-indigo-50" : ""} ${current ? "outline-2 -outline-offset-2 outline-indigo-500" : ""}`;
}

/**
 * One task in a list: quick complete, number, title, badges, department, assignee, due. The
 * completion toast waits on mutateAsync: the row may leave the list (a completed task) before
 * the answer is handled, and mutate()'s own callbacks die with it.
 */
export function TaskRow({ task, actions, showComplete = true, density = "comfortable", selected, current }: TaskRowProps) {
  const completion = useCompleteTask(task);
  const done = completion.done;
  const [now] = useState(() => Date.now());
  const overdue = !isFinishedStatus(task.status) && new Date(task.dueDate).getTime() < now;
  const checklistDone = task.checklist.filter((c) => c.isCompleted).length;
  const due = `${overdue ? "Overdue · " : ""}${formatDue(task.dueDate)}`;
  const rowProps = { "data-testid": "task-row", "data-task-id": task.id, "data-current": current ? "true" : undefined, "data-selected": selected ? "true" : undefined };
  const selectedText = selected ? <span className="sr-only"> (selected)</span> : null;
  if (density === "compact") {
    const who = assigneeLabel(task);
    const words = who.split(" ");
    const avatarLetters = task.assignee || task.assignments.length > 0 ? initials(words[0], words.length > 1 ? words.at(-1) : "") : "–";
    return (
      <li className={`flex h-7 items-center gap-2 px-3 text-sm sm:gap-3 sm:px-4 ${rowState(selected, current)}`} {...rowProps}>
        {showComplete && (
          <Tooltip content={done ? "Reopen task" : "Mark complete"}>
            <input
              type="checkbox"
              className="size-4 shrink-0 rounded border-slate-300 text-indigo-600 disabled:opacity-40"
              aria-label={`${done ? "Reopen" : "Complete"} task #${task.displayNumber}`}
              checked={done}
              disabled={!task.permissions.canEdit || completion.pending}
              onChange={() => void completion.toggle()}
            />
          </Tooltip>
        )}
        {showComplete && completion.dialog}
        <span className="w-10 shrink-0 text-xs font-medium text-slate-500 tabular-nums sm:w-12">#{task.displayNumber}</span>
        <RowLink
          href={`/tasks/${task.id}`}
          title={task.title}
          className={`min-w-0 flex-1 truncate font-medium hover:text-indigo-700 hover:underline ${done ? "text-slate-500 line-through" : "text-slate-900"}`}
        >
          {task.title}
          {selectedText}
        </RowLink>
        {task.isPrivate && <Badge variant="neutral" className="hidden sm:inline-flex">Private</Badge>}
        <span className="sr-only sm:not-sr-only sm:w-24 sm:shrink-0">
          <StatusBadge status={task.status} />
        </span>
        <span
          className="inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-brand-100 text-[9px] font-semibold text-brand-700 ring-1 ring-brand-200"
          title={who}
        >
          <span aria-hidden="true">{avatarLetters}</span>
          <span className="sr-only">{who}</span>
        </span>
        <span className={`w-20 shrink-0 text-right text-xs whitespace-nowrap sm:w-28 ${overdue ? "font-semibold text-red-600" : "text-slate-600"}`} title={due}>
          {overdue ? <span className="sr-only">Overdue · </span> : null}
          {formatDay(task.dueDate)}
        </span>
        <span className="sr-only sm:not-sr-only sm:w-16 sm:shrink-0">
          <PriorityBadge priority={task.priority} />
        </span>
        {actions ? <span className="hidden shrink-0 sm:block">{actions}</span> : null}
      </li>
    );
  }
  return (
    <li className={`flex items-start gap-3 px-3 py-3 sm:px-4 ${rowState(selected, current)}`} {...rowProps}>
      {showComplete && (
        <Tooltip content={done ? "Reopen task" : "Mark complete"}>
          <input
            type="checkbox"
            className="mt-1 size-5 shrink-0 rounded border-slate-300 text-indigo-600 disabled:opacity-40"
            aria-label={`${done ? "Reopen" : "Complete"} task #${task.displayNumber}`}
            checked={done}
            disabled={!task.permissions.canEdit || completion.pending}
            onChange={() => void completion.toggle()}
          />
        </Tooltip>
      )}
      {showComplete && completion.dialog}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <span className="text-xs font-medium text-slate-500">#{task.displayNumber}</span>
          <RowLink href={`/tasks/${task.id}`} className={`font-medium hover:text-indigo-700 hover:underline ${done ? "text-slate-500 line-through" : "text-slate-900"}`}>
            {task.title}
            {selectedText}
          </RowLink>
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
