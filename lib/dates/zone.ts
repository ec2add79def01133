/**
 * The business's time zone: dates are entered and shown in it, and stored as UTC.
 * next.config.js copies BUSINESS_TIME_ZONE into NEXT_PUBLIC_BUSINESS_TIME_ZONE at build time,
 * so the browser and the server always agree (change it, then rebuild).
 */
import { formatIn, partsIn, type Pattern } from "./intl";
import type { DateKey } from "./days";

export const BUSINESS_TIME_ZONE = process.env.NEXT_PUBLIC_BUSINESS_TIME_ZONE || process.env.BUSINESS_TIME_ZONE || "America/Chicago";

/** "2026-11-02" ("en-CA" writes yyyy-MM-dd; years before 1000 are not zero-padded). */
const DAY_KEY: Pattern = ["en-CA", { year: "numeric", month: "2-digit", day: "2-digit" }];
/** "17:05:09" ("en-GB" with h23 never writes "24:00:00"). */
const CLOCK_KEY: Pattern = ["en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" }];

/**
 * The calendar day ("yyyy-MM-dd") an instant falls on in the business time zone (or `timeZone`).
 * The one implementation of "which day is it" (lib/time/calc's `dayOf` is this function): a
 * cached Intl formatter ("en-CA" writes yyyy-MM-dd) is ~5x cheaper than a TZDate, and the
 * scoreboard and time cards call it per row. Years outside 1000–9999 are not zero-padded by
 * Intl, so they are padded from the formatter's parts. No TZDate: the dashboard's first load
 * uses this (its due-date groups), and @date-fns/tz would add 2 KB to it.
 */
export function dateKeyOf(instant: Date | string | number, timeZone = BUSINESS_TIME_ZONE): DateKey {
  const time = new Date(instant).getTime();
  if (!Number.isFinite(time)) return formattedDay(time, timeZone);
  // Every zone's midnights today fall on a quarter hour of UTC, so all of a quarter hour is one
  // day; a quarter whose first and last millisecond fall on the same day is remembered as that day
  // (checked, not assumed: an old local-mean-time offset is not a quarter hour).
  const quarter = Math.floor(time / QUARTER_MS);
  const cacheKey = `${timeZone} ${quarter}`;
  const known = QUARTER_DAYS.get(cacheKey);
  if (known !== undefined) return known;
  const key = formattedDay(time, timeZone);
  if (formattedDay(quarter * QUARTER_MS, timeZone) === key && formattedDay(quarter * QUARTER_MS + QUARTER_MS - 1, timeZone) === key) {
    if (QUARTER_DAYS.size >= QUARTER_DAYS_BOUND) QUARTER_DAYS.clear();
    QUARTER_DAYS.set(cacheKey, key);
  }
  return key;
}

const QUARTER_MS = 15 * 60_000;
/**
 * Quarter hours already placed on their day, by zone: the time card, labour cost and statistics
 * ask for the days of thousands of instants per request, mostly in the same few hundred quarter
 * hours, and each Intl call costs microseconds. Emptied past the bound.
 */
const QUARTER_DAYS = new Map<string, DateKey>();
const QUARTER_DAYS_BOUND = 50_000;

function formattedDay(time: number, timeZone: string): DateKey {
  const key = formatIn(DAY_KEY, timeZone, time);
  if (key.length === 10) return key;
  const part = partsIn(DAY_KEY, timeZone, time);
  return `${part("year").padStart(4, "0")}-${part("month")}-${part("day")}`;
}

/**
 * Today: the calendar day ("yyyy-MM-dd") it is now in the business time zone. The one "today" of
 * the app, in screens, services and tests alike; never the UTC day of `toISOString()`, which is
 * already tomorrow on a Chicago evening (a lint rule holds that, docs/dates.md).
 */
export function businessToday(now: Date | string | number = new Date(), timeZone = BUSINESS_TIME_ZONE): DateKey {
  return dateKeyOf(now, timeZone);
}

/**
 * "HH:mm:ss" of an instant on the clock of the business time zone (or `timeZone`): the task
 * list gives every row's due time, and a TZDate per row was a measurable part of its server time.
 */
export function clockOf(instant: Date | string | number, timeZone = BUSINESS_TIME_ZONE): string {
  return formatIn(CLOCK_KEY, timeZone, new Date(instant).getTime());
}
