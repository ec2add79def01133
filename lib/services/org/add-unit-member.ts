import "server-only";
import { db } from "@/lib/db";
import type { Caller } from "@/lib/auth/resolve-caller";
import { badRequest, conflict, notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { UNIT_NOT_FOUND } from "./get-unit";
import { toUnitMemberItem, unitMemberSelect, type UnitMemberItem } from "./list-unit-members";
import { idOrNotFound } from "./shared";

export async function addUnitMember(caller: Caller, rawUnitId: unknown, userId: string): Promise<UnitMemberItem> {
  const unitId = idOrNotFound(rawUnitId, UNIT_NOT_FOUND);
  return db.$transaction(async (tx) => {
    const [unit, user] = await Promise.all([
      tx.organizationalUnit.findUnique({ where: { id: unitId }, select: { id: true, name: true } }),
      tx.user.findUnique({ where: { id: userId }, select: { id: true, firstName: true, lastName: true, isActive: true } }),
    ]);
    if (!unit) throw notFound(UNIT_NOT_FOUND);
    if (!user) throw badRequest("Member not found", { field: "userId" });
    if (!user.isActive) throw badRequest(`${user.firstName} ${user.lastName} is deactivated. Reactivate them first.`, { field: "userId" });
    const existing = await tx.unitMembership.findUnique({ where: { unitId_userId: { unitId, userId } }, select: { id: true } });
    if (existing) throw conflict(`${user.firstName} ${user.lastName} is already a member of ${unit.name}.`);
    const membership = await tx.unitMembership.create({ data: { unitId, userId }, select: unitMemberSelect });
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "unit.member.add",
      entityType: "organizational_unit",
      entityId: unitId,
      after: { userId },
    });
    return toUnitMemberItem(membership);
  });
}
