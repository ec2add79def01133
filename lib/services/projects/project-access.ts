import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { can } from "@/lib/auth/permissions";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db, type Db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { canEditProject, type ProjectAccessFacts } from "@/lib/projects/permissions";
import { loadViewer } from "@/lib/services/tasks/task-access";
import type { Viewer } from "@/lib/tasks/permissions";
import { isUuid } from "@/lib/validations/ids";

export const PROJECT_NOT_FOUND = "Project not found";
export const PROJECT_EDIT_DENIED = "You may not edit this project";

/**
 * Who sees a project, as a Prisma `where` (the one definition for lists, gets and pickers):
 * everyone signed in sees projects that are not deleted; admins may also open deleted ones.
 * The tasks inside keep their own visibility (visibleTaskWhere) in every count.
 */
export function visibleProjectWhere(caller: Pick<Caller, "role">, opts: { includeDeleted?: boolean } = {}): Prisma.ProjectWhereInput {
  if (opts.includeDeleted && can(caller.role, "projects.delete")) return {};
  return { deletedAt: null };
}

/** The same rule as a SQL condition over the `projects` table under the given alias, for raw queries. */
export function visibleProjectSql(caller: Pick<Caller, "role">, alias: string, opts: { includeDeleted?: boolean } = {}): Prisma.Sql {
  const where = visibleProjectWhere(caller, opts);
  return "deletedAt" in where ? Prisma.sql`${Prisma.raw(alias)}.deleted_at IS NULL` : Prisma.sql`true`;
}

const accessSelect = {
  id: true,
  name: true,
  status: true,
  createdById: true,
  ownerId: true,
  organizationalUnitId: true,
  deletedAt: true,
  archivedAt: true,
  members: { select: { userId: true } },
} satisfies Prisma.ProjectSelect;

export type ProjectAccessRow = Prisma.ProjectGetPayload<{ select: typeof accessSelect }>;

export const accessFacts = (row: ProjectAccessRow): ProjectAccessFacts => ({ ...row, memberIds: row.members.map((m) => m.userId) });

/** The project (404 when missing or deleted for non-admins) with the caller's viewer facts. */
export async function loadProjectAccess(caller: Caller, id: string, client: Db = db, opts: { includeDeleted?: boolean } = {}): Promise<{ row: ProjectAccessRow; viewer: Viewer }> {
  if (!isUuid(id)) throw notFound(PROJECT_NOT_FOUND);
  const [viewer, row] = await Promise.all([
    loadViewer(client, caller),
    client.project.findFirst({ where: { id, ...visibleProjectWhere(caller, opts) }, select: accessSelect }),
  ]);
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  return { row, viewer };
}

export function canEditRow(viewer: Viewer, row: ProjectAccessRow): boolean {
  return canEditProject(viewer, accessFacts(row));
}
