import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { badRequest, conflict, forbidden, notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { isUuid } from "@/lib/validations/tasks";
import { getTask, TASK_NOT_FOUND } from "./get-task";
import { loadViewer, pickupWhere } from "./task-access";
import { visibleTaskWhere } from "@/lib/services/visibility/tasks";
import type { TaskDto } from "./task-shape";
import { requestAlertEvaluation } from "@/lib/services/alerts/request-evaluation";

export const ALREADY_ASSIGNED = "Task already assigned";
export const NOT_A_UNIT_MEMBER = "Only members of the task's department can claim it";
export const NOT_FOR_PICKUP = "Task is not available for pickup";

/**
 * Claims a pickup task for the caller (spec §6): members of the task's department only.
 * The write is one conditional UPDATE (still unassigned and open for pickup), so of two
 * simultaneous claims exactly one changes the row; the other gets 409 "Task already assigned".
 */
export async function claimTask(caller: Caller, id: string): Promise<TaskDto> {
  if (!isUuid(id)) throw notFound(TASK_NOT_FOUND);
  const [viewer, task] = await Promise.all([
    loadViewer(db, caller),
    db.task.findFirst({
      where: { id, ...visibleTaskWhere(caller) },
      select: { id: true, organizationalUnitId: true, assigneeId: true, vendorId: true, availableForPickup: true, status: true, displayNumber: true },
    }),
  ]);
  if (!task) throw notFound(TASK_NOT_FOUND);
  if (!viewer.unitIds.includes(task.organizationalUnitId)) throw forbidden(NOT_A_UNIT_MEMBER);
  if (task.assigneeId || task.vendorId) throw conflict(ALREADY_ASSIGNED);
  if (!task.availableForPickup || task.status === "completed" || task.status === "cancelled") throw badRequest(NOT_FOR_PICKUP);

  await db.$transaction(async (tx) => {
    const { count } = await tx.task.updateMany({
      where: { id, ...visibleTaskWhere(caller), ...pickupWhere(viewer.unitIds) },
      data: { assigneeId: caller.userId, assigneeType: "user", vendorId: null, availableForPickup: false },
    });
    if (count === 0) throw conflict(ALREADY_ASSIGNED);
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "task.claim",
      entityType: "task",
      entityId: id,
      before: { assigneeId: null, availableForPickup: true },
      after: { assigneeId: caller.userId, availableForPickup: false },
      metadata: { displayNumber: task.displayNumber },
    });
  });
  requestAlertEvaluation("task-claim");
  return getTask(caller, id);
}
