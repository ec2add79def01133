import "server-only";
import { BUSINESS_TIME_ZONE, WEEK_STARTS_ON, weekStart } from "@/lib/dates";
import { rangeInstants } from "@/lib/dates/instants";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { loadRuleContext } from "@/lib/services/time/figures";
import { getTimePolicy } from "@/lib/services/time/policy";
import { computeDays, dayOf } from "@/lib/time/calc";
import type { Finding } from "./finding";

type Db = PrismaClient | Prisma.TransactionClient;
const MINUTE = 60_000;

export const TIME_RULE_ALERT_KINDS = ["overtime_near_daily", "overtime_near_weekly", "break_due"] as const;
export type TimeRuleAlertKind = (typeof TIME_RULE_ALERT_KINDS)[number];

const lower = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

/**
 * What a manager sees coming (docs/alerts.md, docs/time.md "Break and overtime rules by
 * jurisdiction"), for members on the clock now, under the rules of their day (preset and the
 * policy's own thresholds, the lower wins). `threshold` is minutes; every boundary is strict:
 *  - overtime_near_daily: the day's worked time is less than N minutes short of the daily overtime
 *    threshold (and not over it yet); none where the rules have no daily threshold;
 *  - overtime_near_weekly: the week's regular time is less than N minutes short of the weekly threshold;
 *  - break_due: a meal the rules require by a worked-time deadline is not taken yet, and the
 *    deadline is less than N minutes of work away (not passed yet).
 */
export async function findTimeRuleConditions(db: Db, kind: TimeRuleAlertKind, threshold: number, members: Prisma.UserWhereInput, now: Date): Promise<Finding[]> {
  const timeZone = BUSINESS_TIME_ZONE;
  const today = dayOf(now, timeZone);
  const open = await db.punchSession.findMany({
    where: { punchOutAt: null, autoClosed: false, punchInAt: { lte: now }, user: { isActive: true, ...members } },
    select: { userId: true, user: { select: { firstName: true, lastName: true } } },
    distinct: ["userId"],
  });
  if (open.length === 0) return [];
  const ids = open.map((p) => p.userId);
  const week = weekStart(today, WEEK_STARTS_ON);
  const window = rangeInstants(week, today, timeZone);
  const [policy, rules, punches, memberships] = await Promise.all([
    getTimePolicy(db),
    loadRuleContext(ids, week, today, db),
    db.punchSession.findMany({
      where: { userId: { in: ids }, punchInAt: { lt: window.endsAt }, OR: [{ punchOutAt: null }, { punchOutAt: { gt: window.startsAt } }] },
      select: { id: true, userId: true, punchInAt: true, punchOutAt: true, outReason: true, autoClosed: true, inLocation: true },
    }),
    db.unitMembership.findMany({ where: { userId: { in: ids } }, select: { userId: true, unitId: true } }),
  ]);
  const punchesOf = Map.groupBy(punches, (p) => p.userId);
  const unitsOf = Map.groupBy(memberships, (m) => m.userId);
  const findings: Finding[] = [];
  for (const { userId, user } of open) {
    const own = punchesOf.get(userId) ?? [];
    const options = rules.optionsOf(userId, own, timeZone);
    const dayRules = options.rulesOf!(today);
    const days = computeDays(own, policy, { timeZone, weekStartsOn: WEEK_STARTS_ON, now }, week, today, options);
    const todayFigures = days.at(-1)!;
    const workedToday = Math.floor(todayFigures.workedMs / MINUTE);
    let message: string | null = null;
    let occurrence = `day:${today}`;
    if (kind === "overtime_near_daily") {
      const daily = lower(policy.dailyOvertimeMinutes, dayRules.dailyOvertimeMinutes);
      const left = daily === null ? null : daily - workedToday;
      if (left !== null && left > 0 && left < threshold) message = `${left} min of work left before daily overtime (${daily! / 60} h)`;
    } else if (kind === "overtime_near_weekly") {
      const weekly = lower(policy.weeklyOvertimeMinutes, dayRules.weeklyOvertimeMinutes);
      const regular = Math.floor(days.reduce((sum, d) => sum + d.regularMs, 0) / MINUTE);
      const left = weekly === null ? null : weekly - regular;
      occurrence = `week:${week}`;
      if (left !== null && left > 0 && left < threshold) message = `${left} min of regular time left this week before overtime (${weekly! / 60} h)`;
    } else {
      // The first meal with a deadline, not met yet: today's break time so far is shorter than the meal.
      const meal = dayRules.meals.find((m) => m.startByWorkedMinutes !== null);
      const taken = todayFigures.paidBreakMs + todayFigures.unpaidBreakMs >= (meal?.lengthMinutes ?? 0) * MINUTE;
      if (meal && !taken) {
        const left = meal.startByWorkedMinutes! - workedToday;
        if (left > 0 && left < threshold) message = `A ${meal.lengthMinutes}-minute meal is due within ${left} min of work (${dayRules.name})`;
      }
    }
    if (!message) continue;
    const units = (unitsOf.get(userId) ?? []).map((m) => m.unitId);
    findings.push({
      subjectType: "member",
      subjectId: userId,
      occurrence,
      userId,
      taskId: null,
      unitId: units[0] ?? null,
      href: "/time-logs",
      message,
      subjectUserIds: [userId],
      unitIds: units,
      task: null,
      memberName: `${user.firstName} ${user.lastName}`.trim(),
    });
  }
  return findings;
}

