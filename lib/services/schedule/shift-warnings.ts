import "server-only";
import type { z } from "zod";
import { addDays, dateColumnOf, dateKeyOf, dateKeyOfDateColumn, eachDay, weekStart, WEEK_STARTS_ON } from "@/lib/dates";
import { rangeInstants } from "@/lib/dates/instants";
import type { Db } from "@/lib/db";
import { shiftConflicts } from "@/lib/schedule/conflicts";
import type { shiftWarningSchema } from "@/lib/validations/schedule";
import { availabilityOn } from "@/lib/services/availability/availability";

type Warning = z.output<typeof shiftWarningSchema>;

/**
 * What a saved shift runs into (docs/schedules.md "Conflicts and overtime"), for the answer of
 * POST and PATCH /api/schedule/shifts: its member's approved time off, unavailable time or time
 * outside their availability, and the week's overtime threshold, judged by the same pure function
 * as the grid (lib/schedule/conflicts.ts). They warn; they never refuse (an overlap does: the
 * database's exclusion constraint answers 409 before this runs). An open shift has none.
 */
export async function shiftWarnings(
  client: Db,
  shift: { id: string; userId: string | null; memberName: string | null; startsAt: string; endsAt: string; breakMinutes: number },
): Promise<Warning[]> {
  if (!shift.userId) return [];
  const userId = shift.userId;
  const first = weekStart(dateKeyOf(shift.startsAt), WEEK_STARTS_ON);
  const last = addDays(first, 6);
  const { startsAt, endsAt } = rangeInstants(first, last);
  const lastDay = dateKeyOf(shift.endsAt) > last ? dateKeyOf(shift.endsAt) : last;
  const [policy, shifts, timeOff, availability] = await Promise.all([
    client.timePolicy.findUnique({ where: { id: "default" }, select: { weeklyOvertimeMinutes: true } }),
    client.shift.findMany({ where: { userId, startsAt: { gte: startsAt, lt: endsAt } }, select: { id: true, userId: true, startsAt: true, endsAt: true, breakMinutes: true } }),
    client.timeOffRequest.findMany({
      where: { userId, status: "approved", startDay: { lte: dateColumnOf(lastDay) }, endDay: { gte: dateColumnOf(first) } },
      select: { userId: true, startDay: true, endDay: true, type: { select: { name: true } } },
    }),
    availabilityOn(client, [userId], eachDay(first, lastDay)),
  ]);
  return shiftConflicts(
    shift,
    {
      days: eachDay(first, last).map((date) => ({ date })),
      weeklyOvertimeMinutes: policy ? policy.weeklyOvertimeMinutes : 2400,
      shifts: shifts.map((s) => ({ ...s, startsAt: s.startsAt.toISOString(), endsAt: s.endsAt.toISOString() })),
      timeOff: timeOff.map((t) => ({ userId: t.userId, typeName: t.type.name, startDay: dateKeyOfDateColumn(t.startDay), endDay: dateKeyOfDateColumn(t.endDay) })),
      availability,
    },
    shift.memberName ?? "This member",
  );
}
