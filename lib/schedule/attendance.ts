/**
 * Attendance against the schedule (docs/schedules.md "Attendance"): which punch belongs to which
 * shift, and each member's first shift of a day. Only published shifts with a member count; the
 * callers read those. Pure: the alert findings, the accountability report and the tests use it.
 */
import { dateKeyOf } from "@/lib/dates";
import { shiftSpan } from "./format";

interface Span {
  punchInAt: Date;
  punchOutAt: Date | null;
}

interface ShiftTimes {
  userId: string | null;
  startsAt: Date;
  endsAt: Date;
}

/** A punch covers part of [from, to): it began before `to` and was still open, or ended, after `from`. */
export const punchCovers = (punch: Span, from: Date, to: Date) => punch.punchInAt < to && (punch.punchOutAt === null || punch.punchOutAt > from);

/** "user|yyyy-MM-dd" → the member's earliest shift starting that day (the business zone's day). */
export function firstShiftByDay<S extends ShiftTimes>(shifts: readonly S[]): Map<string, S> {
  const first = new Map<string, S>();
  for (const s of shifts) {
    if (!s.userId) continue;
    const key = `${s.userId}|${dateKeyOf(s.startsAt)}`;
    const current = first.get(key);
    if (!current || s.startsAt < current.startsAt) first.set(key, s);
  }
  return first;
}

/**
 * The shift a punch-in counts for: one of the member's shifts that has not ended and starts at
 * most `earlyMinutes` before the punch-in (more than that before is unscheduled); null when none.
 */
export function shiftForPunchIn<S extends ShiftTimes>(punchInAt: Date, shifts: readonly S[], earlyMinutes: number): S | null {
  return shifts.find((s) => punchInAt < s.endsAt && s.startsAt.getTime() - punchInAt.getTime() <= earlyMinutes * 60_000) ?? null;
}

/** "Shift 8:00–4:30 · Front desk", with " at <post>" when it has one: a day's shift beside its punches (the time card). */
export function shiftBeside(shift: { startsAt: string | Date; endsAt: string | Date; roleLabel: string | null; placeName: string | null; unitName: string }): string {
  return `Shift ${shiftSpan(shift.startsAt, shift.endsAt)} · ${shift.roleLabel ?? shift.unitName}${shift.placeName ? ` at ${shift.placeName}` : ""}`;
}
