import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { TaskStatus } from "@/lib/generated/prisma/enums";
import type { z } from "zod";
import type { unitSchema } from "@/lib/validations/org";

/** Task statuses that still need work: they count as a unit's or a member's open tasks. */
export const OPEN_TASK_STATUSES: TaskStatus[] = ["open", "in_progress", "blocked"];

/** Serialises every change to the unit tree (create under a parent, move, delete), so two
 * concurrent moves can never build a cycle between them. */
export const UNIT_TREE_LOCK_KEY = 4_242_104;

export async function lockUnitTree(tx: Prisma.TransactionClient): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${UNIT_TREE_LOCK_KEY}::bigint)`;
}

export { idOrNotFound } from "@/lib/validations/ids";

export const unitSelect = {
  id: true,
  name: true,
  unitNumber: true,
  type: true,
  parentId: true,
  description: true,
  _count: {
    select: {
      children: true,
      memberships: { where: { user: { isActive: true } } },
      tasks: { where: { deletedAt: null, status: { in: OPEN_TASK_STATUSES } } },
    },
  },
} satisfies Prisma.OrganizationalUnitSelect;

type UnitRow = Prisma.OrganizationalUnitGetPayload<{ select: typeof unitSelect }>;

export type UnitDto = z.input<typeof unitSchema>;

export const toUnitDto = (u: UnitRow): UnitDto => ({
  id: u.id,
  name: u.name,
  unitNumber: u.unitNumber,
  type: u.type,
  parentId: u.parentId,
  description: u.description,
  counts: { members: u._count.memberships, children: u._count.children, openTasks: u._count.tasks },
});

/** What an audit row keeps of a unit. */
export const unitAuditFields = (u: { name: string; unitNumber: number | null; type: string; parentId: string | null; description: string | null }) => ({
  name: u.name,
  unitNumber: u.unitNumber,
  type: u.type,
  parentId: u.parentId,
  description: u.description,
});
