import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Caller } from "@/lib/auth/resolve-caller";
import type { Db } from "@/lib/db";
import type { Viewer } from "@/lib/tasks/permissions";

/**
 * The task rules of lib/tasks/permissions.ts, written as Prisma `where` clauses so that every
 * query carries the caller's scope: a private task of someone else is "not there" (404),
 * in lists, counts, search, sub-task lists, parent pickers and stats alike.
 */

/** Not deleted, and not someone else's private task (admins see every private task). */
export function visibleTaskWhere(caller: Pick<Caller, "userId" | "role">): Prisma.TaskWhereInput {
  if (caller.role === "admin") return { deletedAt: null };
  return { deletedAt: null, OR: [{ isPrivate: false }, { createdById: caller.userId }] };
}

/** Visible regardless of deletion (for sub-task summaries of a deleted parent shown to admins). */
export function visibleIgnoringDeletionWhere(caller: Pick<Caller, "userId" | "role">): Prisma.TaskWhereInput {
  if (caller.role === "admin") return {};
  return { OR: [{ isPrivate: false }, { createdById: caller.userId }] };
}

/** Tasks the caller is assigned to, directly or on the team. */
export function mineWhere(userId: string): Prisma.TaskWhereInput {
  return { OR: [{ assigneeId: userId }, { assignments: { some: { userId } } }] };
}

/** Open for pickup in one of the given units (claimable by their members). */
export function pickupWhere(unitIds: readonly string[]): Prisma.TaskWhereInput {
  return {
    availableForPickup: true,
    assigneeId: null,
    vendorId: null,
    status: { notIn: ["completed", "cancelled"] },
    organizationalUnitId: { in: [...unitIds] },
  };
}

/** The caller plus the units they belong to: what the permission rules need. */
export async function loadViewer(client: Db, caller: Pick<Caller, "userId" | "role">): Promise<Viewer> {
  const memberships = await client.unitMembership.findMany({ where: { userId: caller.userId }, select: { unitId: true } });
  return { userId: caller.userId, role: caller.role, unitIds: memberships.map((m) => m.unitId) };
}
