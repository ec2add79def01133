import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { conflict, notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { isUuid } from "@/lib/validations/tasks";
import { getTask, TASK_NOT_FOUND } from "./get-task";
import type { TaskDto } from "./task-shape";

export const RESTORE_PARENT_FIRST = "Restore the parent task first";

/**
 * Admins only (the route enforces the role). Brings back the task and the sub-tasks deleted
 * together with it (same deletedAt stamp); sub-tasks deleted earlier on their own stay deleted.
 * A sub-task whose parent is still deleted cannot come back alone (409).
 */
export async function restoreTask(caller: Caller, id: string): Promise<TaskDto> {
  if (!isUuid(id)) throw notFound(TASK_NOT_FOUND);
  const task = await db.task.findFirst({
    where: { id, deletedAt: { not: null } },
    select: { id: true, deletedAt: true, displayNumber: true, title: true, parentTask: { select: { deletedAt: true, displayNumber: true } } },
  });
  if (!task?.deletedAt) throw notFound(TASK_NOT_FOUND);
  if (task.parentTask?.deletedAt) throw conflict(RESTORE_PARENT_FIRST, { parentDisplayNumber: task.parentTask.displayNumber });

  await db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>(Prisma.sql`
      WITH RECURSIVE tree(id) AS (
        SELECT id FROM tasks WHERE id = ${id}::uuid AND deleted_at IS NOT NULL
        UNION
        SELECT t.id FROM tasks t JOIN tree ON t.parent_task_id = tree.id WHERE t.deleted_at = ${task.deletedAt}
      )
      UPDATE tasks SET deleted_at = NULL, deleted_by_id = NULL, updated_at = now()
      WHERE id IN (SELECT id FROM tree)
      RETURNING id::text AS id`);
    if (rows.length === 0) throw notFound(TASK_NOT_FOUND);
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "task.restore",
      entityType: "task",
      entityId: id,
      before: { deletedAt: task.deletedAt },
      after: { deletedAt: null },
      metadata: { displayNumber: task.displayNumber, title: task.title, subTaskIds: rows.map((r) => r.id).filter((x) => x !== id) },
    });
  });
  return getTask(caller, id);
}
