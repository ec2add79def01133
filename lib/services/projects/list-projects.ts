import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { can } from "@/lib/auth/permissions";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import type { ProjectSort } from "@/lib/projects/options";
import { loadViewer } from "@/lib/services/tasks/task-access";
import type { ListProjectsQuery, projectPageSchema } from "@/lib/validations/projects";
import { visibleProjectWhere } from "./project-access";
import { projectSummarySelect, toProjectSummary } from "./project-shape";
import { projectProgress } from "./project-stats";
import type { z } from "zod";

export type ProjectPage = z.input<typeof projectPageSchema>;

/** GET /api/projects?view=summary: a page of project cards with progress from visible tasks only. */
export async function listProjects(caller: Caller, query: ListProjectsQuery): Promise<ProjectPage> {
  const showDeleted = query.show === "deleted" && can(caller.role, "projects.delete");
  const filters: Prisma.ProjectWhereInput[] = [visibleProjectWhere(caller, { includeDeleted: showDeleted })];
  if (query.show === "deleted") filters.push(showDeleted ? { deletedAt: { not: null } } : { id: { in: [] } });
  else filters.push({ archivedAt: query.show === "archived" ? { not: null } : null });
  if (query.status?.length) filters.push({ status: { in: query.status } });
  if (query.unitId) filters.push({ organizationalUnitId: query.unitId });
  if (query.mine) filters.push({ OR: [{ ownerId: caller.userId }, { createdById: caller.userId }, { members: { some: { userId: caller.userId } } }] });
  if (query.q) {
    const words = query.q.split(/\s+/).filter(Boolean).slice(0, 8);
    filters.push({ AND: words.map((word) => ({ name: { contains: word, mode: "insensitive" as const } })) });
  }
  const where: Prisma.ProjectWhereInput = { AND: filters };
  const skip = (query.page - 1) * query.pageSize;
  const [viewer, total, rows] = await Promise.all([
    loadViewer(db, caller),
    db.project.count({ where }),
    db.project.findMany({ where, select: projectSummarySelect, orderBy: orderByFor(query.sort, query.order), skip, take: query.pageSize }),
  ]);
  const progress = await projectProgress(caller, rows);
  return {
    items: rows.map((row) => toProjectSummary(row, viewer, progress.get(row.id))),
    total,
    page: query.page,
    pageSize: query.pageSize,
    hasMore: skip + rows.length < total,
  };
}

function orderByFor(sort: ProjectSort, order?: "asc" | "desc"): Prisma.ProjectOrderByWithRelationInput[] {
  const tie: Prisma.ProjectOrderByWithRelationInput = { id: "asc" };
  switch (sort) {
    case "name":
      return [{ name: order ?? "asc" }, tie];
    case "dueDate":
      // Projects without a target date come last.
      return [{ dueDate: { sort: order ?? "asc", nulls: "last" } }, { name: "asc" }, tie];
    case "updatedAt":
      return [{ updatedAt: order ?? "desc" }, tie];
    case "createdAt":
      return [{ createdAt: order ?? "desc" }, tie];
    case "status":
      return [{ status: order ?? "asc" }, { name: "asc" }, tie];
  }
}
