import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { forbidden, notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { canDeleteTask } from "@/lib/tasks/permissions";
import { isUuid } from "@/lib/validations/tasks";
import { TASK_NOT_FOUND } from "./get-task";
import { loadViewer, visibleSubtree } from "./task-access";
import { visibleTaskWhere } from "@/lib/services/visibility/tasks";
import { closeTaskClocks } from "@/lib/services/punch/close-task-clocks";

/**
 * Soft delete: the task and every sub-task below it that is not already deleted and that the
 * caller can see get the same deletedAt/deletedBy stamp (so a restore can bring back exactly
 * what went with it). A sub-task the caller cannot see (someone else's private task) and
 * everything below it stay as they are (a delete never touches rows the caller
 * can't see; docs/tasks.md). Every task clock still running on a deleted task closes in the same
 * transaction (whoever's it is: nobody can work on a deleted task); nothing else is touched:
 * checklist, team, recorded time and audit rows stay as they were.
 */
export async function deleteTask(caller: Caller, id: string): Promise<{ ok: true; deletedIds: string[] }> {
  if (!isUuid(id)) throw notFound(TASK_NOT_FOUND);
  const [viewer, task] = await Promise.all([
    loadViewer(db, caller),
    db.task.findFirst({
      where: { id, ...visibleTaskWhere(caller) },
      select: {
        id: true, displayNumber: true, title: true, createdById: true, assigneeId: true, vendorId: true, organizationalUnitId: true,
        isPrivate: true, availableForPickup: true, status: true, deletedAt: true, assignments: { select: { userId: true } },
      },
    }),
  ]);
  if (!task) throw notFound(TASK_NOT_FOUND);
  if (!canDeleteTask(viewer, { ...task, teamUserIds: task.assignments.map((a) => a.userId) })) throw forbidden("You may not delete this task");

  const deletedAt = new Date();
  const deletedIds = await db.$transaction(async (tx) => {
    const ids = await visibleSubtree(tx, id, visibleTaskWhere(caller));
    const updated = await tx.task.updateMany({
      where: { id: { in: ids }, deletedAt: null },
      data: { deletedAt, deletedById: caller.userId },
    });
    if (updated.count === 0) throw notFound(TASK_NOT_FOUND);
    await closeTaskClocks(tx, { taskIds: ids, actorId: caller.userId, cause: "task-deleted" });
    const rows = ids.map((x) => ({ id: x }));
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "task.delete",
      entityType: "task",
      entityId: id,
      before: { deletedAt: null },
      after: { deletedAt },
      metadata: { displayNumber: task.displayNumber, title: task.title, subTaskIds: rows.map((r) => r.id).filter((x) => x !== id) },
    });
    return rows.map((r) => r.id);
  });
  return { ok: true, deletedIds };
}
