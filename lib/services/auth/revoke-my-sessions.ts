import "server-only";
import { db } from "@/lib/db";
import type { Caller } from "@/lib/auth/resolve-caller";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { revokeAllSessions } from "./revoke-all-sessions";

/** DELETE /api/auth/sessions: sign out every other device ("others") or this one too ("all"). */
export async function revokeMySessions(caller: Caller, scope: "others" | "all"): Promise<{ revoked: number; currentRevoked: boolean }> {
  return db.$transaction(async (tx) => {
    const keep = scope === "others" ? caller.sessionId : null;
    const revoked = await revokeAllSessions(caller.userId, { exceptSessionId: keep, client: tx });
    await recordAudit(tx, {
      actorId: caller.userId,
      action: scope === "all" ? "auth.sessions_revoke_all" : "auth.sessions_revoke_others",
      entityType: "user",
      entityId: caller.userId,
      metadata: { revoked },
    });
    return { revoked, currentRevoked: scope === "all" && caller.sessionId !== null };
  });
}
