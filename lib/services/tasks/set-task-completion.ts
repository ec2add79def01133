import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { forbidden, notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { recordWebhookEvent, requestWebhookDelivery, taskEventData } from "@/lib/services/webhooks/record-event";
import { canEditTask } from "@/lib/tasks/permissions";
import { isUuid } from "@/lib/validations/tasks";
import { getTask, TASK_NOT_FOUND } from "./get-task";
import { loadViewer } from "./task-access";
import { visibleTaskWhere } from "@/lib/services/visibility/tasks";
import type { TaskDto } from "./task-shape";
import { requestAlertEvaluation } from "@/lib/services/alerts/request-evaluation";
import { assertChecklistDone, lockTaskRow } from "./required-checklist";
import { closeTaskClocks } from "@/lib/services/punch/close-task-clocks";
import type { ActiveTask } from "@/lib/services/punch/active-task";

/** The completion's answer: the task, and the caller's task clock on it that the completion stopped (null when none ran). */
export type TaskCompletionResult = TaskDto & { clockedOutOfTask: ActiveTask | null };

/**
 * The dashboard's quick complete, and reopen. Anyone who may edit the task may do it.
 * Repeating it is harmless: completing a completed task changes nothing and writes no audit row.
 * Completing stops the caller's own task clock on this task in the same transaction (a timer
 * follows the work); anyone else's clock on it keeps running, and their punch status says the
 * task was completed (docs/punch.md).
 * A required checklist with unticked items refuses the completion (409, the open items listed).
 */
export async function setTaskCompletion(caller: Caller, id: string, completed: true): Promise<TaskCompletionResult>;
export async function setTaskCompletion(caller: Caller, id: string, completed: false): Promise<TaskDto>;
export async function setTaskCompletion(caller: Caller, id: string, completed: boolean): Promise<TaskDto | TaskCompletionResult> {
  if (!isUuid(id)) throw notFound(TASK_NOT_FOUND);
  const [viewer, task] = await Promise.all([
    loadViewer(db, caller),
    db.task.findFirst({
      where: { id, ...visibleTaskWhere(caller) },
      select: {
        id: true, createdById: true, assigneeId: true, vendorId: true, organizationalUnitId: true, isPrivate: true,
        availableForPickup: true, status: true, deletedAt: true, displayNumber: true, assignments: { select: { userId: true } },
      },
    }),
  ]);
  if (!task) throw notFound(TASK_NOT_FOUND);
  if (!canEditTask(viewer, { ...task, teamUserIds: task.assignments.map((a) => a.userId) })) throw forbidden("You may not change this task");

  const stopped = await db.$transaction(async (tx) => {
    if (completed && task.status !== "completed") {
      await lockTaskRow(tx, id);
      await assertChecklistDone(tx, id);
    }
    const { count } = await tx.task.updateMany({
      where: completed ? { id, deletedAt: null, status: { not: "completed" } } : { id, deletedAt: null, status: "completed" },
      data: completed
        ? { status: "completed", completedAt: new Date(), completedById: caller.userId }
        : { status: "open", completedAt: null, completedById: null },
    });
    if (count > 0) {
      await recordAudit(tx, {
        actorId: caller.userId,
        action: completed ? "task.complete" : "task.reopen",
        entityType: "task",
        entityId: id,
        before: { status: task.status },
        after: { status: completed ? "completed" : "open" },
        metadata: { displayNumber: task.displayNumber },
      });
      await recordWebhookEvent(tx, completed ? "task.completed" : "task.updated", () => taskEventData(tx, id));
    }
    if (!completed) return [];
    return closeTaskClocks(tx, { taskIds: [id], userIds: [caller.userId], actorId: caller.userId, cause: "task-completed" });
  });
  requestAlertEvaluation("task-completion");
  requestWebhookDelivery();
  const dto = await getTask(caller, id);
  if (!completed) return dto;
  return { ...dto, clockedOutOfTask: stopped.length > 0 ? { id: dto.id, displayNumber: dto.displayNumber, title: dto.title } : null };
}
