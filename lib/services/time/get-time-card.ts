import "server-only";
import { BUSINESS_TIME_ZONE, eachDay, WEEK_STARTS_ON, weekStart } from "@/lib/dates";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import {
  computeDays,
  dayOf,
  nextPayPeriod,
  payPeriodOf,
  previousPayPeriod,
  sumDays,
  type DateKey,
  type PayPeriod,
  type RangeTotals,
  type TimePolicyValues,
} from "@/lib/time/calc";
import { rangeInstants } from "@/lib/dates/instants";
import { loadPunches, type PunchRow } from "./load-time";
import { getTimePolicy } from "./policy";
import { DEACTIVATED_REASON } from "@/lib/services/punch/close-at-deactivation";
import type { CardFlags } from "@/lib/time/labels";

export interface TimeCardRow {
  member: { id: string; firstName: string; lastName: string; email: string; memberType: string; isActive: boolean; payrollId: string | null };
  days: { date: DateKey; workedMs: number }[];
  totals: RangeTotals;
  flags: CardFlags;
  approval: {
    approved: boolean;
    approvedAt: string | null;
    approvedBy: { id: string; name: string } | null;
    locked: boolean;
    lockedAt: string | null;
    unlockedAt: string | null;
    unlockReason: string | null;
  };
  punches: PunchRow[];
}

export interface TimeCard {
  period: PayPeriod;
  previous: DateKey;
  next: DateKey;
  timeZone: string;
  policy: TimePolicyValues;
  dates: DateKey[];
  rows: TimeCardRow[];
  pendingCorrections: number;
  /** Members matching the filter across every page, and whether each of them is approved and locked. */
  total: number;
  allLocked: boolean;
  /** Members matching the filter whose period is approved and locked (for "Unlock all"). */
  lockedCount: number;
  page: number;
  pages: number;
}

export interface TimeCardOptions {
  /** A page of `pageSize` members (the grid); without it every member (the payroll exports). */
  page?: number;
  pageSize?: number;
  /** Part of a member's name or e-mail. */
  q?: string;
}

export const TIME_CARD_PAGE_SIZE = 50;

/**
 * GET /api/admin/time/card: the pay period containing `period` (default today) for every active
 * member, plus inactive members with time in it, optionally one page of them and filtered by name.
 * A fixed number of queries whatever the head count (members, punches, locks, edits/corrections);
 * the calculation runs per member in memory.
 */
export async function getTimeCard(periodDay: DateKey | undefined, options: TimeCardOptions = {}, now = new Date()): Promise<TimeCard> {
  const policy = await getTimePolicy();
  const timeZone = BUSINESS_TIME_ZONE;
  const period = payPeriodOf(periodDay ?? dayOf(now, timeZone), policy);
  const window = rangeInstants(weekStart(period.start, WEEK_STARTS_ON), period.end, timeZone);
  const visible = rangeInstants(period.start, period.end, timeZone);

  const withTime = await db.punchSession.findMany({
    where: { punchInAt: { lt: visible.endsAt }, OR: [{ punchOutAt: null }, { punchOutAt: { gt: visible.startsAt } }], user: { isActive: false } },
    select: { userId: true },
    distinct: ["userId"],
  });
  const q = options.q?.trim();
  const where: Prisma.UserWhereInput = {
    OR: [{ isActive: true }, { id: { in: withTime.map((p) => p.userId) } }],
    ...(q ? { AND: [{ OR: (["firstName", "lastName", "email"] as const).map((field) => ({ [field]: { contains: q, mode: "insensitive" as const } })) }] } : {}),
  };
  const pageSize = options.pageSize ?? TIME_CARD_PAGE_SIZE;
  const paged = options.page !== undefined;
  const [members, total, lockedTotal, pendingCorrections] = await Promise.all([
    db.user.findMany({
      where,
      select: { id: true, firstName: true, lastName: true, email: true, memberType: true, isActive: true, payrollId: true },
      orderBy: [{ lastName: "asc" }, { firstName: "asc" }, { id: "asc" }],
      ...(paged ? { skip: (Math.max(1, options.page!) - 1) * pageSize, take: pageSize } : {}),
    }),
    db.user.count({ where }),
    db.payPeriodLock.count({ where: { periodStart: new Date(`${period.start}T00:00:00Z`), lockedAt: { not: null }, unlockedAt: null, user: where } }),
    db.timeCorrectionRequest.count({ where: { status: "pending", user: where } }),
  ]);
  const ids = members.map((m) => m.id);
  const [punches, locks, editCounts, corrections] = await Promise.all([
    loadPunches(ids, window.startsAt, window.endsAt),
    db.payPeriodLock.findMany({
      where: { userId: { in: ids }, periodStart: new Date(`${period.start}T00:00:00Z`) },
      include: { approvedBy: { select: { id: true, firstName: true, lastName: true } } },
    }),
    db.timeEdit.groupBy({ by: ["userId"], where: { userId: { in: ids }, punchSession: { punchInAt: { lt: visible.endsAt, gte: window.startsAt } } }, _count: { _all: true } }),
    db.timeCorrectionRequest.groupBy({ by: ["userId"], where: { status: "pending", userId: { in: ids } }, _count: { _all: true } }),
  ]);
  const punchesOf = Map.groupBy(punches, (p) => p.userId);
  const dates = eachDay(period.start, period.end);
  const lockOf = new Map(locks.map((l) => [l.userId, l]));
  const editsOf = new Map(editCounts.map((e) => [e.userId, e._count._all]));
  const correctionsOf = new Map(corrections.map((c) => [c.userId, c._count._all]));

  const rows: TimeCardRow[] = members.map((member) => {
    const own = punchesOf.get(member.id) ?? [];
    const days = computeDays(own, policy, { timeZone, weekStartsOn: WEEK_STARTS_ON, now }, period.start, period.end);
    const inPeriod = own.filter((p) => p.punchInAt < visible.endsAt && (p.punchOutAt === null || p.punchOutAt > visible.startsAt));
    const lock = lockOf.get(member.id);
    return {
      member,
      days: days.map((d) => ({ date: d.date, workedMs: d.workedMs })),
      totals: sumDays(days),
      flags: {
        open: inPeriod.filter((p) => p.punchOutAt === null).length,
        forgotten: inPeriod.filter((p) => p.flaggedAt !== null).length,
        autoClosed: inPeriod.filter((p) => p.autoClosed).length,
        deactivated: inPeriod.filter((p) => p.outReason === DEACTIVATED_REASON).length,
        // Punches sent later from a phone's offline queue, at the phone's time: review them.
        offline: inPeriod.filter((p) => p.recordedOfflineAt !== null).length,
        edited: editsOf.get(member.id) ?? 0,
        pendingCorrections: correctionsOf.get(member.id) ?? 0,
      },
      approval: {
        approved: Boolean(lock?.approvedAt),
        approvedAt: lock?.approvedAt?.toISOString() ?? null,
        approvedBy: lock?.approvedAt && lock.approvedBy ? { id: lock.approvedBy.id, name: `${lock.approvedBy.firstName} ${lock.approvedBy.lastName}`.trim() } : null,
        locked: Boolean(lock?.lockedAt && !lock.unlockedAt),
        lockedAt: lock?.lockedAt?.toISOString() ?? null,
        unlockedAt: lock?.unlockedAt?.toISOString() ?? null,
        unlockReason: lock?.unlockReason ?? null,
      },
      punches: inPeriod,
    };
  });
  return {
    period,
    previous: previousPayPeriod(period, policy).start,
    next: nextPayPeriod(period, policy).start,
    timeZone,
    policy,
    dates,
    rows,
    pendingCorrections,
    total,
    allLocked: total > 0 && lockedTotal === total,
    lockedCount: lockedTotal,
    page: paged ? Math.max(1, options.page!) : 1,
    pages: paged ? Math.max(1, Math.ceil(total / pageSize)) : 1,
  };
}
