/**
 * Business days: weekends and holiday calendars (holidays.ts), as pure functions over calendar
 * days ("yyyy-MM-dd" in the business time zone). Used by the recurrence engine (weekend/holiday
 * policy), process step offsets and the alerts' working days. Server-side in practice, like
 * holidays.ts: import it by its own path.
 * The stepping itself lives in business-day-steps.ts (pure, shared with the Gantt chart).
 */
import { addBusinessDaysBy, rollToBusinessDay, stepBusinessDay, type IsBusinessDay } from "./business-day-steps";
import { dayOfWeek, isWeekend, type DateKey } from "./days";
import { holidaysOn } from "./holidays";

export type BusinessDayOptions = {
  /** Holiday calendar code; null/undefined means the organization's default (`HOLIDAY_CALENDAR`). */
  calendar?: string | null;
  /** Saturdays and Sundays are not business days (default true). */
  excludeWeekends?: boolean;
  /** The calendar's holidays are not business days (default true). */
  excludeHolidays?: boolean;
};

/** Why a day is not a business day. */
export type ExclusionReason = { kind: "weekend"; label: string } | { kind: "holiday"; label: string };

function withDefaults(options: BusinessDayOptions) {
  return {
    calendar: options.calendar,
    excludeWeekends: options.excludeWeekends ?? true,
    excludeHolidays: options.excludeHolidays ?? true,
  };
}

/** Why `key` is not a business day under `options`, or null when it is one. A holiday wins over a weekend. */
export function exclusionReason(key: DateKey, options: BusinessDayOptions = {}): ExclusionReason | null {
  const o = withDefaults(options);
  if (o.excludeHolidays) {
    const names = holidaysOn(key, o.calendar);
    if (names.length > 0) return { kind: "holiday", label: names.join(" / ") };
  }
  if (o.excludeWeekends && isWeekend(key)) return { kind: "weekend", label: dayOfWeek(key) === 0 ? "Sunday" : "Saturday" };
  return null;
}

/** True when `key` is neither an excluded weekend day nor an excluded holiday. */
export function isBusinessDay(key: DateKey, options: BusinessDayOptions = {}): boolean {
  return exclusionReason(key, options) === null;
}

/** The rule for `options`, for the stepping in business-day-steps.ts. */
export function businessDayPredicate(options: BusinessDayOptions = {}): IsBusinessDay {
  return (key) => isBusinessDay(key, options);
}

/** The first business day after `key` (never `key` itself). */
export function nextBusinessDay(key: DateKey, options: BusinessDayOptions = {}): DateKey {
  return stepBusinessDay(key, 1, businessDayPredicate(options));
}

/** The last business day before `key` (never `key` itself). */
export function previousBusinessDay(key: DateKey, options: BusinessDayOptions = {}): DateKey {
  return stepBusinessDay(key, -1, businessDayPredicate(options));
}

/**
 * `key` itself when it is a business day, else the nearest business day in `direction`
 * ("roll forward" / "roll back", as a due date is moved off a holiday).
 */
export function toBusinessDay(key: DateKey, direction: "previous" | "next", options: BusinessDayOptions = {}): DateKey {
  return rollToBusinessDay(key, direction, businessDayPredicate(options));
}

/**
 * `days` business days after `key` (before it when negative). Zero returns `key` rolled forward
 * to a business day. Counting starts from `key` whether or not it is a business day itself:
 * Friday + 1 = Monday, Saturday + 1 = Monday.
 */
export function addBusinessDays(key: DateKey, days: number, options: BusinessDayOptions = {}): DateKey {
  return addBusinessDaysBy(key, days, businessDayPredicate(options));
}
