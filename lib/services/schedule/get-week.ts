import "server-only";
import type { z } from "zod";
import type { Caller } from "@/lib/auth/resolve-caller";
import { addDays, businessToday, dateColumnOf, dateKeyOfDateColumn, eachDay, weekStart, WEEK_STARTS_ON } from "@/lib/dates";
import { holidaysOn } from "@/lib/dates/holidays";
import { rangeInstants } from "@/lib/dates/instants";
import { db } from "@/lib/db";
import type { scheduleWeekSchema } from "@/lib/schedule/contracts";
import { availabilityOn } from "@/lib/services/availability/availability";
import { scheduledUnitIds } from "./scope";
import { memberName, shiftSelect, toShifts } from "./shift-shape";

/** Shifts of one week on the grid: at most this many (200 members × 7 days × 2 shifts, with room). */
const WEEK_SHIFT_LIMIT = 5000;

/** What a week's answer depends on besides the data: the week, the departments the caller plans, the filter (lib/cache/schedule-cache.ts). */
export async function scheduleWeekKey(caller: Caller, query: { week?: string; unitId?: string }): Promise<string> {
  const scope = await scheduledUnitIds(caller);
  return [weekStart(query.week ?? businessToday(), WEEK_STARTS_ON), scope === null ? "*" : [...scope].sort().join(","), query.unitId ?? ""].join("|");
}

/**
 * GET /api/schedule: one week (Monday first, in the business zone) of the departments the
 * caller plans: their active members, every shift that starts in the week (drafts too), the
 * holidays of the calendar the recurrence engine uses, and the time policy's weekly overtime
 * threshold, the members' approved time off and availability. Six queries, whatever the number of departments.
 */
export async function getScheduleWeek(caller: Caller, query: { week?: string; unitId?: string }): Promise<z.output<typeof scheduleWeekSchema>> {
  const first = weekStart(query.week ?? businessToday(), WEEK_STARTS_ON);
  const last = addDays(first, 6);
  const { startsAt, endsAt } = rangeInstants(first, last);
  const scope = await scheduledUnitIds(caller);
  const unitWhere = {
    ...(scope === null ? {} : { id: { in: scope } }),
    ...(query.unitId ? { AND: [{ id: query.unitId }] } : {}),
  };
  const [units, rows, policy, posts] = await Promise.all([
    db.organizationalUnit.findMany({
      where: unitWhere,
      orderBy: [{ name: "asc" }, { id: "asc" }],
      select: {
        id: true,
        name: true,
        memberships: { where: { user: { isActive: true } }, select: { user: { select: { id: true, firstName: true, lastName: true } } } },
      },
    }),
    db.shift.findMany({
      where: { startsAt: { gte: startsAt, lt: endsAt }, unit: unitWhere },
      orderBy: [{ startsAt: "asc" }, { id: "asc" }],
      take: WEEK_SHIFT_LIMIT,
      select: shiftSelect,
    }),
    db.timePolicy.findUnique({ where: { id: "default" }, select: { weeklyOvertimeMinutes: true } }),
    db.punchStation.findMany({ where: { deletedAt: null }, orderBy: { location: "asc" }, select: { location: true, name: true } }),
  ]);
  const memberIds = [...new Set(units.flatMap((u) => u.memberships.map((m) => m.user.id)))];
  const [timeOff, availability] = await Promise.all([
    db.timeOffRequest.findMany({
      where: { status: "approved", userId: { in: memberIds }, startDay: { lte: dateColumnOf(last) }, endDay: { gte: dateColumnOf(first) } },
      orderBy: [{ startDay: "asc" }, { id: "asc" }],
      select: { id: true, userId: true, startDay: true, endDay: true, fullDays: true, minutesPerDay: true, type: { select: { name: true } } },
    }),
    availabilityOn(db, memberIds, eachDay(first, last)),
  ]);
  return {
    weekStart: first,
    days: eachDay(first, last).map((date) => ({ date, holidays: holidaysOn(date) })),
    weeklyOvertimeMinutes: policy ? policy.weeklyOvertimeMinutes : 2400,
    departments: units.map((u) => ({
      id: u.id,
      name: u.name,
      members: u.memberships.map((m) => ({ id: m.user.id, name: memberName(m.user) })).sort((a, b) => a.name.localeCompare(b.name)),
    })),
    posts: posts.map((p) => ({ location: p.location, name: p.name ?? p.location })),
    shifts: await toShifts(db, rows),
    timeOff: timeOff.map((t) => ({
      id: t.id,
      userId: t.userId,
      typeName: t.type.name,
      startDay: dateKeyOfDateColumn(t.startDay),
      endDay: dateKeyOfDateColumn(t.endDay),
      fullDays: t.fullDays,
      hoursPerDay: t.minutesPerDay / 60,
    })),
    availability,
  };
}
