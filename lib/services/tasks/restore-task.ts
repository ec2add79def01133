import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { conflict, notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { isUuid } from "@/lib/validations/tasks";
import { getTask, TASK_NOT_FOUND } from "./get-task";
import { visibleSubtree } from "./task-access";
import { visibleTaskWhere } from "@/lib/services/visibility/tasks";
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
    where: { id, deletedAt: { not: null }, ...visibleTaskWhere(caller, { includeDeleted: true }) },
    select: { id: true, deletedAt: true, displayNumber: true, title: true, parentTask: { select: { deletedAt: true, displayNumber: true } } },
  });
  if (!task?.deletedAt) throw notFound(TASK_NOT_FOUND);
  if (task.parentTask?.deletedAt) throw conflict(RESTORE_PARENT_FIRST, { parentDisplayNumber: task.parentTask.displayNumber });

  await db.$transaction(async (tx) => {
    // Mirrors the delete: what went with the task (same stamp) and the caller can see, never through a hidden task.
    const ids = await visibleSubtree(tx, id, { AND: [visibleTaskWhere(caller, { includeDeleted: true }), { deletedAt: task.deletedAt }] });
    await tx.task.updateMany({ where: { id: { in: ids }, deletedAt: task.deletedAt }, data: { deletedAt: null, deletedById: null } });
    const rows = ids.map((x) => ({ id: x }));
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
