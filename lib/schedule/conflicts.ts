/**
 * The conflicts of a shift as the manager plans it (docs/schedules.md "Conflicts"), pure: it
 * overlaps another of the member's shifts, falls on their approved time off, touches their
 * unavailable time or leaves their availability, or takes their week past the overtime
 * threshold. The grid marks them on each shift; the shift dialog lists them before a save.
 * The database stays the judge of overlaps (a save over one answers 409).
 */
import { dateKeyOf, type DateKey } from "@/lib/dates";
import { availabilityProblem, type AvailabilityBlock } from "./availability";
import { formatScheduledHours, parseShiftTime, scheduledMinutes } from "./shift-times";
import { movedTimes } from "./week-grid";

export type ConflictKind = "overlap" | "time_off" | "unavailable" | "outside_availability" | "overtime";

export interface ShiftConflict {
  kind: ConflictKind;
  message: string;
}

export interface PlannedShift {
  id?: string;
  userId: string | null;
  startsAt: string;
  endsAt: string;
  breakMinutes: number;
}

export interface WeekContext {
  days: readonly { date: DateKey }[];
  weeklyOvertimeMinutes: number | null;
  shifts: readonly PlannedShift[];
  timeOff: readonly { userId: string; typeName: string; startDay: DateKey; endDay: DateKey }[];
  availability: readonly { userId: string; day: DateKey; blocks: readonly AvailabilityBlock[] }[];
}

// The week's availability by member and day, built once per answer (a grid of 200 members asks often).
const indexes = new WeakMap<object, Map<string, readonly AvailabilityBlock[]>>();

/** The member's blocks of a day on the grid (none known: no limit). */
export function blocksFor(week: Pick<WeekContext, "availability">, userId: string, day: DateKey): readonly AvailabilityBlock[] {
  let index = indexes.get(week.availability);
  if (!index) {
    index = new Map(week.availability.map((a) => [`${a.userId}|${a.day}`, a.blocks]));
    indexes.set(week.availability, index);
  }
  return index.get(`${userId}|${day}`) ?? [];
}

/** A shift's availability conflict alone (cheap: what the grid marks on every shift). */
export function availabilityConflict(shift: PlannedShift, week: Pick<WeekContext, "availability">, memberName = "This member"): ShiftConflict | null {
  if (!shift.userId) return null;
  const userId = shift.userId;
  const problem = availabilityProblem(shift, (d) => blocksFor(week, userId, d));
  if (problem === "unavailable") return { kind: "unavailable", message: `${memberName} is unavailable then` };
  if (problem === "outside") return { kind: "outside_availability", message: `Outside ${memberName}'s availability` };
  return null;
}

/** Every conflict of `shift` with the rest of the week (the shift itself, by id, left out). */
export function shiftConflicts(shift: PlannedShift, week: WeekContext, memberName = "This member"): ShiftConflict[] {
  const userId = shift.userId;
  if (!userId) return [];
  const [start, end] = [new Date(shift.startsAt).getTime(), new Date(shift.endsAt).getTime()];
  if (!(end > start)) return [];
  const conflicts: ShiftConflict[] = [];
  const others = week.shifts.filter((s) => s.userId === userId && s.id !== shift.id);
  if (others.some((s) => new Date(s.startsAt).getTime() < end && start < new Date(s.endsAt).getTime())) {
    conflicts.push({ kind: "overlap", message: `Overlaps another shift of ${memberName}` });
  }
  const day = dateKeyOf(shift.startsAt);
  const off = week.timeOff.find((t) => t.userId === userId && t.startDay <= day && day <= t.endDay);
  if (off) conflicts.push({ kind: "time_off", message: `On approved time off (${off.typeName})` });
  const availability = availabilityConflict(shift, week, memberName);
  if (availability) conflicts.push(availability);
  const threshold = week.weeklyOvertimeMinutes;
  if (threshold !== null && week.days.some((d) => d.date === day)) {
    const total = others.reduce((sum, s) => sum + scheduledMinutes(s), 0) + scheduledMinutes(shift);
    if (total > threshold) {
      conflicts.push({ kind: "overtime", message: `Takes ${memberName} to ${formatScheduledHours(total)} this week, past the ${formatScheduledHours(threshold)} overtime threshold` });
    }
  }
  return conflicts;
}

/**
 * What a shift dragged on the grid would run into where it is held (docs/schedules.md "Screens"):
 * the shift moved to `target` (another member or the open row, another day, same wall-clock
 * times, as the drop saves it), judged against the week. Nothing for the open row or where it
 * already is; null when the times do not read (a day out of range).
 */
export function dropConflicts(
  shift: PlannedShift & { id: string; unitId: string },
  target: { unitId: string; userId: string | null; day: DateKey },
  week: WeekContext,
  memberName?: string,
): ShiftConflict[] {
  if (!target.userId) return [];
  if (target.userId === shift.userId && target.unitId === shift.unitId && target.day === dateKeyOf(shift.startsAt)) return [];
  const moved = movedTimes(shift, target.day);
  const [startsAt, endsAt] = [parseShiftTime(moved.startsAt), parseShiftTime(moved.endsAt)];
  if (!startsAt || !endsAt) return [];
  return shiftConflicts({ id: shift.id, userId: target.userId, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), breakMinutes: shift.breakMinutes }, week, memberName);
}
