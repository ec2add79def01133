import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Caller } from "@/lib/auth/resolve-caller";
import type { Db } from "@/lib/db";
import type { Viewer } from "@/lib/tasks/permissions";

/**
 * Further task scopes as Prisma `where` clauses (visibility itself is ./visibility.ts), so
 * that every query carries the caller's scope.
 */

/**
 * The task and its descendants that match `where` (the caller's visibility, plus a deletion
 * state), walking down one level per query and never through a task that does not match: what
 * lies below a task the caller can't see is out of reach too. Depth is bounded by the tree.
 */
export async function visibleSubtree(client: Db, rootId: string, where: Prisma.TaskWhereInput): Promise<string[]> {
  const root = await client.task.findFirst({ where: { AND: [{ id: rootId }, where] }, select: { id: true } });
  if (!root) return [];
  const ids = new Set([root.id]);
  let frontier = [root.id];
  while (frontier.length > 0) {
    const children = await client.task.findMany({ where: { AND: [{ parentTaskId: { in: frontier } }, where] }, select: { id: true } });
    frontier = children.map((c) => c.id).filter((x) => !ids.has(x));
    for (const x of frontier) ids.add(x);
  }
  return [...ids];
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

/**
 * The caller plus the units they belong to: what the permission rules need. A caller resolved
 * from a session carries its units already (read with the session, lib/auth/resolve-caller.ts);
 * others (API keys, jobs, tests) are looked up.
 */
export async function loadViewer(client: Db, caller: Pick<Caller, "userId" | "role" | "unitIds">): Promise<Viewer> {
  if (caller.unitIds) return { userId: caller.userId, role: caller.role, unitIds: [...caller.unitIds] };
  const memberships = await client.unitMembership.findMany({ where: { userId: caller.userId }, select: { unitId: true } });
  return { userId: caller.userId, role: caller.role, unitIds: memberships.map((m) => m.unitId) };
}
