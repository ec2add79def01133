import "server-only";
import type { z } from "zod";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { forbidden, notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { withReplay } from "@/lib/services/offline/with-replay";
import { canEditTask } from "@/lib/tasks/permissions";
import { isUuid, type checklistItemSchema } from "@/lib/validations/tasks";
import { TASK_NOT_FOUND } from "./get-task";
import { loadViewer } from "./task-access";
import { visibleTaskWhere } from "@/lib/services/visibility/tasks";

export const ITEM_NOT_FOUND = "Checklist item not found";

type ItemPatch = { isCompleted?: boolean; title?: string; clientUuid?: string; deviceTime?: Date };

/**
 * Ticks, unticks or renames one checklist item (the task detail page's checklist). With
 * `clientUuid` + `deviceTime` it is a tick made on a phone without a signal, replayed from its
 * queue through the replay ledger (withReplay): ticked at the device time, and a retry of the
 * same uuid answers the first answer without writing again.
 */
export async function updateChecklistItem(caller: Caller, taskId: string, itemId: string, patch: ItemPatch) {
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

  /** The one write, now or replayed: ticked `at` (the device's time for a replay). */
  const write = async (tx: Prisma.TransactionClient, at: Date, offline?: { clientUuid: string; deviceTime: Date }) => {
    const updated = await tx.checklistItem.update({
      where: { id: itemId },
      data: {
        ...(patch.title !== undefined && { title: patch.title }),
        ...(patch.isCompleted !== undefined &&
          patch.isCompleted !== item.isCompleted &&
          (patch.isCompleted
            ? { isCompleted: true, completedAt: at, completedById: caller.userId }
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
      metadata: { itemId, ...(offline && { offline: true, ...offline }) },
    });
    return updated;
  };

  if (!patch.clientUuid || !patch.deviceTime) return db.$transaction((tx) => write(tx, new Date()));
  const offline = { clientUuid: patch.clientUuid, deviceTime: patch.deviceTime };
  const answer = await withReplay({ kind: "checklist-tick", ...offline, userId: caller.userId }, async (tx, { deviceTime }) => ({ status: 200, body: await write(tx, deviceTime, offline), outcome: "recorded" }), {
    what: "checklist tick",
  });
  // The stored answer is JSON: the item as the first request saw it saved.
  return answer.body as z.output<typeof checklistItemSchema>;
}
