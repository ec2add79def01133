import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

type Client = Pick<Prisma.TransactionClient, "$executeRaw">;

/**
 * Serializes every write of a member's time with the approval and lock of their pay periods:
 * a transaction-scoped Postgres advisory lock on a key derived from the member id (held until
 * the transaction ends). Every time write takes it before reading the locks (through
 * `assertNotLocked`), and approving, withdrawing, locking and unlocking take it for each member
 * before changing their period, so no edit, correction, punch or offline replay can commit time
 * inside a period locked while it ran. Several members are locked in id order (no deadlock).
 */
export async function lockMemberTime(tx: Client, userIds: string | readonly string[]): Promise<void> {
  const ids = [...new Set(typeof userIds === "string" ? [userIds] : userIds)].sort();
  for (const id of ids) {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`bfs.member_time:${id}`}, 0))`;
  }
}
