import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import type { Db } from "@/lib/db";
import { businessDayPredicate } from "@/lib/dates/business-days";
import { businessDelta, shiftByBusinessDays } from "@/lib/gantt/business-shift";
import { canEditTask, type Viewer } from "@/lib/tasks/permissions";
import { lockDependencyGraph } from "./task-dependencies";
import { visibleTaskWhere } from "@/lib/services/visibility/tasks";

/** No chain is longer than this (the walk stops there; a cycle cannot exist, but be safe). */
const MAX_DEPTH = 200;

type TaskDates = { startDate: string | null; dueDate: string };
/** A task the shift moved, with its dates before and after (the chart's Undo sends `before` back). */
export type ShiftedTask = { id: string; before: TaskDates; after: TaskDates };

/**
 * The Gantt chart's "shift successors" (docs/gantt.md): after `taskId`'s due date moved from
 * `move.beforeDue` to `move.afterDue`, the tasks that wait for it — directly or down the chain —
 * move inside the caller's transaction `tx`. On business days (the default) each moves by as
 * many business days as the due date did (weekends and the organization's holidays skipped,
 * lib/gantt/business-shift.ts): its start lands on a business day and its due date keeps the
 * task's length in business days. With `calendarDays` (the member held Alt) each moves by the
 * same time exactly. The walk goes only through tasks the caller can see and edit: a task they
 * may not edit stays where it is, and so does what waits only behind it (the chart then shows
 * the conflict). Takes the dependency graph's lock so the chain cannot change under the walk.
 * One UPDATE and one batch of audit rows (`task.update` with the dates before and after,
 * `metadata.shiftedWith` = the moved task). Returns the tasks moved.
 */
export async function shiftSuccessors(
  tx: Db,
  caller: Caller,
  viewer: Viewer,
  taskId: string,
  move: { beforeDue: Date; afterDue: Date; calendarDays: boolean },
): Promise<ShiftedTask[]> {
  const deltaMs = move.afterDue.getTime() - move.beforeDue.getTime();
  if (deltaMs === 0) return [];
  const isBusinessDay = businessDayPredicate();
  const businessDays = move.calendarDays ? 0 : businessDelta(move.beforeDue.toISOString(), move.afterDue.toISOString(), isBusinessDay);
  if (!move.calendarDays && businessDays === 0) return [];
  await lockDependencyGraph(tx);
  const found = new Map<string, { startDate: Date | null; dueDate: Date }>();
  let frontier = [taskId];
  for (let depth = 0; depth < MAX_DEPTH && frontier.length > 0; depth += 1) {
    const next = await tx.task.findMany({
      where: { AND: [visibleTaskWhere(caller), { dependencies: { some: { dependsOnTaskId: { in: frontier } } } }, { id: { notIn: [taskId, ...found.keys()] } }] },
      select: {
        id: true, startDate: true, dueDate: true, createdById: true, assigneeId: true, vendorId: true, organizationalUnitId: true,
        isPrivate: true, availableForPickup: true, status: true, deletedAt: true, assignments: { select: { userId: true } },
      },
    });
    const editable = next.filter((t) => canEditTask(viewer, { ...t, teamUserIds: t.assignments.map((a) => a.userId) }));
    for (const t of editable) found.set(t.id, { startDate: t.startDate, dueDate: t.dueDate });
    frontier = editable.map((t) => t.id);
  }
  if (found.size === 0) return [];

  const shifted: ShiftedTask[] = [...found.entries()].map(([id, was]) => {
    const before = { startDate: was.startDate?.toISOString() ?? null, dueDate: was.dueDate.toISOString() };
    const after = move.calendarDays
      ? { startDate: was.startDate ? new Date(was.startDate.getTime() + deltaMs).toISOString() : null, dueDate: new Date(was.dueDate.getTime() + deltaMs).toISOString() }
      : shiftByBusinessDays(before, businessDays, isBusinessDay);
    return { id, before, after };
  });
  const ids = shifted.map((s) => s.id);
  const starts = shifted.map((s) => s.after.startDate);
  const dues = shifted.map((s) => s.after.dueDate);
  await tx.$executeRaw`
    UPDATE tasks t SET start_date = v.start_date, due_date = v.due_date, updated_at = now()
    FROM unnest(${ids}::uuid[], ${starts}::timestamptz[], ${dues}::timestamptz[]) AS v(id, start_date, due_date)
    WHERE t.id = v.id AND t.deleted_at IS NULL`;
  await tx.auditLog.createMany({
    data: shifted.map(({ id, before, after }) => ({
      actorId: caller.userId,
      action: "task.update",
      entityType: "task",
      entityId: id,
      before: { dueDate: before.dueDate, ...(before.startDate && { startDate: before.startDate }) },
      after: { dueDate: after.dueDate, ...(after.startDate && { startDate: after.startDate }) },
      metadata: { shiftedWith: taskId },
    })),
  });
  return shifted;
}
