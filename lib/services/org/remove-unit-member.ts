import "server-only";
import { db } from "@/lib/db";
import type { Caller } from "@/lib/auth/resolve-caller";
import { notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { idOrNotFound } from "./shared";

export const MEMBERSHIP_NOT_FOUND = "This member is not in that unit";

export async function removeUnitMember(caller: Caller, rawUnitId: unknown, rawUserId: unknown): Promise<{ ok: true }> {
  const unitId = idOrNotFound(rawUnitId, MEMBERSHIP_NOT_FOUND);
  const userId = idOrNotFound(rawUserId, MEMBERSHIP_NOT_FOUND);
  return db.$transaction(async (tx) => {
    const { count } = await tx.unitMembership.deleteMany({ where: { unitId, userId } });
    if (count === 0) throw notFound(MEMBERSHIP_NOT_FOUND);
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "unit.member.remove",
      entityType: "organizational_unit",
      entityId: unitId,
      before: { userId },
    });
    return { ok: true as const };
  });
}
