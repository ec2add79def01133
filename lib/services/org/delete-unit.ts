import "server-only";
import { db } from "@/lib/db";
import type { Caller } from "@/lib/auth/resolve-caller";
import { conflict, notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { UNIT_NOT_FOUND } from "./get-unit";
import { OPEN_TASK_STATUSES, idOrNotFound, lockUnitTree, unitAuditFields } from "./shared";

export interface UnitBlockers {
  children: number;
  members: number;
  openTasks: number;
  /** Finished, cancelled or deleted tasks still point at the unit (their history). */
  otherTasks: number;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const joinAnd = (parts: string[]) => (parts.length <= 1 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`);

/** "Cannot delete Operations: it has 3 sub-units and 2 members. Move them first." */
export function describeBlockers(name: string, b: UnitBlockers): string | null {
  const parts = [
    b.children && plural(b.children, "sub-unit", "sub-units"),
    b.members && plural(b.members, "member", "members"),
    b.openTasks && plural(b.openTasks, "open task", "open tasks"),
    b.otherTasks && plural(b.otherTasks, "closed task", "closed tasks"),
  ].filter((p): p is string => Boolean(p));
  if (parts.length === 0) return null;
  return `Cannot delete ${name}: it has ${joinAnd(parts)}. Move them first.`;
}

/**
 * Deletes an empty unit. Sub-units, active members and tasks (open or not: tasks keep their
 * department) block it with a 409 naming them. Memberships of deactivated members go with the
 * unit; projects and processes that pointed at it lose the link (the schema's ON DELETE SET NULL).
 */
export async function deleteUnit(caller: Caller, rawId: unknown): Promise<{ ok: true }> {
  const id = idOrNotFound(rawId, UNIT_NOT_FOUND);
  return db.$transaction(async (tx) => {
    await lockUnitTree(tx);
    const unit = await tx.organizationalUnit.findUnique({
      where: { id },
      select: {
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
            tasks: true,
          },
        },
      },
    });
    if (!unit) throw notFound(UNIT_NOT_FOUND);
    const openTasks = unit._count.tasks
      ? await tx.task.count({ where: { organizationalUnitId: id, deletedAt: null, status: { in: OPEN_TASK_STATUSES } } })
      : 0;
    const blockers: UnitBlockers = {
      children: unit._count.children,
      members: unit._count.memberships,
      openTasks,
      otherTasks: unit._count.tasks - openTasks,
    };
    const message = describeBlockers(unit.name, blockers);
    if (message) throw conflict(message, { blockers });

    const { count: inactiveMemberships } = await tx.unitMembership.deleteMany({ where: { unitId: id } });
    await tx.organizationalUnit.delete({ where: { id } });
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "unit.delete",
      entityType: "organizational_unit",
      entityId: id,
      before: unitAuditFields(unit),
      metadata: inactiveMemberships ? { removedInactiveMemberships: inactiveMemberships } : undefined,
    });
    return { ok: true as const };
  });
}
