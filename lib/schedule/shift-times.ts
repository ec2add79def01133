/**
 * A shift's start and end as people enter them: a wall-clock time in the business zone
 * ("2026-11-02T08:00"), or an instant with its offset ("2026-11-02T14:00:00Z"). Stored as
 * instants, so a night across a DST change is 1 h shorter or longer than its wall clock says.
 * Pure: the server, the screens and the tests use it.
 */
import { fromLocalInput } from "@/lib/dates/wall-clock";

export const MAX_SHIFT_MINUTES = 24 * 60;
/** A shift's day lies in these years; anything else is a typo (a 400 naming the field). */
export const FIRST_SHIFT_YEAR = 2000;
export const LAST_SHIFT_YEAR = 2100;

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const WITH_OFFSET = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The instant of a shift time, or null when it is not one (bad format, no such day or hour, out of range). */
export function parseShiftTime(value: string): Date | null {
  const local = WALL_CLOCK.exec(value);
  const zoned = local ? null : WITH_OFFSET.exec(value);
  const m = local ?? zoned;
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1, 6).map(Number);
  if (y < FIRST_SHIFT_YEAR || y > LAST_SHIFT_YEAR || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59) return null;
  if (d > new Date(Date.UTC(y, mo, 0)).getUTCDate()) return null;
  const at = new Date(local ? fromLocalInput(value) : value);
  return Number.isNaN(at.getTime()) ? null : at;
}

export const SHIFT_TIME_MESSAGE = `must be a date and time (yyyy-MM-ddTHH:mm) between ${FIRST_SHIFT_YEAR} and ${LAST_SHIFT_YEAR}`;

export interface ShiftTimeProblem {
  field: "startsAt" | "endsAt" | "breakMinutes";
  message: string;
}

/** What is wrong with a shift's times, naming the field; null when they make a shift. */
export function shiftTimeProblem(startsAt: Date, endsAt: Date, breakMinutes: number): ShiftTimeProblem | null {
  const minutes = (endsAt.getTime() - startsAt.getTime()) / 60_000;
  if (minutes <= 0) return { field: "endsAt", message: "endsAt must be after startsAt" };
  if (minutes > MAX_SHIFT_MINUTES) return { field: "endsAt", message: "endsAt must be at most 24 hours after startsAt" };
  if (breakMinutes >= minutes) return { field: "breakMinutes", message: "breakMinutes must be shorter than the shift" };
  return null;
}

/** Paid (scheduled) minutes of a shift: its length less its unpaid break. */
export function scheduledMinutes(shift: { startsAt: string | Date; endsAt: string | Date; breakMinutes: number }): number {
  const minutes = (new Date(shift.endsAt).getTime() - new Date(shift.startsAt).getTime()) / 60_000;
  return Math.max(0, Math.round(minutes) - shift.breakMinutes);
}

/** Each member's scheduled minutes in a list of shifts (open shifts are nobody's). */
export function minutesByMember(shifts: readonly { userId: string | null; startsAt: string; endsAt: string; breakMinutes: number }[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const s of shifts) {
    if (!s.userId) continue;
    totals.set(s.userId, (totals.get(s.userId) ?? 0) + scheduledMinutes(s));
  }
  return totals;
}

/** "40h", "37h 30m": a week's scheduled time. */
export function formatScheduledHours(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h}h ${m}m` : `${h}h`;
}
