/**
 * Dates of a process's steps from a start day: a step starts `offsetDays` business days after
 * the run's first business day (the start day itself, or the next business day when it falls
 * on a weekend or holiday) and is due at the end of its last business day. Pure: the business
 * calendar (weekends and holidays, lib/dates/business-days) is passed in.
 */
export type DayKey = string;

export interface BusinessCalendar {
  /** The day itself when it is a business day, else the next one. */
  onOrAfter(day: DayKey): DayKey;
  /** `day` plus `n` business days (n >= 0; 0 is the day itself). */
  add(day: DayKey, n: number): DayKey;
}

export interface ScheduledStep {
  start: DayKey;
  due: DayKey;
}

export function scheduleSteps(startDay: DayKey, steps: ReadonlyArray<{ offsetDays: number; durationDays: number }>, calendar: BusinessCalendar): ScheduledStep[] {
  const first = calendar.onOrAfter(startDay);
  return steps.map((step) => {
    const start = calendar.add(first, step.offsetDays);
    return { start, due: calendar.add(start, Math.max(step.durationDays, 1) - 1) };
  });
}
