import "server-only";
import { db, type Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { now } from "@/lib/auth/clock";

/**
 * Ends every live session of a user (cookies, access and refresh tokens alike), optionally
 * keeping one. Deactivation, password reset and "sign out everywhere" call it; pass a
 * transaction to make it part of a larger write.
 */
export async function revokeAllSessions(
  userId: string,
  opts: { exceptSessionId?: string | null; client?: Db | Prisma.TransactionClient } = {},
): Promise<number> {
  const client = opts.client ?? db;
  const { count } = await client.authSession.updateMany({
    where: { userId, revokedAt: null, ...(opts.exceptSessionId ? { id: { not: opts.exceptSessionId } } : {}) },
    data: { revokedAt: now() },
  });
  return count;
}
