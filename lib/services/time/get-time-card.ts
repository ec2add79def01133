import "server-only";
import { MEMBERS_ONLY } from "@/lib/services/members/members-only";
import { BUSINESS_TIME_ZONE, eachDay, WEEK_STARTS_ON, weekStart } from "@/lib/dates";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { dayOf, nextPayPeriod, payPeriodOf, previousPayPeriod, type DateKey } from "@/lib/time/calc";
import { loadRuleContext, storedFiguresOf } from "./figures";
import { rangeInstants } from "@/lib/dates/instants";
import { loadPunches, type PunchRow } from "./load-time";
import { paidTimeOffOf } from "./time-off-hours";
import { getTimePolicy } from "./policy";
import { timeCardCosts } from "@/lib/services/pay/time-card-cost";
import { DEACTIVATED_REASON } from "@/lib/punch/reason";
import type { z } from "zod";
import type { timeCardSchema } from "@/lib/validations/time";

type TimeCardAnswer = z.input<typeof timeCardSchema>;

/** A member's row as the contract declares it, with the punches the payroll detail export reads (GET /api/admin/time/card drops them). */
export type TimeCardRow = TimeCardAnswer["rows"][number] & { punches: PunchRow[] };

/** The time card as the contract declares it (timeCardSchema), each row with its punches. */
export type TimeCard = Omit<TimeCardAnswer, "rows"> & { rows: TimeCardRow[] };

export interface TimeCardOptions {
  /** A page of `pageSize` members (the grid); without it every member (the payroll exports). */
  page?: number;
  pageSize?: number;
  /** Part of a member's name or e-mail. */
  q?: string;
  /** Add each row's labour cost (only for a caller who may read pay: `canReadPay`, lib/services/pay/pay-access.ts). */
  withCost?: boolean;
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
    ...MEMBERS_ONLY,
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
  const [punches, locks, editCounts, corrections, timeOff, rules] = await Promise.all([
    loadPunches(ids, window.startsAt, window.endsAt),
    db.payPeriodLock.findMany({
      where: { userId: { in: ids }, periodStart: new Date(`${period.start}T00:00:00Z`) },
      include: { approvedBy: { select: { id: true, firstName: true, lastName: true } } },
    }),
    db.timeEdit.groupBy({ by: ["userId"], where: { userId: { in: ids }, punchSession: { punchInAt: { lt: visible.endsAt, gte: window.startsAt } } }, _count: { _all: true } }),
    db.timeCorrectionRequest.groupBy({ by: ["userId"], where: { status: "pending", userId: { in: ids } }, _count: { _all: true } }),
    paidTimeOffOf(ids, period.start, period.end),
    loadRuleContext(ids, period.start, period.end),
  ]);
  const costs = options.withCost ? await timeCardCosts(ids, period.start, period.end, eachDay(period.start, period.end), now) : null;
  const punchesOf = Map.groupBy(punches, (p) => p.userId);
  const dates = eachDay(period.start, period.end);
  const lockOf = new Map(locks.map((l) => [l.userId, l]));
  const editsOf = new Map(editCounts.map((e) => [e.userId, e._count._all]));
  const correctionsOf = new Map(corrections.map((c) => [c.userId, c._count._all]));

  const rows: TimeCardRow[] = members.map((member) => {
    const own = punchesOf.get(member.id) ?? [];
    const inPeriod = own.filter((p) => p.punchInAt < visible.endsAt && (p.punchOutAt === null || p.punchOutAt > visible.startsAt));
    const lock = lockOf.get(member.id);
    // A locked period shows the figures stored when it locked: later rule changes never move them.
    const stored = lock?.lockedAt && !lock.unlockedAt ? storedFiguresOf(lock.figures) : null;
    const figures = stored ?? rules.figuresOf(member.id, own, policy, { timeZone, weekStartsOn: WEEK_STARTS_ON, now }, period);
    return {
      member,
      days: figures.days,
      totals: figures.totals,
      jurisdiction: figures.jurisdiction,
      breakIssues: figures.breakIssues,
      storedFigures: stored !== null,
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
      timeOff: timeOff.get(member.id) ?? [],
      ...(costs ? { cost: costs.get(member.id) } : {}),
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
