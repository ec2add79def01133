import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { sanitizeDescription } from "@/lib/services/tasks/sanitize-description";
import type { CreateProjectInput } from "@/lib/validations/projects";
import { assertProjectReferences } from "./assert-project-references";
import { getProject } from "./get-project";
import { projectSnapshotSelect, toProjectSnapshot, type ProjectDetailDto } from "./project-shape";

/** POST /api/projects: anyone signed in; the owner defaults to the creator. Audited. */
export async function createProject(caller: Caller, input: CreateProjectInput): Promise<ProjectDetailDto> {
  const ownerId = input.ownerId === undefined ? caller.userId : input.ownerId;
  const memberIds = input.memberIds ?? [];
  await assertProjectReferences(db, { unitId: input.department, ownerId, memberIds });
  const id = await db.$transaction(async (tx) => {
    const project = await tx.project.create({
      data: {
        name: input.name,
        description: sanitizeDescription(input.description),
        status: input.status ?? "active",
        organizationalUnitId: input.department ?? null,
        ownerId,
        startDate: input.startDate ?? null,
        dueDate: input.dueDate ?? null,
        color: input.color ?? null,
        createdById: caller.userId,
        members: { create: memberIds.map((userId) => ({ userId })) },
      },
      select: { id: true, ...projectSnapshotSelect },
    });
    const { id: projectId, ...snapshot } = project;
    await recordAudit(tx, { actorId: caller.userId, action: "project.create", entityType: "project", entityId: projectId, after: toProjectSnapshot(snapshot) });
    return projectId;
  });
  return getProject(caller, id);
}
