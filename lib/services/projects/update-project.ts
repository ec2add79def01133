import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { conflict, forbidden } from "@/lib/http/app-error";
import { can } from "@/lib/auth/permissions";
import { changedFields, recordAudit } from "@/lib/services/audit/record-audit";
import { sanitizeDescription } from "@/lib/services/tasks/sanitize-description";
import { visibleTaskWhere } from "@/lib/services/visibility/tasks";
import type { UpdateProjectInput } from "@/lib/validations/projects";
import { assertProjectReferences } from "./assert-project-references";
import { getProject } from "./get-project";
import { canEditRow, loadProjectAccess, PROJECT_EDIT_DENIED } from "./project-access";
import { projectSnapshotSelect, toProjectSnapshot, type ProjectDetailDto } from "./project-shape";

export const OPEN_TASKS_CONFLICT = "This project has open tasks";
export const ARCHIVE_ADMIN_ONLY = "Only administrators can archive a project";
const ACTIVE = ["open", "in_progress", "blocked"] as const;

/**
 * PATCH /api/projects/{id}: only the fields sent change; members are replaced when memberIds
 * is sent. Completing a project that still has open tasks (that the caller can see) answers
 * 409 with `openTaskCount` unless `openTasks` says what to do with them: complete them,
 * cancel them, or keep them open. Everything, tasks included, in one transaction and audited.
 */
export async function updateProject(caller: Caller, id: string, input: UpdateProjectInput): Promise<ProjectDetailDto> {
  const { row, viewer } = await loadProjectAccess(caller, id);
  if (!canEditRow(viewer, row)) throw forbidden(PROJECT_EDIT_DENIED);
  if (input.archived !== undefined && input.archived !== Boolean(row.archivedAt) && !can(viewer.role, "projects.archive")) throw forbidden(ARCHIVE_ADMIN_ONLY);
  await assertProjectReferences(db, { unitId: input.department, ownerId: input.ownerId, memberIds: input.memberIds });

  const completing = input.status === "completed" && row.status !== "completed";
  const openWhere = { projectId: id, status: { in: [...ACTIVE] }, ...visibleTaskWhere(caller) };
  if (completing && !input.openTasks) {
    const openTaskCount = await db.task.count({ where: openWhere });
    if (openTaskCount > 0) throw conflict(OPEN_TASKS_CONFLICT, { openTaskCount });
  }

  await db.$transaction(async (tx) => {
    const before = await tx.project.findUniqueOrThrow({ where: { id }, select: projectSnapshotSelect });
    const now = new Date();
    const after = await tx.project.update({
      where: { id },
      data: {
        name: input.name,
        description: input.description === undefined ? undefined : sanitizeDescription(input.description),
        status: input.status,
        organizationalUnitId: input.department,
        ownerId: input.ownerId,
        startDate: input.startDate,
        dueDate: input.dueDate,
        color: input.color,
        archivedAt: input.archived === undefined || input.archived === Boolean(row.archivedAt) ? undefined : input.archived ? now : null,
        ...(input.memberIds ? { members: { deleteMany: {}, create: input.memberIds.map((userId) => ({ userId })) } } : {}),
      },
      select: projectSnapshotSelect,
    });

    let closedTaskIds: string[] = [];
    if (completing && (input.openTasks === "complete" || input.openTasks === "cancel")) {
      const open = await tx.task.findMany({ where: openWhere, select: { id: true, status: true } });
      closedTaskIds = open.map((t) => t.id);
      if (closedTaskIds.length) {
        const status = input.openTasks === "complete" ? "completed" : "cancelled";
        await tx.task.updateMany({
          where: { id: { in: closedTaskIds } },
          data: status === "completed" ? { status, completedAt: now, completedById: caller.userId } : { status },
        });
        await tx.auditLog.createMany({
          data: open.map((t) => ({
            actorId: caller.userId,
            action: status === "completed" ? "task.complete" : "task.update",
            entityType: "task",
            entityId: t.id,
            before: { status: t.status },
            after: { status },
            metadata: { via: "project.complete", projectId: id },
          })),
        });
      }
    }

    const diff = changedFields(toProjectSnapshot(before), toProjectSnapshot(after));
    if (Object.keys(diff.after).length || closedTaskIds.length) {
      await recordAudit(tx, {
        actorId: caller.userId,
        action: input.archived !== undefined && "archivedAt" in diff.after ? (input.archived ? "project.archive" : "project.unarchive") : "project.update",
        entityType: "project",
        entityId: id,
        before: diff.before,
        after: diff.after,
        metadata: closedTaskIds.length ? { openTasks: input.openTasks, taskCount: closedTaskIds.length } : undefined,
      });
    }
  });
  return getProject(caller, id);
}
