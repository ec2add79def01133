/**
 * Every date and time the app shows or exports, as named formatters: instants in the business
 * time zone (or a `timeZone` passed in), "yyyy-MM-dd" days as they are. Intl only, no TZDate:
 * the task rows on every page's first load use these, and @date-fns/tz would add 2 KB to it.
 * Each Intl pattern is a constant beside its formatter; intl.ts caches the formatters. Days
 * shown as they are ("Mon, Nov 2") are day-labels.ts's, wall-clock values for exports and
 * datetime-local inputs wall-clock.ts's: both are imported by their own paths, so the first
 * load does not carry them.
 */
import { DATE_KEY } from "./days";
import { dayInstant, formatIn, partsIn, WEEKDAY_DAY, WEEKDAY_DAY_TIME, WEEKDAY_DAY_YEAR, type Pattern } from "./intl";
import { BUSINESS_TIME_ZONE, clockOf, dateKeyOf } from "./zone";

type Instant = Date | string | number;

const CLOCK: Pattern = ["en-US", { hour: "numeric", minute: "2-digit" }];
const WEEKDAY_DAY_YEAR_TIME: Pattern = ["en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" }];
const DAY_YEAR_TIME: Pattern = ["en-US", { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }];
const ZONE_NAME: Pattern = ["en-US", { timeZoneName: "short" }];

/** Whether `date` falls in another year than `now`, in `timeZone` (read through dateKeyOf's cached formatter). */
function otherYear(date: Date, now: Date, timeZone: string): boolean {
  return dateKeyOf(date, timeZone).slice(0, 4) !== dateKeyOf(now, timeZone).slice(0, 4);
}

// --- task dates ------------------------------------------------------------------------------

/** "17:05", or null when the due date carries no time (end of day): the read model's dueTime. */
export function dueTimeOf(value: Date | string, timeZone = BUSINESS_TIME_ZONE): string | null {
  const clock = clockOf(value, timeZone);
  // 23:59:59 is the blank due time, as splitInstant reads it.
  return clock === "23:59:59" ? null : clock.slice(0, 5);
}

/**
 * A due date shown in the business zone, e.g. "Mon, Nov 24, 5:00 PM" or "Mon, Nov 24" at end of
 * day; with its year when that is not this year ("Fri, Nov 29, 2024"), so a task overdue since
 * last year does not read as due this week.
 */
export function formatDue(value: Date | string, timeZone = BUSINESS_TIME_ZONE, now = new Date()): string {
  const date = new Date(value);
  const withTime = dueTimeOf(date, timeZone) !== null;
  const withYear = otherYear(date, now, timeZone);
  const pattern = withYear ? (withTime ? WEEKDAY_DAY_YEAR_TIME : WEEKDAY_DAY_YEAR) : withTime ? WEEKDAY_DAY_TIME : WEEKDAY_DAY;
  return formatIn(pattern, timeZone, date);
}

/** "Nov 24, 2026, 5:00 PM" */
export function formatDateTime(value: Instant, timeZone = BUSINESS_TIME_ZONE): string {
  return formatIn(DAY_YEAR_TIME, timeZone, new Date(value));
}

/**
 * A calendar day without a time, e.g. "Thu, Nov 19", with its year when that is not this year
 * ("Mon, May 20, 2030"): an instant in the business zone, or a "yyyy-MM-dd" day as is.
 */
export function formatDay(value: Date | string, timeZone = BUSINESS_TIME_ZONE, now = new Date()): string {
  const plainDay = typeof value === "string" && DATE_KEY.test(value);
  const date = plainDay ? dayInstant(value) : new Date(value);
  const zone = plainDay ? "UTC" : timeZone;
  // A plain day's year is compared with today's in the business zone, the day people live in.
  const today = plainDay ? dayInstant(dateKeyOf(now, timeZone)) : now;
  return formatIn(otherYear(date, today, zone) ? WEEKDAY_DAY_YEAR : WEEKDAY_DAY, zone, date);
}

// --- instants --------------------------------------------------------------------------------

/** "8:05 AM" */
export const clockTime = (value: Instant, timeZone = BUSINESS_TIME_ZONE) => formatIn(CLOCK, timeZone, new Date(value));

/** "Tue, Mar 3": the header's date, the assistant's due days. */
export const formatWeekdayDate = (value: Instant, timeZone = BUSINESS_TIME_ZONE) => formatIn(WEEKDAY_DAY, timeZone, new Date(value));

/** The zone's short name at that moment, e.g. "CST" / "CDT" for America/Chicago. */
export function zoneAbbreviation(value: Date | number, timeZone = BUSINESS_TIME_ZONE): string {
  return partsIn(ZONE_NAME, timeZone, value, timeZone)("timeZoneName");
}

// --- durations -------------------------------------------------------------------------------

/** "3h 05m" for a shift length; never negative (clock skew), "0m" under a minute. */
export function formatShiftLength(fromMs: number, toMs: number): string {
  const minutes = Math.max(0, Math.floor((toMs - fromMs) / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}m`;
  return `${hours}h ${String(rest).padStart(2, "0")}m`;
}

