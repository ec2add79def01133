import { TZDate } from "@date-fns/tz";
import { addMonths, addWeeks, startOfMonth } from "date-fns";
import { BUSINESS_TIME_ZONE, WEEK_STARTS_ON } from "@/lib/dates";
import { businessWeekRange, rangeInstants } from "@/lib/dates/instants";
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
  if (period === "this-week" || period === "last-week") {
    const week = businessWeekRange(now, timeZone, weekStartsOn);
    const shift = period === "this-week" ? 0 : -1;
    const start = addWeeks(new TZDate(week.start.getTime(), timeZone), shift);
    const prev = addWeeks(start, -1);
    return { start: new Date(start.getTime()), end: new Date(addWeeks(start, 1).getTime()), previous: { start: new Date(prev.getTime()), end: new Date(start.getTime()) } };
  }
  const month = startOfMonth(new TZDate(now.getTime(), timeZone));
  const start = period === "this-month" ? month : addMonths(month, -1);
  const prev = addMonths(start, -1);
  return { start: new Date(start.getTime()), end: new Date(addMonths(start, 1).getTime()), previous: { start: new Date(prev.getTime()), end: new Date(start.getTime()) } };
}

/** [start, end) of the business days from `from` to `to` inclusive ("yyyy-MM-dd"). */
export function dayRange(from: string, to: string, timeZone = BUSINESS_TIME_ZONE): PeriodRange {
  const { startsAt, endsAt } = rangeInstants(from, to, timeZone);
  return { start: startsAt, end: endsAt };
}
