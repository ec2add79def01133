import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { badRequest, forbidden, notFound } from "@/lib/http/app-error";
import { changedFields, recordAudit } from "@/lib/services/audit/record-audit";
import { canEditTask } from "@/lib/tasks/permissions";
import { isUuid, LEAD_NOT_IN_TEAM, type UpdateTaskInput } from "@/lib/validations/tasks";
import { assertParentAllowed, lockTaskTree } from "./assert-parent-allowed";
import { getTask, TASK_NOT_FOUND } from "./get-task";
import { assertReferencesExist, normalizeAssignee, type ResolvedAssignee } from "./resolve-references";
import { sanitizeDescription } from "./sanitize-description";
import { syncChecklist } from "./sync-checklist";
import { loadViewer, visibleTaskWhere } from "./task-access";
import { snapshotSelect, toSnapshot } from "./task-snapshot";
import type { TaskDto } from "./task-shape";

export const PRIVACY_CREATOR_ONLY = "Only the creator can change whether a task is private";

/**
 * PATCH semantics: only the fields present change. The team is replaced when assigneeIds or
 * leadAssigneeId is sent, the checklist when checklistItems is sent (ticks kept for items
 * whose text stays) or cleared when hasChecklist is false. One audit row keeps the changed
 * fields before and after.
 */
export async function updateTask(caller: Caller, id: string, input: UpdateTaskInput): Promise<TaskDto> {
  if (!isUuid(id)) throw notFound(TASK_NOT_FOUND);
  const [viewer, current] = await Promise.all([
    loadViewer(db, caller),
    db.task.findFirst({
      where: { id, ...visibleTaskWhere(caller) },
      select: { ...snapshotSelect, id: true, createdById: true, deletedAt: true, completedAt: true },
    }),
  ]);
  if (!current) throw notFound(TASK_NOT_FOUND);
  const teamUserIds = current.assignments.map((a) => a.userId);
  if (!canEditTask(viewer, { ...current, teamUserIds })) throw forbidden("You may not edit this task");
  if (input.isPrivate !== undefined && input.isPrivate !== current.isPrivate && caller.role !== "admin" && current.createdById !== caller.userId) {
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

  const hasChecklist = input.hasChecklist ?? (input.checklistItems !== undefined ? input.checklistItems.length > 0 || current.hasChecklist : undefined);
  const checklist = hasChecklist === false ? [] : input.checklistItems;

  const data: Prisma.TaskUncheckedUpdateInput = {
    ...(input.title !== undefined && { title: input.title }),
    ...(input.description !== undefined && { description: sanitizeDescription(input.description) }),
    ...(input.priority !== undefined && { priority: input.priority }),
    ...(input.status !== undefined && { status: input.status }),
    ...(input.department !== undefined && { organizationalUnitId: input.department }),
    ...(assignee ?? {}),
    ...(input.projectId !== undefined && { projectId: input.projectId }),
    ...(input.parentTaskId !== undefined && { parentTaskId: input.parentTaskId }),
    ...(input.dueDate !== undefined && { dueDate: input.dueDate }),
    ...(input.startDate !== undefined && { startDate: input.startDate }),
    ...(input.estimatedHours !== undefined && { estimatedMinutes: input.estimatedHours }),
    ...(input.availableForPickup !== undefined && { availableForPickup: input.availableForPickup }),
    ...(input.isPrivate !== undefined && { isPrivate: input.isPrivate }),
    ...(hasChecklist !== undefined && { hasChecklist }),
    ...(input.isRecurring !== undefined && { isRecurring: input.isRecurring }),
    ...(input.recurringPattern !== undefined && { recurringPattern: input.recurringPattern }),
    ...(input.recurringInterval !== undefined && { recurringInterval: input.recurringInterval }),
    ...(input.recurringEndType !== undefined && { recurringEndType: input.recurringEndType }),
    ...(input.recurringEndDate !== undefined && { recurringEndDate: input.recurringEndDate }),
    ...(input.recurringMaxCount !== undefined && { recurringMaxCount: input.recurringMaxCount }),
    ...(input.recurringDaysOfWeek !== undefined && { recurringDaysOfWeek: input.recurringDaysOfWeek }),
    ...(input.recurringMonthlyType !== undefined && { recurringMonthlyType: input.recurringMonthlyType }),
    ...(input.excludeWeekends !== undefined && { excludeWeekends: input.excludeWeekends }),
    ...(input.excludeHolidays !== undefined && { excludeHolidays: input.excludeHolidays }),
    ...(input.holidayCalendar !== undefined && { holidayCalendar: input.holidayCalendar }),
    ...(input.recurringSchedule !== undefined && {
      recurringSchedule: input.recurringSchedule === null ? Prisma.DbNull : (input.recurringSchedule as Prisma.InputJsonValue),
    }),
  };
  // Completion follows the status: entering "completed" stamps who and when, leaving it clears them.
  if (input.status !== undefined && input.status !== current.status) {
    if (input.status === "completed") Object.assign(data, { completedAt: new Date(), completedById: caller.userId });
    else if (current.status === "completed") Object.assign(data, { completedAt: null, completedById: null });
  }

  await db.$transaction(async (tx) => {
    if (input.parentTaskId) {
      await lockTaskTree(tx);
      if (input.parentTaskId !== current.parentTaskId) await assertParentAllowed(tx, caller, id, input.parentTaskId);
    }
    const { count } = await tx.task.updateMany({ where: { id, deletedAt: null }, data: data as Prisma.TaskUncheckedUpdateManyInput });
    if (count === 0) throw notFound(TASK_NOT_FOUND);
    if (touchesTeam) {
      await tx.taskAssignment.deleteMany({ where: { taskId: id } });
      if (team.length) await tx.taskAssignment.createMany({ data: team.map((userId) => ({ taskId: id, userId, isLead: userId === lead })) });
    }
    if (checklist !== undefined) await syncChecklist(tx, id, checklist);

    const after = await tx.task.findUniqueOrThrow({ where: { id }, select: snapshotSelect });
    const diff = changedFields(toSnapshot(current), toSnapshot(after));
    if (Object.keys(diff.after).length > 0) {
      await recordAudit(tx, { actorId: caller.userId, action: "task.update", entityType: "task", entityId: id, before: diff.before, after: diff.after });
    }
  });
  return getTask(caller, id);
}
