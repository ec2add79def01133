import "server-only";
import { addDays, BUSINESS_TIME_ZONE, dateKeyOf, eachDay, WEEK_STARTS_ON, type DateKey } from "@/lib/dates";
import { rangeInstants } from "@/lib/dates/instants";
import { db } from "@/lib/db";
import { roundCents } from "@/lib/money";
import { costShift } from "@/lib/pay/cost";
import { computeDays } from "@/lib/time/calc";
import { loadRuleContext } from "@/lib/services/time/figures";
import { getTimePolicy } from "@/lib/services/time/policy";
import type { ScheduleCostAnswer } from "@/lib/validations/pay";
import { costRange, membersWithTime } from "./labour-cost-core";
import type { ShiftRow as ShiftShape } from "@/lib/services/schedule/shift-shape";
import { loadRates } from "./pay-access";

const MINUTE_MS = 60_000;

/** The fields of a shift its cost needs. */
type ShiftRow = Pick<ShiftShape, "id" | "userId" | "unitId" | "roleLabel" | "punchLocation" | "startsAt" | "endsAt" | "breakMinutes">;

/** A shift's paid minutes: its length less the unpaid break. */
const paidMinutesOf = (s: ShiftRow) => Math.max(0, (s.endsAt.getTime() - s.startsAt.getTime()) / MINUTE_MS - s.breakMinutes);

/**
 * Each shift's overtime and double-time minutes, by the same engine as the time card (computeDays,
 * with the member's jurisdiction rules): a member's week of shifts is read as punches (each its
 * paid minutes long), and each day's overtime and double time fall on the day's last minutes,
 * so on its latest shifts. A shift over midnight counts on the day it starts.
 */
async function overtimeOfShifts(shifts: readonly ShiftRow[], from: DateKey, to: DateKey, now: Date): Promise<Map<string, { overtime: number; doubleTime: number }>> {
  const out = new Map<string, { overtime: number; doubleTime: number }>();
  const byMember = Map.groupBy(
    shifts.filter((s) => s.userId !== null),
    (s) => s.userId!,
  );
  if (byMember.size === 0) return out;
  const [policy, rules] = await Promise.all([getTimePolicy(), loadRuleContext([...byMember.keys()], from, to)]);
  for (const [userId, own] of byMember) {
    const punches = own.map((s) => ({
      id: s.id,
      punchInAt: s.startsAt,
      punchOutAt: new Date(s.startsAt.getTime() + paidMinutesOf(s) * MINUTE_MS),
      outReason: null,
      inLocation: s.punchLocation ?? "",
    }));
    const days = computeDays(punches, policy, { timeZone: BUSINESS_TIME_ZONE, weekStartsOn: WEEK_STARTS_ON, now }, from, to, rules.optionsOf(userId, punches, BUSINESS_TIME_ZONE));
    const onDay = Map.groupBy(own, (s) => dateKeyOf(s.startsAt, BUSINESS_TIME_ZONE));
    for (const day of days) {
      let doubleTime = day.doubleTimeMinutes;
      let overtime = day.overtimeMs / MINUTE_MS;
      for (const s of [...(onDay.get(day.date) ?? [])].sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime())) {
        let left = paidMinutesOf(s);
        const dt = Math.min(doubleTime, left);
        left -= dt;
        doubleTime -= dt;
        const ot = Math.min(overtime, left);
        overtime -= ot;
        out.set(s.id, { overtime: ot, doubleTime: dt });
      }
    }
  }
  return out;
}

/**
 * GET /api/labour-cost/schedule: the seven days from `week`, each with what its shifts (drafts and
 * published, every department) cost at the rate in force for the shift's role label or department,
 * over their paid minutes (length less the unpaid break) with the overtime and double time the
 * week's shifts would make (as the time card would count them), beside what the worked time cost
 * (the time card's figures); and each shift's cost and overtime, for the grid. Open shifts and
 * members without a rate count in `unratedShifts`.
 */
export async function getScheduleCost(week: string, now = new Date()): Promise<ScheduleCostAnswer> {
  const from = week;
  const to = addDays(week, 6);
  const { startsAt, endsAt } = rangeInstants(from, to, BUSINESS_TIME_ZONE);
  const shifts = await db.shift.findMany({
    where: { startsAt: { gte: startsAt, lt: endsAt } },
    select: { id: true, userId: true, unitId: true, roleLabel: true, punchLocation: true, startsAt: true, endsAt: true, breakMinutes: true },
  });
  const planned = [...new Set(shifts.map((s) => s.userId).filter((id): id is string => id !== null))];
  const [rates, worked, overtime] = await Promise.all([
    loadRates(planned),
    membersWithTime(from, to).then((ids) => costRange(ids, from, to, now)),
    overtimeOfShifts(shifts, from, to, now),
  ]);
  const scheduled = new Map<string, { minutes: number; cents: number }>();
  const perShift: ScheduleCostAnswer["shifts"] = [];
  let unratedShifts = 0;
  for (const s of shifts) {
    const date = dateKeyOf(s.startsAt, BUSINESS_TIME_ZONE);
    const minutes = paidMinutesOf(s);
    const extra = overtime.get(s.id) ?? { overtime: 0, doubleTime: 0 };
    const cents = s.userId
      ? costShift(rates.get(s.userId) ?? [], { date, minutes, unitId: s.unitId, roleLabel: s.roleLabel, overtimeMinutes: extra.overtime, doubleTimeMinutes: extra.doubleTime })
      : null;
    if (cents === null) unratedShifts++;
    perShift.push({ id: s.id, cents: cents === null ? null : roundCents(cents), overtimeMinutes: extra.overtime + extra.doubleTime });
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
    shifts: perShift,
  };
}
