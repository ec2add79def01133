/**
 * Business-day stepping over any "is this a business day?" rule, with no holiday data of its
 * own: business-days.ts gives it the holiday calendars (date-holidays, server-side), and the
 * Gantt chart gives it the organization's holidays the timeline API sent for the visible range
 * (so the browser never loads the holiday rules). One implementation of the stepping for both.
 */
import { addDays, daysBetween, isWeekend, type DateKey } from "./days";

/** True when `key` is a business day. */
export type IsBusinessDay = (key: DateKey) => boolean;

/** No real calendar closes more than a few days in a row; a longer search is a bug. */
const MAX_SEARCH_DAYS = 366;

/** The rule "not a Saturday or Sunday and not one of `holidays`". */
export function businessDayRule(holidays: Iterable<DateKey>): IsBusinessDay {
  const closed = new Set(holidays);
  return (key) => !isWeekend(key) && !closed.has(key);
}

/** The nearest business day strictly after (`direction` 1) or before (-1) `key`. */
export function stepBusinessDay(key: DateKey, direction: 1 | -1, isBusinessDay: IsBusinessDay): DateKey {
  let day = key;
  for (let i = 0; i < MAX_SEARCH_DAYS; i++) {
    day = addDays(day, direction);
    if (isBusinessDay(day)) return day;
  }
  throw new Error(`No business day within ${MAX_SEARCH_DAYS} days of ${key}`);
}

/** `key` itself when it is a business day, else the nearest business day in `direction`. */
export function rollToBusinessDay(key: DateKey, direction: "previous" | "next", isBusinessDay: IsBusinessDay): DateKey {
  return isBusinessDay(key) ? key : stepBusinessDay(key, direction === "next" ? 1 : -1, isBusinessDay);
}

/**
 * `days` business days after `key` (before it when negative); zero rolls `key` forward to a
 * business day. Counting starts from `key` whether or not it is a business day itself:
 * Friday + 1 = Monday, Saturday + 1 = Monday.
 */
export function addBusinessDaysBy(key: DateKey, days: number, isBusinessDay: IsBusinessDay): DateKey {
  if (!Number.isInteger(days)) throw new Error(`addBusinessDays needs a whole number of days, got ${days}`);
  if (days === 0) return rollToBusinessDay(key, "next", isBusinessDay);
  let day = key;
  const direction = days > 0 ? 1 : -1;
  for (let i = 0; i < Math.abs(days); i++) day = stepBusinessDay(day, direction, isBusinessDay);
  return day;
}

/**
 * Signed business days from `a` to `b`: the business days in (a, b] when b is later (Friday to
 * Monday = 1, Saturday to Monday = 1), minus those in (b, a] when it is earlier; 0 for the same
 * day. The inverse of addBusinessDaysBy for a business day `a`.
 */
export function businessDaysBetween(a: DateKey, b: DateKey, isBusinessDay: IsBusinessDay): number {
  const span = daysBetween(a, b);
  if (span > 3660 || span < -3660) throw new Error(`businessDaysBetween over more than ten years: ${a} to ${b}`);
  if (span === 0) return 0;
  const direction = span > 0 ? 1 : -1;
  let count = 0;
  for (let i = 1; i <= Math.abs(span); i++) {
    const day = addDays(span > 0 ? a : b, i);
    if (isBusinessDay(day)) count += 1;
  }
  return direction * count;
}
