import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { conflict } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { CreateTaskInput } from "@/lib/validations/tasks";
import { assertParentAllowed } from "./assert-parent-allowed";
import { getTask } from "./get-task";
import { nextTaskDisplayNumber } from "./next-display-number";
import { assertReferencesExist, normalizeAssignee } from "./resolve-references";
import { sanitizeDescription } from "./sanitize-description";
import { snapshotSelect, toSnapshot } from "./task-snapshot";
import type { TaskDto } from "./task-shape";

export const UUID_TAKEN = "A task with this uuid already exists";

/**
 * Creates a task with its number, team and checklist in one transaction. Idempotent on the
 * client's uuid: a repeat (or a concurrent duplicate that loses the unique index race)
 * answers with the first task and `created: false`. A sub-task inherits the parent's
 * department, project and priority unless the body sets them (spec §5).
 */
export async function createTask(caller: Caller, input: CreateTaskInput): Promise<{ task: TaskDto; created: boolean }> {
  if (input.uuid) {
    const replay = await findReplay(caller, input.uuid);
    if (replay) return replay;
  }

  const parent = input.parentTaskId ? await assertParentAllowed(db, caller, null, input.parentTaskId) : null;
  const organizationalUnitId = (input.department ?? parent?.organizationalUnitId)!;
  const projectId = input.projectId !== undefined && input.projectId !== null ? input.projectId : (parent?.projectId ?? null);
  const priority = input.priority ?? parent?.priority ?? "normal";
  const assignee = normalizeAssignee(input);
  const teamUserIds = input.assigneeIds ?? [];
  const leadId = input.leadAssigneeId ?? null;
  const hasChecklist = input.hasChecklist ?? (input.checklistItems?.length ?? 0) > 0;
  const checklist = hasChecklist ? (input.checklistItems ?? []) : [];

  await assertReferencesExist(db, { unitId: organizationalUnitId, projectId, assignee, teamUserIds });

  try {
    const id = await db.$transaction(async (tx) => {
      const displayNumber = await nextTaskDisplayNumber(tx);
      const task = await tx.task.create({
        data: {
          displayNumber,
          uuid: input.uuid ?? null,
          title: input.title,
          description: sanitizeDescription(input.description),
          priority,
          status: input.status ?? "open",
          organizationalUnitId,
          ...assignee,
          projectId,
          parentTaskId: parent?.id ?? null,
          dueDate: input.dueDate,
          startDate: input.startDate ?? null,
          estimatedMinutes: input.estimatedHours ?? null,
          availableForPickup: input.availableForPickup ?? false,
          isPrivate: input.isPrivate ?? false,
          hasChecklist,
          isRecurring: input.isRecurring ?? false,
          recurringPattern: input.recurringPattern ?? null,
          recurringInterval: input.recurringInterval ?? 1,
          recurringEndType: input.recurringEndType ?? "never",
          recurringEndDate: input.recurringEndDate ?? null,
          recurringMaxCount: input.recurringMaxCount ?? null,
          recurringDaysOfWeek: input.recurringDaysOfWeek ?? [],
          recurringMonthlyType: input.recurringMonthlyType ?? null,
          excludeWeekends: input.excludeWeekends ?? false,
          excludeHolidays: input.excludeHolidays ?? false,
          holidayCalendar: input.holidayCalendar ?? null,
          recurringSchedule: input.recurringSchedule ? (input.recurringSchedule as Prisma.InputJsonValue) : undefined,
          createdById: caller.userId,
          ...(input.status === "completed" ? { completedAt: new Date(), completedById: caller.userId } : {}),
          checklistItems: { create: checklist.map((title, position) => ({ title, position })) },
          assignments: { create: teamUserIds.map((userId) => ({ userId, isLead: userId === leadId })) },
        },
        select: { id: true, displayNumber: true, ...snapshotSelect },
      });
      const { displayNumber: number, id: taskId, ...snapshot } = task;
      await recordAudit(tx, {
        actorId: caller.userId,
        action: "task.create",
        entityType: "task",
        entityId: taskId,
        after: toSnapshot(snapshot),
        metadata: { displayNumber: number },
      });
      return taskId;
    });
    return { task: await getTask(caller, id), created: true };
  } catch (error) {
    // A concurrent create with the same uuid committed first: answer with that task.
    if (input.uuid && isUniqueViolation(error)) {
      const replay = await findReplay(caller, input.uuid);
      if (replay) return replay;
    }
    throw error;
  }
}

async function findReplay(caller: Caller, uuid: string): Promise<{ task: TaskDto; created: false } | null> {
  const existing = await db.task.findUnique({ where: { uuid }, select: { id: true, createdById: true } });
  if (!existing) return null;
  // Someone else's uuid is not a replay; never hand their task over.
  if (existing.createdById !== caller.userId) throw conflict(UUID_TAKEN);
  return { task: await getTask(caller, existing.id), created: false };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  return e?.code === "P2002" || e?.code === "23505" || e?.cause?.code === "23505";
}
