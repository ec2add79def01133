import "server-only";
import { isUuid } from "@/lib/validations/ids";
import { db } from "@/lib/db";
import { AppError } from "@/lib/http/app-error";
import { now } from "@/lib/auth/clock";
import type { Caller } from "@/lib/auth/resolve-caller";
import { recordAudit } from "@/lib/services/audit/record-audit";


/** Signs out one of the caller's own devices. Someone else's session is "not found", like a missing one. */
export async function revokeSession(caller: Caller, sessionId: string): Promise<{ currentRevoked: boolean }> {
  if (!isUuid(sessionId)) throw new AppError("NOT_FOUND", "Session not found");
  return db.$transaction(async (tx) => {
    const { count } = await tx.authSession.updateMany({
      where: { id: sessionId, userId: caller.userId, revokedAt: null, expiresAt: { gt: now() } },
      data: { revokedAt: now() },
    });
    if (count === 0) throw new AppError("NOT_FOUND", "Session not found");
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "auth.session_revoke",
      entityType: "session",
      entityId: sessionId,
      metadata: { userId: caller.userId },
    });
    return { currentRevoked: sessionId === caller.sessionId };
  });
}
