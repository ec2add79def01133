import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { forbidden, notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { canDeleteTask } from "@/lib/tasks/permissions";
import { isUuid } from "@/lib/validations/tasks";
import { TASK_NOT_FOUND } from "./get-task";
import { loadViewer, visibleTaskWhere } from "./task-access";

/**
 * Soft delete: the task and every sub-task below it that is not already deleted get the same
 * deletedAt/deletedBy stamp (so a restore can bring back exactly what went with it). Nothing
 * else is touched: checklist, team, time entries and audit rows stay as they were.
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
    const rows = await tx.$queryRaw<{ id: string }[]>(Prisma.sql`
      WITH RECURSIVE tree(id) AS (
        SELECT id FROM tasks WHERE id = ${id}::uuid AND deleted_at IS NULL
        UNION
        SELECT t.id FROM tasks t JOIN tree ON t.parent_task_id = tree.id WHERE t.deleted_at IS NULL
      )
      UPDATE tasks SET deleted_at = ${deletedAt}, deleted_by_id = ${caller.userId}::uuid, updated_at = now()
      WHERE id IN (SELECT id FROM tree)
      RETURNING id::text AS id`);
    if (rows.length === 0) throw notFound(TASK_NOT_FOUND);
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
