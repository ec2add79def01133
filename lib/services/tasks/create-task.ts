import "server-only";
import { isUniqueViolation } from "@/lib/db-errors";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { conflict } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { CreateTaskInput } from "@/lib/validations/tasks";
import { afterSeriesSaved } from "@/lib/services/recurrence/after-series-saved";
import { requestAlertMail } from "@/lib/services/alerts/request-evaluation";
import { notifyAssigned } from "@/lib/services/notifications/notify";
import { recordWebhookEvent, requestWebhookDelivery, taskEventData } from "@/lib/services/webhooks/record-event";
import { assertCalendarKnown } from "@/lib/services/recurrence/preview-rule";
import { assertParentAllowed } from "./assert-parent-allowed";
import { getTask } from "./get-task";
import { nextTaskDisplayNumber } from "./next-display-number";
import { assertReferencesExist, normalizeAssignee, type ResolvedAssignee } from "./resolve-references";
import { sanitizeDescription } from "./sanitize-description";
import { TASK_DEFAULTS, taskColumns } from "./task-columns";
import { snapshotScalarSelect, toSnapshot } from "./task-snapshot";
import type { TaskDto } from "./task-shape";

export const UUID_TAKEN = "A task with this uuid already exists";

/**
 * Creates a task with its number, team and checklist in one transaction. Idempotent on the
 * client's uuid: a repeat (or a concurrent duplicate that loses the unique index race)
 * answers with the first task and `created: false`. A sub-task inherits the parent's
 * department, project and priority unless the body sets them (spec §5).
 */
export async function createTask(caller: Caller, input: CreateTaskInput): Promise<{ task: TaskDto; created: boolean }> {
  // The replay lookup and the checks run side by side (one round trip less on every create);
  // a replay still wins over whatever the checks would say now, as when it ran first.
  const replayed = input.uuid ? findReplay(caller, input.uuid) : Promise.resolve(null);
  const checked = checkReferences(caller, input);
  checked.catch(() => undefined); // awaited below unless a replay answers first
  const replay = await replayed;
  if (replay) return replay;
  const { parent, organizationalUnitId, projectId, assignee, teamUserIds } = await checked;

  const priority = input.priority ?? parent?.priority ?? "normal";
  const leadId = input.leadAssigneeId ?? null;
  const hasChecklist = input.hasChecklist ?? (input.checklistItems?.length ?? 0) > 0;
  const checklist = hasChecklist ? (input.checklistItems ?? []) : [];

  // The team as the snapshot lists it (by member id, as the read-back ordered it).
  const team = teamUserIds.map((userId) => ({ userId: userId.toLowerCase(), isLead: userId === leadId })).sort((a, b) => (a.userId < b.userId ? -1 : 1));

  let emailNow = false;
  try {
    const id = await db.$transaction(async (tx) => {
      // A series never appears in a list, so it takes no number: the numbers people see stay consecutive.
      const displayNumber = input.isRecurring ? null : await nextTaskDisplayNumber(tx);
      const task = await tx.task.create({
        data: {
          ...TASK_DEFAULTS,
          ...taskColumns(input),
          // What only a create sets, and what a sub-task inherits from its parent (spec §5).
          displayNumber,
          uuid: input.uuid ?? null,
          title: input.title,
          dueDate: input.dueDate ?? parent!.dueDate,
          description: sanitizeDescription(input.description),
          priority,
          organizationalUnitId,
          ...assignee,
          projectId,
          parentTaskId: parent?.id ?? null,
          hasChecklist,
          createdById: caller.userId,
          ...(input.status === "completed" ? { completedAt: new Date(), completedById: caller.userId } : {}),
          // Only when there are rows: an empty nested create still costs a read-back.
          ...(checklist.length > 0 && { checklistItems: { create: checklist.map((title, position) => ({ title, position })) } }),
          ...(teamUserIds.length > 0 && { assignments: { create: team } }),
        },
        // Scalars only, so the insert is one INSERT ... RETURNING: selecting the team and the
        // checklist read the task and both back in three more statements, inside the
        // transaction that holds the task-number counter (docs/performance.md).
        select: { id: true, displayNumber: true, ...snapshotScalarSelect },
      });
      const { displayNumber: number, id: taskId, ...scalars } = task;
      await recordAudit(tx, {
        actorId: caller.userId,
        action: "task.create",
        entityType: "task",
        entityId: taskId,
        after: toSnapshot({ ...scalars, assignments: team, checklistItems: checklist.map((title) => ({ title })) }),
        metadata: { displayNumber: number },
      });
      // The assignee and the team hear of it (their bell, and e-mail as each chose).
      if ((await notifyAssigned(tx, caller.userId, taskId, [assignee.assigneeId, ...teamUserIds])).emailNow) emailNow = true;
      await recordWebhookEvent(tx, "task.created", () => taskEventData(tx, taskId));
      return taskId;
    });
    if (input.isRecurring) await afterSeriesSaved(id);
    if (emailNow) requestAlertMail();
    requestWebhookDelivery();
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

/** The parent (a sub-task inherits from it), the department, project and assignees, each checked to exist. */
async function checkReferences(caller: Caller, input: CreateTaskInput) {
  const parent = input.parentTaskId ? await assertParentAllowed(db, caller, null, input.parentTaskId) : null;
  const organizationalUnitId = (input.department ?? parent?.organizationalUnitId)!;
  const projectId = input.projectId !== undefined && input.projectId !== null ? input.projectId : (parent?.projectId ?? null);
  // A sub-task also takes its parent's assignee (member or vendor) unless the body names one
  // (null: unassigned on purpose), and its due date when the body leaves it out.
  const namesAssignee = input.assigneeId !== undefined || input.vendorId !== undefined || input.assigneeType !== undefined;
  const assignee: ResolvedAssignee =
    parent && !namesAssignee ? { assigneeType: parent.assigneeType, assigneeId: parent.assigneeId, vendorId: parent.vendorId } : normalizeAssignee(input);
  const teamUserIds = input.assigneeIds ?? [];
  await assertReferencesExist(db, { unitId: organizationalUnitId, projectId, assignee, teamUserIds });
  if (input.isRecurring) assertCalendarKnown(input.holidayCalendar);
  return { parent, organizationalUnitId, projectId, assignee, teamUserIds };
}
