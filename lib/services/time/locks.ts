import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { conflict } from "@/lib/http/app-error";

export const PERIOD_LOCKED = "This pay period is approved and locked. Ask an administrator to unlock it before changing its time.";

type Client = Pick<Prisma.TransactionClient, "payPeriodLock">;

/** The first locked period of a member overlapping [from, to), or null. */
export async function findLock(client: Client, userId: string, from: Date, to: Date) {
  return client.payPeriodLock.findFirst({
    where: { userId, lockedAt: { not: null }, unlockedAt: null, startsAt: { lt: to }, endsAt: { gt: from } },
    select: { periodStart: true, periodEnd: true },
    orderBy: { startsAt: "asc" },
  });
}

/**
 * Refuses a write whose time (old or new, [from, to)) touches a locked pay period of the member:
 * 409 `{ message, code: "CONFLICT", periodLocked: true, period: { start, end } }`. Every write
 * path of the punch clock and the time card calls it inside its transaction.
 */
export async function assertNotLocked(client: Client, userId: string, from: Date, to: Date): Promise<void> {
  const end = to.getTime() > from.getTime() ? to : new Date(from.getTime() + 1);
  const lock = await findLock(client, userId, from, end);
  if (lock) {
    throw conflict(PERIOD_LOCKED, {
      periodLocked: true,
      period: { start: lock.periodStart.toISOString().slice(0, 10), end: lock.periodEnd.toISOString().slice(0, 10) },
    });
  }
}
