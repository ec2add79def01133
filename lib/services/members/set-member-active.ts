import "server-only";
import { isAdminRole } from "@/lib/auth/permissions";
import { db } from "@/lib/db";
import type { Caller } from "@/lib/auth/resolve-caller";
import { conflict, notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { closePunchAtDeactivation } from "@/lib/services/punch/close-at-deactivation";
import { revokeAllSessions } from "@/lib/services/auth/revoke-all-sessions";
import { idOrNotFound } from "@/lib/services/org/shared";
import { LAST_ADMIN_DEACTIVATE, MEMBER_NOT_FOUND, assertNotLastAdmin, memberSelect, toMemberDto, type MemberDto } from "./shared";

export const CANNOT_DEACTIVATE_SELF = "You cannot deactivate your own account.";

/**
 * Deactivating keeps every row (tasks, punches, audit history) and only flips isActive: the
 * member can no longer sign in, and every live session and token of theirs ends in the same
 * transaction. Reactivating lets them sign in again with their old password. Both are
 * idempotent (no audit row when nothing changes).
 */
export async function setMemberActive(caller: Caller, rawId: unknown, isActive: boolean): Promise<MemberDto> {
  const id = idOrNotFound(rawId, MEMBER_NOT_FOUND);
  return db.$transaction(async (tx) => {
    const before = await tx.user.findUnique({ where: { id }, select: memberSelect });
    if (!before) throw notFound(MEMBER_NOT_FOUND);
    if (before.isActive === isActive) return toMemberDto(before, true);
    let revokedSessions = 0;
    let closedPunch: Awaited<ReturnType<typeof closePunchAtDeactivation>> = null;
    if (!isActive) {
      if (id === caller.userId) throw conflict(CANNOT_DEACTIVATE_SELF);
      if (isAdminRole(before.role)) await assertNotLastAdmin(tx, id, LAST_ADMIN_DEACTIVATE);
    }
    const after = await tx.user.update({ where: { id }, data: { isActive }, select: memberSelect });
    if (!isActive) revokedSessions = await revokeAllSessions(id, { client: tx });
    // An open punch is closed now with reason "Deactivated" and flagged.
    if (!isActive) closedPunch = await closePunchAtDeactivation(tx, id, caller.userId);
    await recordAudit(tx, {
      actorId: caller.userId,
      action: isActive ? "member.reactivate" : "member.deactivate",
      entityType: "user",
      entityId: id,
      before: { isActive: before.isActive },
      after: { isActive },
      metadata: isActive ? undefined : { revokedSessions, closedPunchId: closedPunch?.punchId ?? null },
    });
    return toMemberDto(after, true);
  });
}
