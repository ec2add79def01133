import "server-only";
import { isUuid } from "@/lib/validations/ids";
import { db } from "@/lib/db";
import { AppError } from "@/lib/http/app-error";
import { now } from "@/lib/auth/clock";
import type { Caller } from "@/lib/auth/resolve-caller";
import { invitationSelect, toInvitationView } from "./invitation-view";
import { recordAudit } from "@/lib/services/audit/record-audit";


/** Withdraws an unused invitation. Revoking twice is harmless; a used one can't be revoked (409). */
export async function revokeInvitation(caller: Caller, id: string) {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", "Invitation not found");
  const at = now();
  return db.$transaction(async (tx) => {
    const current = await tx.invitation.findUnique({ where: { id }, select: { usedAt: true, revokedAt: true } });
    if (!current) throw new AppError("NOT_FOUND", "Invitation not found");
    if (current.usedAt) throw new AppError("CONFLICT", "This invitation has already been used");
    if (!current.revokedAt) {
      const { count } = await tx.invitation.updateMany({ where: { id, usedAt: null, revokedAt: null }, data: { revokedAt: at } });
      if (count !== 1) throw new AppError("CONFLICT", "This invitation has already been used");
      await recordAudit(tx, { actorId: caller.userId, action: "invitation.revoke", entityType: "invitation", entityId: id });
    }
    const row = await tx.invitation.findUniqueOrThrow({ where: { id }, select: invitationSelect });
    return { invitation: toInvitationView(row, at) };
  });
}
