import "server-only";
import { can } from "@/lib/auth/permissions";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { badRequest, forbidden, notFound } from "@/lib/http/app-error";
import { changedFields, recordAudit } from "@/lib/services/audit/record-audit";
import { recordWebhookEvent, requestWebhookDelivery, taskEventData } from "@/lib/services/webhooks/record-event";
import { canEditTask } from "@/lib/tasks/permissions";
import { isUuid, LEAD_NOT_IN_TEAM, type UpdateTaskInput } from "@/lib/validations/tasks";
import { afterSeriesSaved, changesSeriesRule } from "@/lib/services/recurrence/after-series-saved";
import { assertCalendarKnown } from "@/lib/services/recurrence/preview-rule";
import { assertParentAllowed, lockTaskTree } from "./assert-parent-allowed";
import { getTask, TASK_NOT_FOUND } from "./get-task";
import { nextTaskDisplayNumber } from "./next-display-number";
import { assertReferencesExist, normalizeAssignee, type ResolvedAssignee } from "./resolve-references";
import { taskColumns } from "./task-columns";
import { syncChecklist } from "./sync-checklist";
import { shiftSuccessors, type ShiftedTask } from "./shift-successors";
import { loadViewer } from "./task-access";
import { visibleTaskWhere } from "@/lib/services/visibility/tasks";
import { snapshotSelect, toSnapshot } from "./task-snapshot";
import type { TaskDto } from "./task-shape";
import { requestAlertEvaluation, requestAlertMail } from "@/lib/services/alerts/request-evaluation";
import { notifyAssigned } from "@/lib/services/notifications/notify";
import { closeTaskClocks } from "@/lib/services/punch/close-task-clocks";
import { assertChecklistDone, lockTaskRow } from "./required-checklist";

export const PRIVACY_CREATOR_ONLY = "Only the creator can change whether a task is private";

/**
 * PATCH semantics: only the fields present change. The team is replaced when assigneeIds or
 * leadAssigneeId is sent, the checklist when checklistItems is sent (ticks kept for items
 * whose text stays) or cleared when hasChecklist is false. One audit row keeps the changed
 * fields before and after. Timers follow the work, in the same transaction: setting the status to
 * completed stops the caller's own clock on the task, and the people taken off the task (the
 * assignee or team members removed) have their clock on it stopped.
 */
export async function updateTask(caller: Caller, id: string, input: UpdateTaskInput): Promise<TaskDto & { shiftedTaskIds?: string[]; shiftedTasks?: ShiftedTask[] }> {
  if (!isUuid(id)) throw notFound(TASK_NOT_FOUND);
  const [viewer, current] = await Promise.all([
    loadViewer(db, caller),
    db.task.findFirst({
      where: { id, ...visibleTaskWhere(caller) },
      select: { ...snapshotSelect, id: true, displayNumber: true, createdById: true, deletedAt: true, completedAt: true },
    }),
  ]);
  if (!current) throw notFound(TASK_NOT_FOUND);
  const teamUserIds = current.assignments.map((a) => a.userId);
  if (!canEditTask(viewer, { ...current, teamUserIds })) throw forbidden("You may not edit this task");
  if (input.isPrivate !== undefined && input.isPrivate !== current.isPrivate && !can(caller, "tasks.privacy.any") && current.createdById !== caller.userId) {
    throw forbidden(PRIVACY_CREATOR_ONLY);
  }

  const touchesAssignee = input.assigneeId !== undefined || input.vendorId !== undefined || input.assigneeType !== undefined;
  const assignee: ResolvedAssignee | undefined = touchesAssignee ? normalizeAssignee(input) : undefined;

  const touchesTeam = input.assigneeIds !== undefined || input.leadAssigneeId !== undefined;
  const team = input.assigneeIds ?? teamUserIds;
  const currentLead = current.assignments.find((a) => a.isLead)?.userId ?? null;
  const lead = input.leadAssigneeId !== undefined ? input.leadAssigneeId : currentLead && team.includes(currentLead) ? currentLead : null;
  if (lead && !team.includes(lead)) throw badRequest(LEAD_NOT_IN_TEAM, { field: "leadAssigneeId" });

  await assertReferencesExist(db, {
    unitId: input.department,
    projectId: input.projectId,
    assignee,
    teamUserIds: input.assigneeIds,
  });

  assertCalendarKnown(input.holidayCalendar);
  const isSeries = input.isRecurring ?? current.isRecurring;

  const hasChecklist = input.hasChecklist ?? (input.checklistItems !== undefined ? input.checklistItems.length > 0 || current.hasChecklist : undefined);
  const checklist = hasChecklist === false ? [] : input.checklistItems;

  const data: Prisma.TaskUncheckedUpdateInput = {
    ...taskColumns(input),
    ...(assignee ?? {}),
    ...(hasChecklist !== undefined && { hasChecklist }),
  };
  // A series edit applies to future occurrences only: dates before now are never generated.
  if (isSeries && changesSeriesRule(input)) data.recurrenceGenerateAfter = new Date();
  // Completion follows the status: entering "completed" stamps who and when, leaving it clears them.
  if (input.status !== undefined && input.status !== current.status) {
    if (input.status === "completed") Object.assign(data, { completedAt: new Date(), completedById: caller.userId });
    else if (current.status === "completed") Object.assign(data, { completedAt: null, completedById: null });
  }

  let shifted: ShiftedTask[] | undefined;
  let emailNow = false;
  const completing = input.status === "completed" && current.status !== "completed";
  await db.$transaction(async (tx) => {
    if (completing) await lockTaskRow(tx, id);
    if (input.parentTaskId) {
      await lockTaskTree(tx);
      if (input.parentTaskId !== current.parentTaskId) await assertParentAllowed(tx, caller, id, input.parentTaskId);
    }
    // A series saved without a number that becomes a plain task takes the next number now.
    const numbering = !isSeries && current.displayNumber === null ? { displayNumber: await nextTaskDisplayNumber(tx) } : {};
    const { count } = await tx.task.updateMany({ where: { id, deletedAt: null }, data: { ...(data as Prisma.TaskUncheckedUpdateManyInput), ...numbering } });
    if (count === 0) throw notFound(TASK_NOT_FOUND);
    if (touchesTeam) {
      await tx.taskAssignment.deleteMany({ where: { taskId: id } });
      if (team.length) await tx.taskAssignment.createMany({ data: team.map((userId) => ({ taskId: id, userId, isLead: userId === lead })) });
    }
    if (checklist !== undefined) await syncChecklist(tx, id, checklist);
    // Checked on the saved state: the same PATCH may change the checklist or its requirement.
    if (completing) await assertChecklistDone(tx, id);

    const after = await tx.task.findUniqueOrThrow({ where: { id }, select: snapshotSelect });
    const assigned = (row: { assigneeId: string | null; assignments: { userId: string }[] }) => [row.assigneeId, ...row.assignments.map((a) => a.userId)].filter((x): x is string => x !== null);
    const removed = assigned(current).filter((userId) => !assigned(after).includes(userId));
    await closeTaskClocks(tx, { taskIds: [id], userIds: removed, actorId: caller.userId, cause: "unassigned" });
    const added = assigned(after).filter((userId) => !assigned(current).includes(userId));
    if (added.length) emailNow = (await notifyAssigned(tx, caller.userId, id, added)).emailNow;
    if (input.status === "completed") {
      await closeTaskClocks(tx, { taskIds: [id], userIds: [caller.userId], actorId: caller.userId, cause: "task-completed" });
    }
    const diff = changedFields(toSnapshot(current), toSnapshot(after));
    if (Object.keys(diff.after).length > 0) {
      await recordAudit(tx, { actorId: caller.userId, action: "task.update", entityType: "task", entityId: id, before: diff.before, after: diff.after });
      await recordWebhookEvent(tx, completing ? "task.completed" : "task.updated", () => taskEventData(tx, id));
    }
    // The Gantt chart's "shift successors": the chain waiting for this task moves by as many business days as its due date did.
    if (input.shiftSuccessors) {
      shifted = input.dueDate
        ? await shiftSuccessors(tx, caller, viewer, id, { beforeDue: current.dueDate, afterDue: after.dueDate, calendarDays: input.shiftCalendarDays === true })
        : [];
    }
  });
  if (isSeries) await afterSeriesSaved(id);
  requestAlertEvaluation("task-update");
  requestWebhookDelivery();
  if (emailNow) requestAlertMail();
  const task = await getTask(caller, id);
  return shifted ? { ...task, shiftedTaskIds: shifted.map((s) => s.id), shiftedTasks: shifted } : task;
}
