import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { projectPermissions } from "@/lib/projects/permissions";
import type { Viewer } from "@/lib/tasks/permissions";
import type { ProjectProgress } from "./project-stats";
import { dateKeyOfDateColumn } from "@/lib/dates";
import type { z } from "zod";
import type { projectDetailSchema, projectSummarySchema } from "@/lib/validations/projects";

const person = { select: { id: true, firstName: true, lastName: true } } as const;

/** The card / row of the project list. */
export const projectSummarySelect = {
  id: true,
  name: true,
  status: true,
  color: true,
  startDate: true,
  dueDate: true,
  archivedAt: true,
  deletedAt: true,
  createdAt: true,
  updatedAt: true,
  createdById: true,
  ownerId: true,
  organizationalUnitId: true,
  organizationalUnit: { select: { id: true, name: true } },
  owner: person,
  members: { select: { userId: true } },
} satisfies Prisma.ProjectSelect;

export const projectDetailSelect = {
  ...projectSummarySelect,
  description: true,
  createdBy: person,
  deletedBy: person,
  members: { select: { userId: true, user: person }, orderBy: { createdAt: "asc" } },
  processRuns: {
    select: { id: true, name: true, startDate: true, createdAt: true, process: { select: { id: true, name: true } } },
    orderBy: { createdAt: "desc" },
    take: 20,
  },
} satisfies Prisma.ProjectSelect;

type SummaryRow = Prisma.ProjectGetPayload<{ select: typeof projectSummarySelect }>;
type DetailRow = Prisma.ProjectGetPayload<{ select: typeof projectDetailSelect }>;

export type ProjectSummaryDto = z.input<typeof projectSummarySchema>;

export type ProjectDetailDto = z.input<typeof projectDetailSchema>;

const EMPTY_PROGRESS: ProjectProgress = { total: 0, done: 0, open: 0, overdue: 0, percent: 0, hoursLogged: 0, atRisk: false };

export function toProjectSummary(row: SummaryRow | DetailRow, viewer: Viewer, progress: ProjectProgress | undefined): ProjectSummaryDto {
  const memberIds = row.members.map((m) => m.userId);
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    color: row.color,
    startDate: row.startDate,
    dueDate: row.dueDate,
    archivedAt: row.archivedAt,
    deletedAt: row.deletedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    department: row.organizationalUnit,
    owner: row.owner,
    memberCount: memberIds.length,
    progress: progress ?? EMPTY_PROGRESS,
    permissions: projectPermissions(viewer, { ...row, memberIds }),
  };
}

export function toProjectDetail(row: DetailRow, viewer: Viewer, progress: ProjectProgress | undefined): ProjectDetailDto {
  return {
    ...toProjectSummary(row, viewer, progress),
    description: row.description,
    createdBy: row.createdBy,
    deletedBy: row.deletedBy,
    members: row.members.map((m) => m.user),
    processRuns: row.processRuns.map((run) => ({ ...run, startDate: dateKeyOfDateColumn(run.startDate) })),
  };
}

/** What a project's audit rows keep (before/after of an update). */
export const projectSnapshotSelect = {
  name: true,
  description: true,
  status: true,
  organizationalUnitId: true,
  ownerId: true,
  startDate: true,
  dueDate: true,
  color: true,
  archivedAt: true,
  members: { select: { userId: true } },
} satisfies Prisma.ProjectSelect;

export type ProjectSnapshotRow = Prisma.ProjectGetPayload<{ select: typeof projectSnapshotSelect }>;

export function toProjectSnapshot(row: ProjectSnapshotRow) {
  const { members, ...rest } = row;
  return { ...rest, memberIds: members.map((m) => m.userId).sort() };
}
