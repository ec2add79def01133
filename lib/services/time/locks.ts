import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { conflict } from "@/lib/http/app-error";
import { lockMemberTime } from "./lock-member-time";
import { dateKeyOfDateColumn } from "@/lib/dates";

export const PERIOD_LOCKED = "This pay period is approved and locked. Ask an administrator to unlock it before changing its time.";

type Client = Pick<Prisma.TransactionClient, "payPeriodLock">;
type TxClient = Pick<Prisma.TransactionClient, "payPeriodLock" | "$executeRaw">;

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
 * path of the punch clock and the time card calls it inside its transaction. It first takes the
 * member's time lock (`lockMemberTime`), so the check and the write commit before a lock of the
 * period can start, or see it once it has committed.
 */
export async function assertNotLocked(client: TxClient, userId: string, from: Date, to: Date): Promise<void> {
  await lockMemberTime(client, userId);
  const end = to.getTime() > from.getTime() ? to : new Date(from.getTime() + 1);
  const lock = await findLock(client, userId, from, end);
  if (lock) {
    throw conflict(PERIOD_LOCKED, {
      periodLocked: true,
      period: { start: dateKeyOfDateColumn(lock.periodStart), end: dateKeyOfDateColumn(lock.periodEnd) },
    });
  }
}
