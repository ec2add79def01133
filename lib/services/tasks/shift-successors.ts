import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import type { Db } from "@/lib/db";
import { canEditTask, type Viewer } from "@/lib/tasks/permissions";
import { lockDependencyGraph } from "./task-dependencies";
import { visibleTaskWhere } from "./visibility";

/** No chain is longer than this (the walk stops there; a cycle cannot exist, but be safe). */
const MAX_DEPTH = 200;

/**
 * The Gantt chart's "shift successors" (docs/gantt.md): after `taskId`'s due date moved by
 * `deltaMs`, the tasks that wait for it — directly or down the chain — move by the same amount
 * (start and due date), inside the caller's transaction `tx`. The walk goes only through tasks
 * the caller can see and edit: a task they may not edit stays where it is, and so does what
 * waits only behind it (the chart then shows the conflict). Takes the dependency graph's lock
 * so the chain cannot change under the walk. One UPDATE and one batch of audit rows
 * (`task.update` with the dates before and after, `metadata.shiftedWith` = the moved task).
 * Returns the ids moved.
 */
export async function shiftSuccessors(tx: Db, caller: Caller, viewer: Viewer, taskId: string, deltaMs: number): Promise<string[]> {
  if (deltaMs === 0) return [];
  await lockDependencyGraph(tx);
  const moved = new Map<string, { startDate: Date | null; dueDate: Date }>();
  let frontier = [taskId];
  for (let depth = 0; depth < MAX_DEPTH && frontier.length > 0; depth += 1) {
    const next = await tx.task.findMany({
      where: { AND: [visibleTaskWhere(caller), { dependencies: { some: { dependsOnTaskId: { in: frontier } } } }, { id: { notIn: [taskId, ...moved.keys()] } }] },
      select: {
        id: true, startDate: true, dueDate: true, createdById: true, assigneeId: true, vendorId: true, organizationalUnitId: true,
        isPrivate: true, availableForPickup: true, status: true, deletedAt: true, assignments: { select: { userId: true } },
      },
    });
    const editable = next.filter((t) => canEditTask(viewer, { ...t, teamUserIds: t.assignments.map((a) => a.userId) }));
    for (const t of editable) moved.set(t.id, { startDate: t.startDate, dueDate: t.dueDate });
    frontier = editable.map((t) => t.id);
  }
  if (moved.size === 0) return [];
  const ids = [...moved.keys()];
  const interval = `${deltaMs} milliseconds`;
  await tx.$executeRaw`
    UPDATE tasks SET due_date = due_date + ${interval}::interval, start_date = start_date + ${interval}::interval, updated_at = now()
    WHERE id = ANY(${ids}::uuid[]) AND deleted_at IS NULL`;
  const shift = (d: Date) => new Date(d.getTime() + deltaMs);
  await tx.auditLog.createMany({
    data: ids.map((id) => {
      const was = moved.get(id)!;
      return {
        actorId: caller.userId,
        action: "task.update",
        entityType: "task",
        entityId: id,
        before: { dueDate: was.dueDate.toISOString(), ...(was.startDate && { startDate: was.startDate.toISOString() }) },
        after: { dueDate: shift(was.dueDate).toISOString(), ...(was.startDate && { startDate: shift(was.startDate).toISOString() }) },
        metadata: { shiftedWith: taskId },
      };
    }),
  });
  return ids;
}
