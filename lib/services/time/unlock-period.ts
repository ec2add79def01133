import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { conflict } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { payPeriodOf, type PayPeriod } from "@/lib/time/calc";
import { lockMemberTime } from "./lock-member-time";
import { getTimePolicy } from "./policy";
import { NOTHING_LOCKED, NOT_LOCKED, asDate } from "./period-selection";

/**
 * POST /api/admin/time/approvals/unlock: unlocks one member's period (`userId`), the given members'
 * (`userIds`), or every member's that is locked, in one transaction. The approval stays (withdraw it
 * to take it back). The reason is kept on each lock and audited once per member.
 */
export async function unlockPeriod(
  caller: Pick<Caller, "userId">,
  input: { period: string; userId?: string; userIds?: string[]; reason: string },
): Promise<{ period: PayPeriod; unlocked: number }> {
  const policy = await getTimePolicy();
  const period = payPeriodOf(input.period, policy);
  const only = input.userId ? [input.userId] : input.userIds;
  return db.$transaction(async (tx) => {
    const where = { periodStart: asDate(period.start), lockedAt: { not: null }, unlockedAt: null, ...(only ? { userId: { in: only } } : {}) };
    const candidates = await tx.payPeriodLock.findMany({ where, select: { userId: true } });
    await lockMemberTime(tx, candidates.map((l) => l.userId));
    const locks = await tx.payPeriodLock.findMany({ where, select: { id: true, userId: true, lockedAt: true } });
    if (locks.length === 0) throw conflict(input.userId ? NOT_LOCKED : NOTHING_LOCKED);
    await tx.payPeriodLock.updateMany({ where: { id: { in: locks.map((l) => l.id) } }, data: { unlockedAt: new Date(), unlockedById: caller.userId, unlockReason: input.reason } });
    for (const lock of locks) {
      await recordAudit(tx, {
        actorId: caller.userId,
        action: "time.period.unlock",
        entityType: "user",
        entityId: lock.userId,
        before: { period, lockedAt: lock.lockedAt },
        after: { period, unlocked: true },
        metadata: { reason: input.reason },
      });
    }
    return { period, unlocked: locks.length };
  });
}
