import "server-only";
import { BUSINESS_TIME_ZONE } from "@/lib/dates";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { conflict, notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { payPeriodOf, type PayPeriod } from "@/lib/time/calc";
import { rangeInstants } from "@/lib/dates/instants";
import { lockMemberTime } from "./lock-member-time";
import { getTimePolicy } from "./policy";

export const NOT_LOCKED = "This pay period is not locked for this member.";
export const NOTHING_LOCKED = "No member's pay period is locked.";
export const NOT_APPROVED = "This pay period is not approved for these members.";
export const LOCKED_APPROVAL = "This pay period is locked. Unlock it before withdrawing the approval.";

const asDate = (key: string) => new Date(`${key}T00:00:00Z`);
type Tx = Prisma.TransactionClient;
type Selection = { period: string; userIds?: string[] };

/** The period and the members a request names (every active member without `userIds`), each member's time locked. */
async function resolve(tx: Tx, input: Selection) {
  const policy = await getTimePolicy(tx);
  const period = payPeriodOf(input.period, policy);
  const members = await tx.user.findMany({
    where: input.userIds ? { id: { in: input.userIds } } : { isActive: true },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  if (input.userIds && members.length !== new Set(input.userIds).size) throw notFound("Member not found");
  const ids = members.map((m) => m.id);
  await lockMemberTime(tx, ids);
  const rows = await tx.payPeriodLock.findMany({
    where: { userId: { in: ids }, periodStart: asDate(period.start) },
    select: { id: true, userId: true, approvedAt: true, lockedAt: true, unlockedAt: true },
  });
  const rowOf = new Map(rows.map((r) => [r.userId, r]));
  const isLocked = (id: string) => Boolean(rowOf.get(id)?.lockedAt && !rowOf.get(id)?.unlockedAt);
  return { period, ids, rowOf, isLocked };
}

function periodRow(period: PayPeriod) {
  const { startsAt, endsAt } = rangeInstants(period.start, period.end, BUSINESS_TIME_ZONE);
  return { periodEnd: asDate(period.end), startsAt, endsAt };
}

/**
 * POST /api/admin/time/approvals: the first step. Records who approved each member's pay period
 * and when; members already approved keep their approval. Idempotent. One audit row per member
 * approved.
 */
export async function approvePeriod(caller: Pick<Caller, "userId">, input: Selection): Promise<{ period: PayPeriod; approved: number }> {
  return db.$transaction(async (tx) => {
    const { period, ids, rowOf } = await resolve(tx, input);
    const now = new Date();
    let approved = 0;
    for (const id of ids) {
      if (rowOf.get(id)?.approvedAt) continue;
      const data = { approvedAt: now, approvedById: caller.userId };
      await tx.payPeriodLock.upsert({
        where: { userId_periodStart: { userId: id, periodStart: asDate(period.start) } },
        create: { userId: id, periodStart: asDate(period.start), ...periodRow(period), ...data },
        update: data,
      });
      await recordAudit(tx, { actorId: caller.userId, action: "time.period.approve", entityType: "user", entityId: id, after: { period } });
      approved++;
    }
    return { period, approved };
  });
}

/**
 * POST /api/admin/time/approvals/withdraw: takes back the approvals of the named members (or every
 * active member) whose period is not locked; locked members keep theirs. 409 when there is none to
 * take back (the message says so when the members are locked).
 */
export async function withdrawApproval(caller: Pick<Caller, "userId">, input: Selection): Promise<{ period: PayPeriod; withdrawn: number }> {
  return db.$transaction(async (tx) => {
    const { period, ids, rowOf, isLocked } = await resolve(tx, input);
    const lockedIds = ids.filter(isLocked);
    const targets = ids.filter((id) => rowOf.get(id)?.approvedAt && !isLocked(id));
    if (targets.length === 0) throw conflict(lockedIds.length > 0 ? LOCKED_APPROVAL : NOT_APPROVED, lockedIds.length > 0 ? { periodLocked: true } : undefined);
    await tx.payPeriodLock.updateMany({
      where: { id: { in: targets.map((id) => rowOf.get(id)!.id) } },
      data: { approvedAt: null, approvedById: null },
    });
    for (const id of targets) {
      await recordAudit(tx, {
        actorId: caller.userId,
        action: "time.period.withdraw",
        entityType: "user",
        entityId: id,
        before: { period, approvedAt: rowOf.get(id)!.approvedAt },
        after: { period, approved: false },
      });
    }
    return { period, withdrawn: targets.length };
  });
}

/**
 * POST /api/admin/time/locks: the second step. Locks the pay period of the given members (or every
 * active member); from then on every write of their time in it is refused (409). Members not
 * approved yet are locked too (the screen's confirmation counts them first) and the answer says how
 * many. Idempotent: a period already locked stays as it was. One audit row per member locked.
 */
export async function lockPeriod(caller: Pick<Caller, "userId">, input: Selection): Promise<{ period: PayPeriod; locked: number; notApproved: number }> {
  return db.$transaction(async (tx) => {
    const { period, ids, rowOf, isLocked } = await resolve(tx, input);
    const now = new Date();
    let locked = 0;
    let notApproved = 0;
    for (const id of ids) {
      if (isLocked(id)) continue;
      if (!rowOf.get(id)?.approvedAt) notApproved++;
      const data = { lockedAt: now, lockedById: caller.userId, unlockedAt: null, unlockedById: null, unlockReason: null, ...periodRow(period) };
      await tx.payPeriodLock.upsert({
        where: { userId_periodStart: { userId: id, periodStart: asDate(period.start) } },
        create: { userId: id, periodStart: asDate(period.start), ...data },
        update: data,
      });
      await recordAudit(tx, { actorId: caller.userId, action: "time.period.lock", entityType: "user", entityId: id, after: { period, approved: Boolean(rowOf.get(id)?.approvedAt) } });
      locked++;
    }
    return { period, locked, notApproved };
  });
}

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
