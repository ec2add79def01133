import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { forbidden, notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { canEditTask } from "@/lib/tasks/permissions";
import { isUuid } from "@/lib/validations/tasks";
import { TASK_NOT_FOUND } from "./get-task";
import { loadViewer } from "./task-access";
import { visibleTaskWhere } from "./visibility";

export const ITEM_NOT_FOUND = "Checklist item not found";

/** Ticks, unticks or renames one checklist item (the task detail page's checklist). */
export async function updateChecklistItem(caller: Caller, taskId: string, itemId: string, patch: { isCompleted?: boolean; title?: string }) {
  if (!isUuid(taskId)) throw notFound(TASK_NOT_FOUND);
  if (!isUuid(itemId)) throw notFound(ITEM_NOT_FOUND);
  const [viewer, task] = await Promise.all([
    loadViewer(db, caller),
    db.task.findFirst({
      where: { id: taskId, ...visibleTaskWhere(caller) },
      select: {
        id: true, createdById: true, assigneeId: true, vendorId: true, organizationalUnitId: true, isPrivate: true,
        availableForPickup: true, status: true, deletedAt: true, assignments: { select: { userId: true } },
        checklistItems: { where: { id: itemId }, select: { id: true, title: true, isCompleted: true } },
      },
    }),
  ]);
  if (!task) throw notFound(TASK_NOT_FOUND);
  const item = task.checklistItems[0];
  if (!item) throw notFound(ITEM_NOT_FOUND);
  if (!canEditTask(viewer, { ...task, teamUserIds: task.assignments.map((a) => a.userId) })) throw forbidden("You may not change this task");

  return db.$transaction(async (tx) => {
    const updated = await tx.checklistItem.update({
      where: { id: itemId },
      data: {
        ...(patch.title !== undefined && { title: patch.title }),
        ...(patch.isCompleted !== undefined &&
          patch.isCompleted !== item.isCompleted &&
          (patch.isCompleted
            ? { isCompleted: true, completedAt: new Date(), completedById: caller.userId }
            : { isCompleted: false, completedAt: null, completedById: null })),
      },
      select: { id: true, title: true, position: true, isCompleted: true, completedAt: true },
    });
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "task.checklist",
      entityType: "task",
      entityId: taskId,
      before: { title: item.title, isCompleted: item.isCompleted },
      after: { title: updated.title, isCompleted: updated.isCompleted },
      metadata: { itemId },
    });
    return updated;
  });
}
