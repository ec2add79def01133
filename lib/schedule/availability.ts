/**
 * Availability (docs/schedules.md "Availability"), pure: a member's weekly pattern and date
 * exceptions, the blocks in force on a day, and whether a shift falls outside them. Shared by
 * the server (the week's answer), the grid, the day view and the shift dialog.
 *
 * A day's blocks: the date's approved exception if there is one, else the pattern's blocks of
 * that weekday. A day with no blocks puts no limit. A shift conflicts when it touches an
 * "unavailable" block, or when the day has "available"/"preferred" blocks and the shift is not
 * inside them. A night is judged on each of its days.
 */
import { addDays, dateKeyOf, dayOfWeek, type DateKey } from "@/lib/dates";
import { clock24 } from "@/lib/dates/wall-clock";
import { clockOfMinute, DAY_MINUTES, minuteOfClock } from "./templates";

export const AVAILABILITY_KINDS = ["available", "preferred", "unavailable"] as const;
export type AvailabilityKind = (typeof AVAILABILITY_KINDS)[number];

export interface AvailabilityBlock {
  /** The pattern's weekday, 0 (Sunday) to 6; absent on a date exception. */
  weekday?: number;
  /** "HH:mm" wall clock in the business zone. */
  from: string;
  /** "HH:mm", after `from`; "24:00" is midnight at the day's end. */
  to: string;
  kind: AvailabilityKind;
}

export const KIND_LABELS: Record<AvailabilityKind, string> = { available: "Available", preferred: "Preferred", unavailable: "Unavailable" };

/** The blocks in force on `day`: the exception's when there is one, else the pattern's of that weekday. */
export function blocksOn(day: DateKey, weekly: readonly AvailabilityBlock[] | null, exception: readonly AvailabilityBlock[] | null): AvailabilityBlock[] {
  if (exception) return exception.map(({ from, to, kind }) => ({ from, to, kind }));
  const weekday = dayOfWeek(day);
  return (weekly ?? []).filter((b) => b.weekday === weekday).map(({ from, to, kind }) => ({ from, to, kind }));
}

/** The wall-clock pieces of a shift, one per day it touches (minutes after that day's midnight). */
export function daySegments(startsAt: string | Date, endsAt: string | Date): { day: DateKey; from: number; to: number }[] {
  const [startDay, endDay] = [dateKeyOf(startsAt), dateKeyOf(endsAt)];
  const [startMinute, endMinute] = [minuteOfClock(clock24(startsAt)), minuteOfClock(clock24(endsAt))];
  const segments: { day: DateKey; from: number; to: number }[] = [];
  for (let day = startDay; day <= endDay; day = addDays(day, 1)) {
    const from = day === startDay ? startMinute : 0;
    const to = day === endDay ? endMinute : DAY_MINUTES;
    if (to > from) segments.push({ day, from, to });
  }
  return segments;
}

export type AvailabilityProblem = "unavailable" | "outside";

/** Whether a shift touches an unavailable block or leaves the available ones; `blocksFor` gives a day's blocks. */
export function availabilityProblem(shift: { startsAt: string | Date; endsAt: string | Date }, blocksFor: (day: DateKey) => readonly AvailabilityBlock[]): AvailabilityProblem | null {
  let outside = false;
  for (const seg of daySegments(shift.startsAt, shift.endsAt)) {
    const blocks = blocksFor(seg.day);
    if (blocks.length === 0) continue;
    const ranges = blocks.map((b) => ({ kind: b.kind, from: minuteOfClock(b.from), to: minuteOfClock(b.to) }));
    if (ranges.some((r) => r.kind === "unavailable" && r.from < seg.to && seg.from < r.to)) return "unavailable";
    const open = ranges.filter((r) => r.kind !== "unavailable").sort((a, b) => a.from - b.from);
    if (open.length === 0) continue;
    // Is [seg.from, seg.to) inside the union of the open blocks?
    let reached = seg.from;
    for (const r of open) {
      if (r.from > reached) break;
      reached = Math.max(reached, r.to);
    }
    if (reached < seg.to) outside = true;
  }
  return outside ? "outside" : null;
}

/** "8:00 AM–5:00 PM"-style reading of a block, short: "08:00–17:00". */
export const blockSpan = (b: Pick<AvailabilityBlock, "from" | "to">) => (b.from === "00:00" && b.to === "24:00" ? "all day" : `${b.from}–${b.to}`);

/** "Available 08:00–17:00 · Unavailable all day". */
export const describeBlocks = (blocks: readonly AvailabilityBlock[]) => blocks.map((b) => `${KIND_LABELS[b.kind]} ${blockSpan(b)}`).join(" · ");

export const WEEKDAY_SHORT = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/** Monday first, Sunday last: the order availability is read in. */
export const WEEKDAYS_MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;

/** "Mon: Available 08:00–17:00 · Tue: Unavailable all day"; a date's blocks as they are; none: "No limits". */
export function describeWeekly(blocks: readonly AvailabilityBlock[], isDate: boolean): string {
  if (blocks.length === 0) return "No limits";
  if (isDate) return describeBlocks(blocks);
  return WEEKDAYS_MONDAY_FIRST.filter((d) => blocks.some((b) => b.weekday === d))
    .map((d) => `${WEEKDAY_SHORT[d]}: ${describeBlocks(blocks.filter((b) => b.weekday === d))}`)
    .join(" · ");
}

/** What is wrong with a list of blocks (times, order, overlaps on one day), naming the field; null when fine. */
export function blocksProblem(blocks: readonly AvailabilityBlock[], weekly: boolean): { path: (string | number)[]; message: string } | null {
  for (const [i, b] of blocks.entries()) {
    if (weekly && b.weekday === undefined) return { path: [i, "weekday"], message: `blocks.${i}.weekday is required in the weekly pattern` };
    if (!weekly && b.weekday !== undefined) return { path: [i, "weekday"], message: `blocks.${i}.weekday belongs to the weekly pattern, not a date` };
    if (minuteOfClock(b.to) <= minuteOfClock(b.from)) return { path: [i, "to"], message: `blocks.${i}.to must be after from` };
  }
  for (const [i, b] of blocks.entries()) {
    const clash = blocks.findIndex((o, j) => j < i && o.weekday === b.weekday && minuteOfClock(o.from) < minuteOfClock(b.to) && minuteOfClock(b.from) < minuteOfClock(o.to));
    if (clash >= 0) return { path: [i, "from"], message: `blocks.${i} overlaps blocks.${clash} on the same day` };
  }
  return null;
}

export { clockOfMinute };
