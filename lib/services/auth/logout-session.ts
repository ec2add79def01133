import "server-only";
import { db } from "@/lib/db";
import { now } from "@/lib/auth/clock";
import type { Caller } from "@/lib/auth/resolve-caller";
import { recordAudit } from "@/lib/services/audit/record-audit";

/**
 * Ends the caller's session on the server: the cookie and any access or refresh token of this
 * session stop working at once. Idempotent: without a live session there is nothing to end.
 */
export async function logoutSession(caller: Caller | null): Promise<void> {
  if (!caller?.sessionId) return;
  const { sessionId, userId } = caller;
  await db.$transaction(async (tx) => {
    const { count } = await tx.authSession.updateMany({
      where: { id: sessionId, userId, revokedAt: null },
      data: { revokedAt: now() },
    });
    if (count > 0) {
      await recordAudit(tx, { actorId: userId, action: "auth.logout", entityType: "user", entityId: userId, metadata: { sessionId, via: caller.via } });
    }
  });
}
