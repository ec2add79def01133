import "server-only";
import { clockTime, formatWeekdayDate } from "@/lib/dates";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { punchCovers, shiftForPunchIn } from "@/lib/schedule/attendance";
import { shiftSpan } from "@/lib/schedule/format";
import type { Finding } from "./finding";

type Db = PrismaClient | Prisma.TransactionClient;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** How long a no-show, an early punch-out or an unscheduled punch-in stays found (then its alert resolves). */
const LOOKBACK = 24 * HOUR;
const LIMIT = 5000;

export const SHIFT_ALERT_KINDS = ["shift_late", "shift_no_show", "shift_early_out", "unscheduled_punch"] as const;
export type ShiftAlertKind = (typeof SHIFT_ALERT_KINDS)[number];

function duration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

const shiftSelect = { id: true, userId: true, unitId: true, startsAt: true, endsAt: true, user: { select: { firstName: true, lastName: true } } } as const;
type ShiftRow = { id: string; userId: string | null; unitId: string; startsAt: Date; endsAt: Date; user: { firstName: string; lastName: string } | null };

const fullName = (u: { firstName: string; lastName: string } | null) => (u ? `${u.firstName} ${u.lastName}`.trim() : null);

async function unitIdsOf(db: Db, userIds: string[]): Promise<Map<string, string[]>> {
  const rows = userIds.length ? await db.unitMembership.findMany({ where: { userId: { in: [...new Set(userIds)] } }, select: { userId: true, unitId: true } }) : [];
  return new Map([...Map.groupBy(rows, (r) => r.userId)].map(([userId, list]) => [userId, list.map((r) => r.unitId)]));
}

/** The punches of these members that may touch [from, to). */
const punchesAround = (db: Db, userIds: string[], from: Date, to: Date) =>
  userIds.length
    ? db.punchSession.findMany({
        where: { userId: { in: [...new Set(userIds)] }, punchInAt: { lt: to }, OR: [{ punchOutAt: null }, { punchOutAt: { gt: from } }] },
        select: { userId: true, punchInAt: true, punchOutAt: true },
      })
    : Promise.resolve([]);

function shiftFinding(shift: ShiftRow, units: Map<string, string[]>, message: string): Finding {
  const userId = shift.userId!;
  return {
    subjectType: "shift",
    subjectId: shift.id,
    // A moved shift is a new occurrence (its old alert resolves).
    occurrence: shift.startsAt.toISOString(),
    userId,
    taskId: null,
    unitId: shift.unitId,
    href: "/time-logs",
    message,
    subjectUserIds: [userId],
    unitIds: [...new Set([shift.unitId, ...(units.get(userId) ?? [])])],
    task: null,
    memberName: fullName(shift.user),
  };
}

/**
 * The alert kinds of attendance against the schedule (docs/alerts.md, docs/schedules.md
 * "Attendance"). Only published shifts with a member count (drafts and open shifts never alert);
 * `threshold` is minutes and every boundary is strict ("more than N"):
 *  - shift_late: more than N minutes after a shift's start, before its end, no punch since it began;
 *  - shift_no_show: more than N minutes after a shift's end, no punch touched it (found for 24 h);
 *  - shift_early_out: the shift has ended, and the last punch of it ended more than N minutes
 *    before its end (judged at the end, so a punched lunch break is not an early out; found for 24 h);
 *  - unscheduled_punch: a punch-in of the last 24 hours with no shift of the member running then or
 *    starting at most N minutes later.
 * A punch "touches" a shift when it was open at some instant of it (lib/schedule/attendance.ts).
 */
export async function findShiftConditions(db: Db, kind: ShiftAlertKind, threshold: number, members: Prisma.UserWhereInput, now: Date): Promise<Finding[]> {
  const grace = threshold * MINUTE;
  const published = { status: "published", userId: { not: null }, user: { isActive: true, ...members } } satisfies Prisma.ShiftWhereInput;
  switch (kind) {
    case "shift_late": {
      const shifts: ShiftRow[] = await db.shift.findMany({ where: { ...published, startsAt: { lt: new Date(now.getTime() - grace) }, endsAt: { gt: now } }, select: shiftSelect, take: LIMIT });
      if (shifts.length === 0) return [];
      const earliest = new Date(Math.min(...shifts.map((s) => s.startsAt.getTime())));
      const punches = Map.groupBy(await punchesAround(db, shifts.map((s) => s.userId!), earliest, now), (p) => p.userId);
      const late = shifts.filter((s) => !(punches.get(s.userId!) ?? []).some((p) => punchCovers(p, s.startsAt, now)));
      const units = await unitIdsOf(db, late.map((s) => s.userId!));
      return late.map((s) => shiftFinding(s, units, `No punch-in ${duration(now.getTime() - s.startsAt.getTime())} after the shift's start (${shiftSpan(s.startsAt, s.endsAt)})`));
    }
    case "shift_no_show":
    case "shift_early_out": {
      // No-shows once N minutes past the end; early outs once the shift has ended.
      const endedBy = kind === "shift_no_show" ? new Date(now.getTime() - grace) : now;
      const shifts: ShiftRow[] = await db.shift.findMany({
        where: { ...published, endsAt: { lt: endedBy, gt: new Date(endedBy.getTime() - LOOKBACK) } },
        select: shiftSelect,
        take: LIMIT,
      });
      if (shifts.length === 0) return [];
      const earliest = new Date(Math.min(...shifts.map((s) => s.startsAt.getTime())));
      const latest = new Date(Math.max(...shifts.map((s) => s.endsAt.getTime())));
      const punches = Map.groupBy(await punchesAround(db, shifts.map((s) => s.userId!), earliest, latest), (p) => p.userId);
      const found: { shift: ShiftRow; message: string }[] = [];
      for (const s of shifts) {
        const during = (punches.get(s.userId!) ?? []).filter((p) => punchCovers(p, s.startsAt, s.endsAt));
        const day = `${formatWeekdayDate(s.startsAt)} ${shiftSpan(s.startsAt, s.endsAt)}`;
        if (kind === "shift_no_show") {
          if (during.length === 0) found.push({ shift: s, message: `No punch during the shift ${day}` });
          continue;
        }
        if (during.length === 0 || during.some((p) => p.punchOutAt === null || p.punchOutAt >= s.endsAt)) continue;
        const lastOut = new Date(Math.max(...during.map((p) => p.punchOutAt!.getTime())));
        const early = s.endsAt.getTime() - lastOut.getTime();
        if (early > grace) found.push({ shift: s, message: `Punched out at ${clockTime(lastOut)}, ${duration(early)} before the end of the shift ${day}` });
      }
      const units = await unitIdsOf(db, found.map((f) => f.shift.userId!));
      return found.map((f) => shiftFinding(f.shift, units, f.message));
    }
    case "unscheduled_punch": {
      const punches = await db.punchSession.findMany({
        where: { punchInAt: { gt: new Date(now.getTime() - LOOKBACK), lte: now }, user: { isActive: true, ...members } },
        select: { id: true, userId: true, punchInAt: true, user: { select: { firstName: true, lastName: true } } },
        orderBy: { punchInAt: "asc" },
        take: LIMIT,
      });
      if (punches.length === 0) return [];
      const first = punches[0].punchInAt;
      const last = punches.at(-1)!.punchInAt;
      const shifts = await db.shift.findMany({
        where: { status: "published", userId: { in: [...new Set(punches.map((p) => p.userId))] }, startsAt: { lte: new Date(last.getTime() + grace) }, endsAt: { gt: first } },
        select: { userId: true, startsAt: true, endsAt: true },
      });
      const shiftsOf = Map.groupBy(shifts, (s) => s.userId!);
      const unscheduled = punches.filter((p) => !shiftForPunchIn(p.punchInAt, shiftsOf.get(p.userId) ?? [], threshold));
      const units = await unitIdsOf(db, unscheduled.map((p) => p.userId));
      return unscheduled.map((p) => ({
        subjectType: "punch",
        subjectId: p.id,
        occurrence: "unscheduled",
        userId: p.userId,
        taskId: null,
        unitId: units.get(p.userId)?.[0] ?? null,
        href: "/time-logs",
        message: `Punched in at ${clockTime(p.punchInAt)} with no shift scheduled`,
        subjectUserIds: [p.userId],
        unitIds: units.get(p.userId) ?? [],
        task: null,
        memberName: fullName(p.user),
      }));
    }
  }
}
