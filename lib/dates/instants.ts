/**
 * Where days and weeks begin and end as instants: local midnights in the business time zone
 * (or `timeZone`), DST-safe (a day is 23 h or 25 h on the changes). Built on TZDate, so this
 * module is imported by its own path, `@/lib/dates/instants`, never through lib/dates/index.ts:
 * @date-fns/tz would add 2 KB to first loads that only need days.
 */
import { TZDate } from "@date-fns/tz";
import { addDays as addDaysTo } from "date-fns";
import { addDays, DATE_KEY, type DateKey } from "./days";
import { weekStart, WEEK_STARTS_ON } from "./weeks";
import { BUSINESS_TIME_ZONE, dateKeyOf } from "./zone";

/**
 * Local midnights already worked out, by zone and day. TZDate asks Intl for the zone's offset, a
 * few microseconds each time, and the time card, labour cost and statistics split every punch and
 * task entry at midnights: the same few hundred days, asked for thousands of times per request.
 * The zone rules do not change while the process runs, so an answer stays true; the map is
 * emptied when it grows past a bound, so it never holds more than a few years of days per zone.
 */
const MIDNIGHTS = new Map<string, number>();
const MIDNIGHTS_BOUND = 20_000;

/** The instant a calendar day starts (local midnight) in `timeZone`; DST-safe. */
export function startOfDay(key: DateKey, timeZone = BUSINESS_TIME_ZONE): Date {
  const cacheKey = `${timeZone} ${key}`;
  const known = MIDNIGHTS.get(cacheKey);
  if (known !== undefined) return new Date(known);
  const m = DATE_KEY.exec(key);
  if (!m) throw new Error(`Not a calendar day: ${key}`);
  const ms = new TZDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 0, 0, 0, 0, timeZone).getTime();
  if (MIDNIGHTS.size >= MIDNIGHTS_BOUND) MIDNIGHTS.clear();
  MIDNIGHTS.set(cacheKey, ms);
  return new Date(ms);
}

/** The instant `days` calendar days later (earlier when negative) at the same local time of day; DST-safe. */
export function shiftInstantDays(instant: Date | string | number, days: number, timeZone = BUSINESS_TIME_ZONE): Date {
  return new Date(addDaysTo(new TZDate(new Date(instant).getTime(), timeZone), days).getTime());
}

/** [startsAt, endsAt) of the days `from` to `to`, both included, as UTC instants. */
export function rangeInstants(from: DateKey, to: DateKey, timeZone = BUSINESS_TIME_ZONE): { startsAt: Date; endsAt: Date } {
  return { startsAt: startOfDay(from, timeZone), endsAt: startOfDay(addDays(to, 1), timeZone) };
}

/** [start, end) of the business day containing `now`, as UTC instants. */
export function businessDayRange(now = new Date(), timeZone = BUSINESS_TIME_ZONE): { start: Date; end: Date } {
  const today = dateKeyOf(now, timeZone);
  const { startsAt, endsAt } = rangeInstants(today, today, timeZone);
  return { start: startsAt, end: endsAt };
}

/** [start, end) of the business week containing `now`, as UTC instants (local midnights, DST-safe). */
export function businessWeekRange(now = new Date(), timeZone = BUSINESS_TIME_ZONE, weekStartsOn: number = WEEK_STARTS_ON): { start: Date; end: Date } {
  const first = weekStart(dateKeyOf(now, timeZone), weekStartsOn);
  const { startsAt, endsAt } = rangeInstants(first, addDays(first, 6), timeZone);
  return { start: startsAt, end: endsAt };
}
