/**
 * The week grid's arithmetic (pure): which cell a shift sits in, moving a shift to another day
 * keeping its wall-clock times, and each member's week against the overtime threshold.
 */
import { addDays, daysBetween, dateKeyOf } from "@/lib/dates";
import { clock24 } from "@/lib/dates/wall-clock";

/** A row of the grid: a member of a department, or the department's open shifts. */
export const OPEN_ROW = "open";

export const cellKey = (unitId: string, row: string, day: string) => `${unitId}|${row}|${day}`;

export function parseCellKey(key: string): { unitId: string; row: string; day: string } {
  const [unitId, row, day] = key.split("|");
  return { unitId, row, day };
}

/** The business day a shift belongs to (the day it starts). */
export const shiftDay = (shift: { startsAt: string }) => dateKeyOf(shift.startsAt);

/** Wall-clock start and end ("yyyy-MM-ddTHH:mm") of a shift moved to `day`, same local times and length in days. */
export function movedTimes(shift: { startsAt: string; endsAt: string }, day: string): { startsAt: string; endsAt: string } {
  const startDay = dateKeyOf(shift.startsAt);
  const endDay = addDays(day, daysBetween(startDay, dateKeyOf(shift.endsAt)));
  return { startsAt: `${day}T${clock24(shift.startsAt)}`, endsAt: `${endDay}T${clock24(shift.endsAt)}` };
}

/** Wall-clock "HH:mm" of an instant in the business zone (a time input's value). */
export const wallClock = (at: string) => clock24(at);

export type HoursLevel = "ok" | "near" | "over";

/** Whether a week's scheduled minutes pass the weekly overtime threshold ("near": within one 8 h shift of it). */
export function hoursLevel(minutes: number, threshold: number | null): HoursLevel {
  if (threshold === null) return "ok";
  if (minutes > threshold) return "over";
  if (minutes > threshold - 8 * 60) return "near";
  return "ok";
}
