import "server-only";
import { randomUUID } from "node:crypto";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import { badRequest, conflict, forbidden, notFound } from "@/lib/http/app-error";
import { scheduleSteps } from "@/lib/processes/schedule";
import { findStepIssues } from "@/lib/processes/step-rules";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { canEditRow, loadProjectAccess } from "@/lib/services/projects/project-access";
import { reserveTaskDisplayNumbers } from "@/lib/services/tasks/next-display-number";
import { normalizeAssignee, type ResolvedAssignee } from "@/lib/services/tasks/resolve-references";
import { sanitizeDescription } from "@/lib/services/tasks/sanitize-description";
import { lockDependencyGraph } from "@/lib/services/tasks/task-dependencies";
import { combineDayAndTime } from "@/lib/dates/day-time";
import { isUuid } from "@/lib/validations/ids";
import type { StartProcessInput } from "@/lib/validations/processes";
import { businessCalendar } from "./business-calendar";
import { PROCESS_NOT_FOUND } from "./process-access";
import { stepSelect } from "./process-shape";
import { runSelect, toRunDtos, type RunDto } from "./run-shape";
import { dateColumnOf } from "@/lib/dates";

export const PROCESS_ARCHIVED = "This process is archived; restore it before starting it";
export const RUN_UUID_TAKEN = "A process run with this uuid already exists";
export const PROJECT_ADD_DENIED = "You may not add tasks to this project";

/**
 * POST /api/processes/{id}/start: turns the process into real work in ONE transaction — the
 * project (new) or parent task, one task per step (numbers, dates from the business-day
 * offsets, department, assignee, checklist, pickup), the finish-to-start dependencies, the
 * run row and the audit rows. A failure anywhere leaves nothing behind. Idempotent on the
 * client's uuid: a repeat, or a concurrent duplicate that loses the unique-index race,
 * answers with the first run (`created: false`).
 */
export async function startProcess(caller: Caller, processId: string, input: StartProcessInput): Promise<{ run: RunDto; created: boolean }> {
  const replay = await findReplay(caller, input.uuid);
  if (replay) return replay;
  if (!isUuid(processId)) throw notFound(PROCESS_NOT_FOUND);

  const process = await db.process.findUnique({
    where: { id: processId },
    select: { id: true, name: true, isActive: true, organizationalUnitId: true, steps: { select: stepSelect, orderBy: { position: "asc" } } },
  });
  if (!process) throw notFound(PROCESS_NOT_FOUND);
  if (!process.isActive) throw conflict(PROCESS_ARCHIVED);
  if (process.steps.length === 0) throw badRequest("This process has no steps", { field: "steps" });
  const ruleIssue = findStepIssues(process.steps).find((issue) => issue.field === "dependsOn");
  if (ruleIssue) throw badRequest(ruleIssue.message, { field: "steps" });

  if (input.target === "existing_project") {
    const { row, viewer } = await loadProjectAccess(caller, input.projectId!).catch(() => {
      throw badRequest("Project not found", { field: "projectId" });
    });
    if (!canEditRow(viewer, row)) throw forbidden(PROJECT_ADD_DENIED);
  }

  // Department and assignee of every step: the per-step choice, else the step's default, else the dialog's default.
  const overrides = new Map(input.stepOverrides.map((o) => [o.position, o]));
  const plan = process.steps.map((step) => {
    const override = overrides.get(step.position);
    const unitId = override?.department ?? step.organizationalUnitId ?? input.department ?? process.organizationalUnitId;
    if (!unitId) throw badRequest(`Choose a department for step ${step.position} (${step.title})`, { field: "department" });
    let assignee: ResolvedAssignee = { assigneeType: null, assigneeId: null, vendorId: null };
    if (override?.assigneeId) assignee = normalizeAssignee({ assigneeId: override.assigneeId });
    // A default member who has since left is asked for again, like a step without one.
    else if (step.assigneeKind === "member" && step.assignee?.isActive) assignee = { assigneeType: "user", assigneeId: step.assignee.id, vendorId: null };
    else if (step.assigneeKind === "vendor" && step.vendorId) assignee = { assigneeType: "vendor", assigneeId: null, vendorId: step.vendorId };
    else if (step.assigneeKind === "starter") assignee = { assigneeType: "user", assigneeId: caller.userId, vendorId: null };
    else if (input.assigneeId) assignee = normalizeAssignee({ assigneeId: input.assigneeId });
    return { step, unitId, assignee };
  });
  await assertPlanReferences(plan, input.department);

  const schedule = scheduleSteps(input.startDate, process.steps, businessCalendar());
  const startAt = combineDayAndTime(schedule.reduce((min, s) => (s.start < min ? s.start : min), schedule[0].start), null, "start");
  const lastDay = schedule.reduce((max, s) => (s.due > max ? s.due : max), schedule[0].due);
  const finishAt = combineDayAndTime(lastDay, null, "due");
  const mainUnitId = input.department ?? process.organizationalUnitId ?? plan[0].unitId;

  try {
    const runId = await db.$transaction(async (tx) => {
      let projectId: string | null = input.target === "existing_project" ? input.projectId! : null;
      let parentTaskId: string | null = null;
      const taskCount = plan.length + (input.target === "parent_task" ? 1 : 0);
      // All the numbers at once under the counter's row lock (gapless, as for one task).
      let nextNumber = await reserveTaskDisplayNumbers(tx, taskCount);

      if (input.target === "new_project") {
        const project = await tx.project.create({
          data: { name: input.name, status: "active", organizationalUnitId: mainUnitId, ownerId: caller.userId, startDate: startAt, dueDate: finishAt, createdById: caller.userId },
          select: { id: true, name: true },
        });
        projectId = project.id;
        await recordAudit(tx, { actorId: caller.userId, action: "project.create", entityType: "project", entityId: project.id, after: { name: project.name }, metadata: { processId: process.id } });
      }
      if (input.target === "parent_task") {
        parentTaskId = randomUUID();
        await tx.task.create({
          data: {
            id: parentTaskId,
            displayNumber: nextNumber++,
            title: input.name,
            organizationalUnitId: mainUnitId,
            assigneeType: "user",
            assigneeId: caller.userId,
            startDate: startAt,
            dueDate: finishAt,
            createdById: caller.userId,
          },
        });
      }

      // The unique uuid decides concurrent duplicates here, before any step task exists.
      const run = await tx.processRun.create({
        data: { processId: process.id, uuid: input.uuid, name: input.name, startDate: dateColumnOf(input.startDate), target: input.target, projectId, parentTaskId, createdById: caller.userId },
        select: { id: true },
      });
      if (parentTaskId) await tx.task.update({ where: { id: parentTaskId }, data: { processRunId: run.id } });

      const ids = plan.map(() => randomUUID());
      await tx.task.createMany({
        data: plan.map(({ step, unitId, assignee }, index) => ({
          id: ids[index],
          displayNumber: nextNumber++,
          title: step.title,
          description: step.description ? sanitizeDescription(`<p>${escapeHtml(step.description).replace(/\n/g, "<br>")}</p>`) : null,
          organizationalUnitId: unitId,
          ...assignee,
          projectId,
          parentTaskId,
          startDate: combineDayAndTime(schedule[index].start, null, "start"),
          dueDate: combineDayAndTime(schedule[index].due, null, "due"),
          availableForPickup: step.availableForPickup && !assignee.assigneeId && !assignee.vendorId,
          hasChecklist: step.checklist.length > 0,
          checklistRequired: step.checklistRequired && step.checklist.length > 0,
          processRunId: run.id,
          processStepPosition: step.position,
          createdById: caller.userId,
        })),
      });
      const checklist = plan.flatMap(({ step }, index) => step.checklist.map((title, position) => ({ taskId: ids[index], title, position })));
      if (checklist.length) await tx.checklistItem.createMany({ data: checklist });

      const edges = plan.flatMap(({ step }, index) => step.dependsOn.map((on) => ({ taskId: ids[index], dependsOnTaskId: ids[on - 1] })));
      if (edges.length) {
        // New tasks have no other edges, and steps only wait for earlier steps: no cycle can form.
        await lockDependencyGraph(tx);
        await tx.taskDependency.createMany({ data: edges });
      }

      const createdTaskIds = parentTaskId ? [parentTaskId, ...ids] : ids;
      await tx.auditLog.createMany({
        data: createdTaskIds.map((taskId) => ({
          actorId: caller.userId,
          action: "task.create",
          entityType: "task",
          entityId: taskId,
          metadata: { processRunId: run.id, processId: process.id },
        })),
      });
      await recordAudit(tx, {
        actorId: caller.userId,
        action: "process.start",
        entityType: "process",
        entityId: process.id,
        after: { runId: run.id, name: input.name, startDate: input.startDate, target: input.target, projectId, parentTaskId, taskCount: ids.length },
      });
      if (projectId) {
        await recordAudit(tx, {
          actorId: caller.userId,
          action: "project.process_started",
          entityType: "project",
          entityId: projectId,
          after: { runId: run.id, process: process.name, name: input.name, taskCount: ids.length },
        });
      }
      return run.id;
    });
    return { run: await getRun(caller, runId), created: true };
  } catch (error) {
    if (isUniqueViolation(error)) {
      const again = await findReplay(caller, input.uuid);
      if (again) return again;
    }
    throw error;
  }
}

async function assertPlanReferences(plan: Array<{ unitId: string; assignee: ResolvedAssignee }>, defaultUnit: string | null | undefined) {
  const unitIds = [...new Set(plan.map((p) => p.unitId).concat(defaultUnit ? [defaultUnit] : []))];
  const userIds = [...new Set(plan.flatMap((p) => (p.assignee.assigneeId ? [p.assignee.assigneeId] : [])))];
  const vendorIds = [...new Set(plan.flatMap((p) => (p.assignee.vendorId ? [p.assignee.vendorId] : [])))];
  const [units, users, vendors] = await Promise.all([
    db.organizationalUnit.count({ where: { id: { in: unitIds } } }),
    db.user.count({ where: { id: { in: userIds }, isActive: true } }),
    db.vendor.count({ where: { id: { in: vendorIds } } }),
  ]);
  if (units !== unitIds.length) throw badRequest("Department not found", { field: "department" });
  if (users !== userIds.length) throw badRequest("An assignee was not found or is no longer active", { field: "assigneeId" });
  if (vendors !== vendorIds.length) throw badRequest("Vendor not found", { field: "assigneeId" });
}

async function getRun(caller: Caller, id: string): Promise<RunDto> {
  const row = await db.processRun.findUniqueOrThrow({ where: { id }, select: runSelect });
  return (await toRunDtos(caller, [row]))[0];
}

async function findReplay(caller: Caller, uuid: string): Promise<{ run: RunDto; created: false } | null> {
  const existing = await db.processRun.findUnique({ where: { uuid }, select: { id: true, createdById: true } });
  if (!existing) return null;
  if (existing.createdById !== caller.userId) throw conflict(RUN_UUID_TAKEN);
  return { run: await getRun(caller, existing.id), created: false };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
