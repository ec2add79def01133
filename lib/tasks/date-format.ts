/**
 * Showing task dates: an instant in the business time zone (lib/business-time.ts) as people
 * read it. Intl only, no TZDate: the task rows on every page's first load use this, and
 * @date-fns/tz would add 2 KB to it. Turning entered days and times into instants is
 * task-dates.ts's.
 */
import { BUSINESS_TIME_ZONE, clockOf, DATE_KEY, dateKeyOf } from "@/lib/business-time";

/** "17:05", or null when the due date carries no time (end of day): the read model's dueTime. */
export function dueTimeOf(value: Date | string, timeZone = BUSINESS_TIME_ZONE): string | null {
  const clock = clockOf(value, timeZone);
  // 23:59:59 is the blank due time, as splitInstant reads it.
  return clock === "23:59:59" ? null : clock.slice(0, 5);
}

/**
 * Intl options that add the year when `date` falls in another year than `now`, in `timeZone`.
 * Read through dateKeyOf's cached formatter: the task rows call this, and a new Intl formatter
 * per row and date was what formatDue did before.
 */
function yearIfNotThisYear(date: Date, now: Date, timeZone: string): Intl.DateTimeFormatOptions {
  const yearOf = (d: Date) => dateKeyOf(d, timeZone).slice(0, 4);
  return yearOf(date) !== yearOf(now) ? { year: "numeric" } : {};
}

/**
 * A due date shown in the business zone, e.g. "Mon, Nov 24, 5:00 PM" or "Mon, Nov 24" at end of
 * day; with its year when that is not this year ("Fri, Nov 29, 2024"), so a task overdue since
 * last year does not read as due this week.
 */
export function formatDue(value: Date | string, timeZone = BUSINESS_TIME_ZONE, now = new Date()): string {
  const date = new Date(value);
  const withTime = dueTimeOf(date, timeZone) !== null;
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    month: "short",
    day: "numeric",
    ...yearIfNotThisYear(date, now, timeZone),
    ...(withTime ? { hour: "numeric", minute: "2-digit" } : {}),
  }).format(date);
}

export function formatDateTime(value: Date | string, timeZone = BUSINESS_TIME_ZONE): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(value));
}

/**
 * A calendar day without a time, e.g. "Thu, Nov 19", with its year when that is not this year
 * ("Mon, May 20, 2030"): an instant in the business zone, or a "yyyy-MM-dd" day as is.
 */
export function formatDay(value: Date | string, timeZone = BUSINESS_TIME_ZONE, now = new Date()): string {
  const plainDay = typeof value === "string" && DATE_KEY.test(value);
  const date = new Date(plainDay ? `${value}T00:00:00Z` : value);
  const zone = plainDay ? "UTC" : timeZone;
  // A plain day's year is compared with today's in the business zone, the day people live in.
  const today = plainDay ? new Date(`${dateKeyOf(now, timeZone)}T00:00:00Z`) : now;
  return new Intl.DateTimeFormat("en-US", { timeZone: zone, weekday: "short", month: "short", day: "numeric", ...yearIfNotThisYear(date, today, zone) }).format(date);
}
