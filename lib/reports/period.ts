import { addDays, addMonths, BUSINESS_TIME_ZONE, dateKeyOf, monthStart, WEEK_STARTS_ON, weekStart } from "@/lib/dates";
import { rangeInstants, startOfDay } from "@/lib/dates/instants";
import type { ScoreboardPeriod } from "@/lib/reports/options";

export interface PeriodRange {
  start: Date;
  end: Date;
}

/**
 * [start, end) of a scoreboard period as UTC instants: business-zone midnights, weeks from
 * WEEK_STARTS_ON (a task completed 23:30 on Sunday in Chicago belongs to that Monday's week,
 * though it is Monday in UTC). `previous` is the period of the same kind just before it, for
 * "most improved".
 */
export function periodRange(period: ScoreboardPeriod, now = new Date(), timeZone = BUSINESS_TIME_ZONE, weekStartsOn = WEEK_STARTS_ON): PeriodRange & { previous: PeriodRange } {
  const today = dateKeyOf(now, timeZone);
  const weekly = period === "this-week" || period === "last-week";
  const first = weekly ? addDays(weekStart(today, weekStartsOn), period === "this-week" ? 0 : -7) : addMonths(monthStart(today), period === "this-month" ? 0 : -1);
  const step = (day: string, n: number) => (weekly ? addDays(day, 7 * n) : addMonths(day, n));
  const start = startOfDay(first, timeZone);
  return { start, end: startOfDay(step(first, 1), timeZone), previous: { start: startOfDay(step(first, -1), timeZone), end: start } };
}

/** [start, end) of the business days from `from` to `to` inclusive ("yyyy-MM-dd"). */
export function dayRange(from: string, to: string, timeZone = BUSINESS_TIME_ZONE): PeriodRange {
  const { startsAt, endsAt } = rangeInstants(from, to, timeZone);
  return { start: startsAt, end: endsAt };
}
