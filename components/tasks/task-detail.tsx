"use client";

import { OccurrenceLine, SeriesOccurrences } from "@/components/recurrence/series-parts";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { TaskClockButton } from "@/components/punch/task-clock-button";
import { ariaKeyShortcuts, useShortcut, withKeyHint } from "@/components/shell/shortcuts";
import { Tooltip } from "@/components/ui/tooltip";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { toast, toastError } from "@/components/ui/use-toast";
import { getFriendlyError } from "@/lib/api-client";
import { PATTERN_LABELS, WEEKDAY_LABELS } from "@/lib/tasks/recurrence-options";
import { formatDateTime, formatDue } from "@/lib/dates";
import { describeDuration } from "@/lib/tasks/time-input";
import { useDeleteTask, useToggleChecklistItem } from "@/lib/queries/task-page";
import { useClaimTask, useTask } from "@/lib/queries/task-edits";
import type { Task } from "@/lib/queries/tasks";
import { useCompleteTask } from "./complete-task";
import { CreateTaskDialog } from "./create-task-dialog";
import { QueuedTickState, useOfflineTicks } from "./offline-ticks";
import { PROSE_CLASSES } from "./prose";
import { PriorityBadge, StatusBadge } from "./task-badges";
import { LazyTaskForm } from "./lazy-task-form";
import { TaskActivity } from "./task-activity";
import { QuickAddRow } from "./quick-add-row";
import { assigneeLabel } from "./task-row";
import { linkTaskNumbers } from "@/lib/tasks/link-task-numbers";
import { isFinishedStatus } from "@/lib/tasks/options";
import { formatTaskNumber } from "@/lib/tasks/numbers";
import { RowLink } from "@/components/ui/row-link";

/** /tasks/{id}: everything about one task, with edit (full-page form), delete, sub-tasks and the task clock. */
export function TaskDetail({ id, initial }: { id: string; initial?: { data: Task; readAt: number } }) {
  const task = useTask(id, initial);
  const [editing, setEditing] = useState(false);

  if (task.isError) {
    const friendly = getFriendlyError(task.error);
    return <EmptyState title={friendly.title} description={friendly.description} action={<Link href="/" className="text-sm font-medium text-indigo-600 hover:underline">Back to the task list</Link>} />;
  }
  if (!task.data) {
    return (
      <div className="flex justify-center py-16">
        <Spinner size="lg" />
      </div>
    );
  }
  const t = task.data;
  if (editing) {
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <h1 className="text-2xl font-semibold text-slate-900">Edit Task</h1>
        <div className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
          <LazyTaskForm task={t} onSaved={() => setEditing(false)} onCancel={() => setEditing(false)} />
        </div>
      </div>
    );
  }
  return <TaskView task={t} onEdit={() => setEditing(true)} />;
}

function TaskView({ task, onEdit }: { task: Task; onEdit: () => void }) {
  const router = useRouter();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [creatingSub, setCreatingSub] = useState(false);
  const remove = useDeleteTask();
  const completion = useCompleteTask(task);
  const claim = useClaimTask();
  const done = completion.done;
  const canComplete = task.permissions.canEdit && !task.isRecurring;
  // E and M press the buttons below (components/shell/shortcuts); the completion rules and the
  // required-checklist prompt are the button's own.
  useShortcut("task.edit", onEdit, { enabled: task.permissions.canEdit });
  useShortcut("task.complete", () => void completion.toggle(), { enabled: canComplete && !completion.pending });

  const onDelete = async () => {
    try {
      await remove.mutateAsync(task.id);
    } catch (error) {
      toastError(error);
      return;
    }
    toast({ title: "Task deleted", description: `${formatTaskNumber(task.displayNumber)} ${task.title}`.trim() });
    router.push("/");
  };

  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <div className="space-y-3">
        {task.parentTask && (
          <Link href={`/tasks/${task.parentTask.id}`} className="text-sm text-indigo-600 hover:underline">
            ← #{task.parentTask.displayNumber} {task.parentTask.title}
          </Link>
        )}
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 className="min-w-0 text-2xl font-semibold break-words text-slate-900">
            {task.displayNumber !== null && <span className="mr-2 text-slate-500">#{task.displayNumber}</span>}
            {task.title}
          </h1>
          <div role="group" aria-label="Task actions" className="flex flex-wrap gap-2">
            {task.permissions.canClaim && (
              <Button onClick={() => claim.mutate(task.id, { onSuccess: () => toast({ title: "Task claimed", description: "The task is now assigned to you." }), onError: (e) => toastError(e) })} isLoading={claim.isPending}>
                Claim
              </Button>
            )}
            {/* A recurring series is a template: its occurrences are completed, not the series. */}
            {canComplete && (
              <Tooltip content={withKeyHint(done ? "Reopen the task" : "Mark the task complete", "task.complete")}>
                <Button
                  variant={done ? "secondary" : "primary"}
                  isLoading={completion.pending}
                  onClick={() => void completion.toggle()}
                  aria-keyshortcuts={ariaKeyShortcuts("task.complete")}
                >
                  {done ? "Reopen" : "Mark Complete"}
                </Button>
              </Tooltip>
            )}
            {completion.dialog}
            {task.permissions.canEdit && (
              <Tooltip content={withKeyHint("Edit the task", "task.edit")}>
                <Button variant="secondary" onClick={onEdit} aria-keyshortcuts={ariaKeyShortcuts("task.edit")}>
                  Edit
                </Button>
              </Tooltip>
            )}
            <Button variant="secondary" onClick={() => setCreatingSub(true)}>
              Create Sub-task
            </Button>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <PriorityBadge priority={task.priority} />
          <StatusBadge status={task.status} />
          {task.isPrivate && <Badge variant="neutral">Private</Badge>}
          {task.availableForPickup && <Badge variant="accent">Available for pickup</Badge>}
        </div>
        <OccurrenceLine task={task} />
        {/* Time goes on a series' occurrences, never on the series itself (the API refuses it). */}
        {/* A finished task takes no more time (the API refuses it too): Reopen comes first. */}
        {task.isRecurring || isFinishedStatus(task.status) ? null : <TaskClockButton taskId={task.id} />}
      </div>
      {task.isRecurring && <SeriesOccurrences seriesId={task.id} />}

      <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
        <div className="space-y-5 lg:col-span-2">
          <Section title="Description">
            {task.description ? (
              // Sanitized on the server with an allow-list before it was stored; "#32" links to task 32.
              <div className={`${PROSE_CLASSES} text-sm text-slate-800`} dangerouslySetInnerHTML={{ __html: linkTaskNumbers(task.description) }} />
            ) : (
              <p className="text-sm text-slate-500">No description.</p>
            )}
          </Section>
          {task.hasChecklist && <Checklist task={task} />}
          <Section title={`Sub-tasks (${task.subTasks?.length ?? 0})`} action={<button type="button" className="text-sm font-medium text-indigo-600 hover:underline" onClick={() => setCreatingSub(true)}>Add</button>}>
            <div className="mb-3">
              <QuickAddRow parent={task} />
            </div>
            {task.subTasks?.length ? (
              <ul className="divide-y divide-slate-100">
                {task.subTasks.map((s) => (
                  <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                    <RowLink href={`/tasks/${s.id}`} className="font-medium text-slate-900 hover:text-indigo-700 hover:underline">
                      <span className="mr-1.5 text-slate-500">#{s.displayNumber}</span>
                      {s.title}
                    </RowLink>
                    <span className="flex min-w-0 flex-wrap items-center gap-2 text-xs text-slate-600">
                      <StatusBadge status={s.status} />
                      {s.assigneeName ?? "Unassigned"} · {formatDue(s.dueDate)}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-500">No sub-tasks.</p>
            )}
          </Section>
          <Section title="Activity">
            <TaskActivity taskId={task.id} />
          </Section>
        </div>
        <div className="space-y-5">
          <Section title="Details">
            <dl className="space-y-2 text-sm">
              <Row label="Department">{task.department?.name}</Row>
              <Row label="Assignee">{assigneeLabel({ assignee: task.assignee, assignments: [] })}</Row>
              <Row label="Project">{task.project?.name ?? "—"}</Row>
              <Row label="Due">{formatDue(task.dueDate)}</Row>
              <Row label="Start">{task.startDate ? formatDateTime(task.startDate) : "—"}</Row>
              <Row label="Estimate">{task.estimatedHours === null ? "—" : describeDuration(task.estimatedHours)}</Row>
              <Row label="Recurrence">{recurrenceSummary(task)}</Row>
              <Row label="Created">
                {task.createdBy.firstName} {task.createdBy.lastName}, {formatDateTime(task.createdAt)}
              </Row>
              {task.completedAt && (
                <Row label="Completed">
                  {task.completedBy ? `${task.completedBy.firstName} ${task.completedBy.lastName}, ` : ""}
                  {formatDateTime(task.completedAt)}
                </Row>
              )}
            </dl>
          </Section>
          <Section title="Team">
            {task.assignments.length ? (
              <ul className="space-y-1 text-sm">
                {task.assignments.map((a) => (
                  <li key={a.userId} className="flex items-center justify-between">
                    <span>
                      {a.firstName} {a.lastName}
                    </span>
                    {a.isLead && <span className="rounded bg-indigo-50 px-1.5 py-0.5 text-xs font-medium text-indigo-700">Lead</span>}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-500">No team members.</p>
            )}
          </Section>
          {/* Away from Mark Complete and quiet: deleting is rare, and one slip beside the day's most
              pressed button must not reach the confirmation (which still asks). */}
          {task.permissions.canDelete && (
            <div className="flex justify-end">
              <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={() => setConfirmDelete(true)}>
                Delete task
              </Button>
            </div>
          )}
        </div>
      </div>

      <ConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title="Delete this task?"
        description={`${`${formatTaskNumber(task.displayNumber)} ${task.title}`.trim()}${task.subTasks?.length ? " and its sub-tasks" : ""} will be moved to Deleted Tasks; an administrator can restore it.`}
        confirmLabel="Delete Task"
        pending={remove.isPending}
        onConfirm={onDelete}
      />
      <CreateTaskDialog open={creatingSub} onClose={() => setCreatingSub(false)} parentTaskId={task.id} />
    </div>
  );
}

function Checklist({ task }: { task: Task }) {
  const toggle = useToggleChecklistItem(task.id);
  // The boxes just ticked, shown at once: the cache's optimistic update lands a tick later, and a
  // controlled checkbox would snap back in between (on a busy phone, visibly).
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const offline = useOfflineTicks(task.id);
  const isDone = (item: Task["checklist"][number]) => ticked[item.id] ?? offline.queuedValue(item.id) ?? item.isCompleted;
  const done = task.checklist.filter(isDone).length;
  const onToggle = (itemId: string, isCompleted: boolean) => {
    setTicked((t) => ({ ...t, [itemId]: isCompleted }));
    toggle.mutate(
      { itemId, isCompleted },
      { onSuccess: (result) => offline.remember(itemId, result), onError: (err) => toastError(err), onSettled: () => setTicked({}) },
    );
  };
  return (
    <Section title={`Checklist (${done}/${task.checklist.length})`}>
      {task.checklist.length === 0 ? (
        <p className="text-sm text-slate-500">No items.</p>
      ) : (
        <ul className="space-y-0.5">
          {task.checklist.map((item) => (
            <li key={item.id}>
              <label className="flex min-h-8 cursor-pointer items-start gap-2.5 rounded-md py-1 text-sm">
                <input
                  type="checkbox"
                  className="size-5 shrink-0 rounded border-slate-300 text-indigo-600"
                  checked={isDone(item)}
                  disabled={!task.permissions.canEdit}
                  onChange={(e) => onToggle(item.id, e.target.checked)}
                />
                <span className={isDone(item) ? "text-slate-500 line-through" : "text-slate-800"}>{item.title}</span>
              </label>
              {offline.writeId(item.id) ? <QueuedTickState id={offline.writeId(item.id)!} /> : null}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function recurrenceSummary(task: Task): string {
  if (!task.isRecurring || !task.recurringPattern) return "Does not repeat";
  const every = task.recurringInterval > 1 ? `Every ${task.recurringInterval} ` : "";
  const unit = { daily: "days", weekly: "weeks", monthly: "months", annual: "years" }[task.recurringPattern];
  let text = every ? `${every}${unit}` : PATTERN_LABELS[task.recurringPattern];
  if (task.recurringPattern === "weekly" && task.recurringDaysOfWeek.length) text += ` on ${task.recurringDaysOfWeek.map((d) => WEEKDAY_LABELS[d]).join(", ")}`;
  if (task.recurringEndType === "after" && task.recurringMaxCount) text += `, ${task.recurringMaxCount} times`;
  if (task.recurringEndType === "on" && task.recurringEndDate) text += `, until ${formatDue(task.recurringEndDate)}`;
  return text;
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="mb-3 flex items-center justify-between">
        <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <dt className="w-24 shrink-0 text-slate-500">{label}</dt>
      <dd className="min-w-0 text-slate-900">{children}</dd>
    </div>
  );
}
