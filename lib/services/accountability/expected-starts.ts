import "server-only";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { addDays } from "@/lib/dates";
import { isBusinessDay } from "@/lib/dates/business-days";
import { combineDayAndTime, splitInstant } from "@/lib/dates/day-time";
import { firstShiftByDay } from "@/lib/schedule/attendance";
import { minutesToTime } from "@/lib/validations/accountability";

type Db = PrismaClient | Prisma.TransactionClient;

export interface ExpectedStartOf {
  minutes: number;
  time: string;
  /** "member" when set on the member, "unit" when it comes from one of their units. */
  source: "member" | "unit";
}

/**
 * When each member is expected to punch in on a business day: their own expected start, else
 * the earliest of their units'. Members with neither have none (no missed or late punch-ins).
 */
export async function loadExpectedStarts(db: Db, userIds: string[]): Promise<Map<string, ExpectedStartOf>> {
  const result = new Map<string, ExpectedStartOf>();
  if (userIds.length === 0) return result;
  const [own, memberships] = await Promise.all([
    db.expectedStart.findMany({ where: { userId: { in: userIds } }, select: { userId: true, startMinutes: true } }),
    db.unitMembership.findMany({ where: { userId: { in: userIds }, unit: { expectedStart: { isNot: null } } }, select: { userId: true, unit: { select: { expectedStart: { select: { startMinutes: true } } } } } }),
  ]);
  for (const m of memberships) {
    const minutes = m.unit.expectedStart?.startMinutes;
    if (minutes === undefined) continue;
    const current = result.get(m.userId);
    if (!current || minutes < current.minutes) result.set(m.userId, { minutes, time: minutesToTime(minutes), source: "unit" });
  }
  for (const row of own) if (row.userId) result.set(row.userId, { minutes: row.startMinutes, time: minutesToTime(row.startMinutes), source: "member" });
  return result;
}

export interface DayStartOf {
  /** The instant the member is expected to punch in. */
  at: Date;
  /** "HH:MM", 24-hour, business zone. */
  time: string;
  /** "shift" when a published shift of that day sets it; otherwise where the expected start time comes from. */
  source: "shift" | "member" | "unit";
  /** The shift that sets it (source "shift"). */
  shift: { id: string; startsAt: Date; endsAt: Date } | null;
}

/** The key of a member's day in `loadDayStarts`' answer. */
export const dayStartKey = (userId: string, day: string) => `${userId}|${day}`;

/**
 * When each member is expected to punch in on each of `days` (business-zone "yyyy-MM-dd"): the
 * start of their first published shift starting that day (any day of the week); where they have
 * none, on business days, their expected start time (loadExpectedStarts), so a setup without
 * schedules reads as before. Two reads whatever the number of members and days.
 */
export async function loadDayStarts(db: Db, userIds: string[], days: string[]): Promise<Map<string, DayStartOf>> {
  const result = new Map<string, DayStartOf>();
  if (userIds.length === 0 || days.length === 0) return result;
  const sorted = [...days].sort();
  const [starts, shifts] = await Promise.all([
    loadExpectedStarts(db, userIds),
    db.shift.findMany({
      where: { userId: { in: userIds }, status: "published", startsAt: { gte: combineDayAndTime(sorted[0], 0, "start"), lt: combineDayAndTime(addDays(sorted.at(-1)!, 1), 0, "start") } },
      select: { id: true, userId: true, startsAt: true, endsAt: true },
    }),
  ]);
  const firstShift = firstShiftByDay(shifts);
  for (const day of sorted) {
    const businessDay = isBusinessDay(day);
    for (const userId of userIds) {
      const shift = firstShift.get(dayStartKey(userId, day));
      if (shift) {
        result.set(dayStartKey(userId, day), { at: shift.startsAt, time: minutesToTime(splitInstant(shift.startsAt, "start").minutes ?? 0), source: "shift", shift: { id: shift.id, startsAt: shift.startsAt, endsAt: shift.endsAt } });
        continue;
      }
      const expected = businessDay ? starts.get(userId) : undefined;
      if (expected) result.set(dayStartKey(userId, day), { at: combineDayAndTime(day, expected.minutes, "start"), time: expected.time, source: expected.source, shift: null });
    }
  }
  return result;
}
