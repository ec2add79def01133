import "server-only";
import type { z } from "zod";
import type { Caller } from "@/lib/auth/resolve-caller";
import { addDays, businessToday } from "@/lib/dates";
import { rangeInstants } from "@/lib/dates/instants";
import { db } from "@/lib/db";
import type { myScheduleSchema } from "@/lib/schedule/contracts";
import { unitIdsOf } from "./scope";
import { memberName, shiftSelect, toShifts } from "./shift-shape";

/** How far ahead /schedule/me looks. */
export const MY_SCHEDULE_DAYS = 28;
const TEAM_LIMIT = 2000;

/**
 * GET /api/schedule/me: my published shifts that have not ended (from `from`, four weeks), the
 * published open shifts of my departments that I may claim (free at that time), and my
 * departments' published shifts with names and times only. Drafts are the planner's.
 */
export async function getMySchedule(caller: Caller, query: { from?: string }, now = new Date()): Promise<z.output<typeof myScheduleSchema>> {
  const from = query.from ?? businessToday(now);
  const to = addDays(from, MY_SCHEDULE_DAYS - 1);
  const { startsAt, endsAt } = rangeInstants(from, to);
  const notEnded = { gt: now > startsAt ? now : startsAt };
  const units = await unitIdsOf(caller);
  const [mine, open, team] = await Promise.all([
    db.shift.findMany({
      where: { userId: caller.userId, status: "published", endsAt: notEnded, startsAt: { lt: endsAt } },
      orderBy: [{ startsAt: "asc" }, { id: "asc" }],
      take: 200,
      select: shiftSelect,
    }),
    db.shift.findMany({
      where: { userId: null, status: "published", unitId: { in: units }, startsAt: { gte: now > startsAt ? now : startsAt, lt: endsAt } },
      orderBy: [{ startsAt: "asc" }, { id: "asc" }],
      take: 200,
      select: shiftSelect,
    }),
    db.shift.findMany({
      where: { userId: { not: null }, status: "published", unitId: { in: units }, startsAt: { gte: startsAt, lt: endsAt } },
      orderBy: [{ startsAt: "asc" }, { id: "asc" }],
      take: TEAM_LIMIT,
      select: { startsAt: true, endsAt: true, user: { select: { firstName: true, lastName: true } }, unit: { select: { name: true } } },
    }),
  ]);
  // An open shift is offered only when it fits between my own shifts.
  const free = open.filter((s) => !mine.some((m) => m.startsAt < s.endsAt && s.startsAt < m.endsAt));
  return {
    from,
    to,
    shifts: await toShifts(db, mine),
    openShifts: await toShifts(db, free),
    team: team.map((t) => ({ memberName: t.user ? memberName(t.user) : "", unitName: t.unit.name, startsAt: t.startsAt.toISOString(), endsAt: t.endsAt.toISOString() })),
  };
}

/** Today's shift and the next (My day, /mobile-punch): my published shifts not yet ended, first two. */
export async function myNextShifts(userId: string, now = new Date()) {
  const rows = await db.shift.findMany({
    where: { userId, status: "published", endsAt: { gt: now } },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    take: 2,
    select: shiftSelect,
  });
  return toShifts(db, rows);
}
