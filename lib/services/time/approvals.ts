import "server-only";
import { BUSINESS_TIME_ZONE } from "@/lib/dates";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { conflict, notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { payPeriodOf, type PayPeriod } from "@/lib/time/calc";
import { rangeInstants } from "@/lib/dates/instants";
import { getTimePolicy } from "./policy";

export const NOT_LOCKED = "This pay period is not locked for this member.";
export const NOTHING_LOCKED = "No member's pay period is locked.";

const asDate = (key: string) => new Date(`${key}T00:00:00Z`);

/**
 * POST /api/admin/time/approvals: approves and locks the pay period containing `period` for the
 * given members, or for every active member. Idempotent: a period already locked stays as it
 * was; an unlocked one is locked again. One audit row per member locked.
 */
export async function approvePeriod(caller: Pick<Caller, "userId">, input: { period: string; userIds?: string[] }): Promise<{ period: PayPeriod; locked: number }> {
  const policy = await getTimePolicy();
  const period = payPeriodOf(input.period, policy);
  const { startsAt, endsAt } = rangeInstants(period.start, period.end, BUSINESS_TIME_ZONE);
  return db.$transaction(async (tx) => {
    const members = await tx.user.findMany({
      where: input.userIds ? { id: { in: input.userIds } } : { isActive: true },
      select: { id: true },
    });
    if (input.userIds && members.length !== new Set(input.userIds).size) throw notFound("Member not found");
    const existing = await tx.payPeriodLock.findMany({
      where: { userId: { in: members.map((m) => m.id) }, periodStart: asDate(period.start) },
      select: { userId: true, lockedAt: true, unlockedAt: true },
    });
    const lockedAlready = new Set(existing.filter((l) => l.lockedAt && !l.unlockedAt).map((l) => l.userId));
    const now = new Date();
    let locked = 0;
    for (const { id } of members) {
      if (lockedAlready.has(id)) continue;
      const data = { lockedAt: now, lockedById: caller.userId, unlockedAt: null, unlockedById: null, unlockReason: null, periodEnd: asDate(period.end), startsAt, endsAt };
      await tx.payPeriodLock.upsert({
        where: { userId_periodStart: { userId: id, periodStart: asDate(period.start) } },
        create: { userId: id, periodStart: asDate(period.start), ...data },
        update: data,
      });
      await recordAudit(tx, { actorId: caller.userId, action: "time.period.lock", entityType: "user", entityId: id, after: { period } });
      locked++;
    }
    return { period, locked };
  });
}

/**
 * POST /api/admin/time/approvals/unlock: unlocks one member's period, or (no userId) every member's
 * period that is locked, in one transaction. The reason is kept on each lock and audited once per
 * member, as a single unlock is.
 */
export async function unlockPeriod(caller: Pick<Caller, "userId">, input: { period: string; userId?: string; reason: string }): Promise<{ period: PayPeriod; unlocked: number }> {
  const policy = await getTimePolicy();
  const period = payPeriodOf(input.period, policy);
  return db.$transaction(async (tx) => {
    const locks = await tx.payPeriodLock.findMany({
      where: { periodStart: asDate(period.start), lockedAt: { not: null }, unlockedAt: null, ...(input.userId ? { userId: input.userId } : {}) },
      select: { id: true, userId: true, lockedAt: true },
    });
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
