import "server-only";
import { addDays, BUSINESS_TIME_ZONE, dateKeyOf, eachDay } from "@/lib/dates";
import { rangeInstants } from "@/lib/dates/instants";
import { db } from "@/lib/db";
import { roundCents } from "@/lib/money";
import { costShift } from "@/lib/pay/cost";
import type { ScheduleCostAnswer } from "@/lib/validations/pay";
import { costRange, membersWithTime } from "./labour-cost-core";
import { loadRates } from "./pay-access";

/**
 * GET /api/labour-cost/schedule: the seven days from `week`, each with what its shifts (drafts and
 * published, every department) cost at the rate in force for the shift's role label or department,
 * 1× over their paid minutes (length less the unpaid break), beside what the worked time cost
 * (the time card's figures). Open shifts and members without a rate count in `unratedShifts`.
 */
export async function getScheduleCost(week: string, now = new Date()): Promise<ScheduleCostAnswer> {
  const from = week;
  const to = addDays(week, 6);
  const { startsAt, endsAt } = rangeInstants(from, to, BUSINESS_TIME_ZONE);
  const shifts = await db.shift.findMany({
    where: { startsAt: { gte: startsAt, lt: endsAt } },
    select: { userId: true, unitId: true, roleLabel: true, startsAt: true, endsAt: true, breakMinutes: true },
  });
  const planned = [...new Set(shifts.map((s) => s.userId).filter((id): id is string => id !== null))];
  const [rates, worked] = await Promise.all([loadRates(planned), membersWithTime(from, to).then((ids) => costRange(ids, from, to, now))]);
  const scheduled = new Map<string, { minutes: number; cents: number }>();
  let unratedShifts = 0;
  for (const s of shifts) {
    const date = dateKeyOf(s.startsAt, BUSINESS_TIME_ZONE);
    const minutes = Math.max(0, (s.endsAt.getTime() - s.startsAt.getTime()) / 60_000 - s.breakMinutes);
    const cents = s.userId ? costShift(rates.get(s.userId) ?? [], { date, minutes, unitId: s.unitId, roleLabel: s.roleLabel }) : null;
    if (cents === null) unratedShifts++;
    const sum = scheduled.get(date) ?? { minutes: 0, cents: 0 };
    sum.minutes += minutes;
    sum.cents += cents ?? 0;
    scheduled.set(date, sum);
  }
  const workedOf = new Map<string, number>();
  for (const mine of worked.days.values()) for (const d of mine.values()) workedOf.set(d.minutes.date, (workedOf.get(d.minutes.date) ?? 0) + d.cost.cents);
  const days = eachDay(from, to).map((date) => ({
    date,
    scheduledMinutes: scheduled.get(date)?.minutes ?? 0,
    scheduledCents: roundCents(scheduled.get(date)?.cents ?? 0),
    workedCents: roundCents(workedOf.get(date) ?? 0),
  }));
  return {
    from,
    to,
    days,
    scheduledCents: roundCents([...scheduled.values()].reduce((s, d) => s + d.cents, 0)),
    workedCents: roundCents([...workedOf.values()].reduce((s, c) => s + c, 0)),
    unratedShifts,
  };
}
