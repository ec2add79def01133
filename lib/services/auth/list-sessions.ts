import "server-only";
import { db } from "@/lib/db";
import { now } from "@/lib/auth/clock";
import type { Caller } from "@/lib/auth/resolve-caller";

const MAX_SESSIONS = 100;

/** The caller's live devices, most recently used first, with the current one marked. */
export async function listSessions(caller: Caller) {
  const sessions = await db.authSession.findMany({
    where: { userId: caller.userId, revokedAt: null, expiresAt: { gt: now() } },
    orderBy: { lastSeenAt: "desc" },
    take: MAX_SESSIONS,
    select: { id: true, clientType: true, userAgent: true, ip: true, createdAt: true, lastSeenAt: true, expiresAt: true },
  });
  return { sessions: sessions.map((s) => ({ ...s, current: s.id === caller.sessionId })) };
}
