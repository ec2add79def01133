import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { can, type Role } from "@/lib/auth/permissions";
import { conflict } from "@/lib/http/app-error";
import { lockMemberTime } from "./lock-member-time";
import { dateKeyOfDateColumn } from "@/lib/dates";

export const PERIOD_LOCKED = "This pay period is approved and locked. Ask an administrator to unlock it before changing its time.";
/** The same refusal, to someone who may unlock the period themself (`time.lock`). */
export const PERIOD_LOCKED_YOU_MAY_UNLOCK = "This pay period is locked. Unlock it on the time card before changing its time.";

/** Who reads a refusal: an administrator is never told to ask an administrator. */
export type LockReader = { userId: string; role?: Role };
export const periodLockedMessage = (reader?: LockReader) => (reader?.role && can(reader.role, "time.lock") ? PERIOD_LOCKED_YOU_MAY_UNLOCK : PERIOD_LOCKED);

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
 * period can start, or see it once it has committed. `reader` is who gets the refusal: someone who
 * may unlock (`time.lock`) is told to unlock it, everyone else to ask an administrator.
 */
export async function assertNotLocked(client: TxClient, userId: string, from: Date, to: Date, reader?: LockReader): Promise<void> {
  await lockMemberTime(client, userId);
  const end = to.getTime() > from.getTime() ? to : new Date(from.getTime() + 1);
  const lock = await findLock(client, userId, from, end);
  if (lock) {
    throw conflict(periodLockedMessage(reader), {
      periodLocked: true,
      period: { start: dateKeyOfDateColumn(lock.periodStart), end: dateKeyOfDateColumn(lock.periodEnd) },
    });
  }
}
