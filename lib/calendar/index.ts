/**
 * Business days: weekends and holiday calendars, as pure functions over calendar days.
 *
 * A day is a `DateKey` ("yyyy-MM-dd"), a calendar date in the business time zone
 * (lib/business-time.ts); `dateKeyOf(instant)` turns a stored UTC instant into one. Nothing here
 * depends on the machine's time zone: day arithmetic runs on UTC midnights.
 *
 * Holidays come from `date-holidays` (maintained rules for 200 countries and their states,
 * including substitute/observed days), never from a hand-kept table. A calendar code is
 * `COUNTRY`, `COUNTRY-STATE` or `COUNTRY-STATE-REGION` (`US`, `US-TX`, `CA-ON`).
 *
 * Which holidays count: date-holidays types `public` and `bank` (days the business is closed,
 * including their observed substitute days: a 4th of July on a Saturday is observed on Friday
 * the 3rd, and both days count). `optional`, `school` and `observance` days (Valentine's Day,
 * Christmas Eve in the federal calendar, Halloween) do not.
 *
 * Server-side only in practice: the holiday rules weigh ~800 KB; screens call the API.
 */
import Holidays from "date-holidays";
import { dateKeyOf } from "@/lib/business-time";

/** A calendar day, "yyyy-MM-dd". */
export type DateKey = string;

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

/** The organization's default holiday calendar (environment variable `HOLIDAY_CALENDAR`, default `US`). */
export const DEFAULT_HOLIDAY_CALENDAR = (process.env.HOLIDAY_CALENDAR || "US").toUpperCase();

const COUNTED_TYPES = new Set(["public", "bank"]);
const DAY_MS = 86_400_000;
const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** No real calendar closes more than a few days in a row; a longer search is a bug. */
const MAX_SEARCH_DAYS = 366;

// --- calendar day arithmetic -------------------------------------------------------------

function toUtc(key: DateKey): number {
  const m = DATE_KEY.exec(key);
  if (!m) throw new Error(`Not a calendar day: ${key}`);
  const time = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (fromUtc(time) !== key) throw new Error(`Not a calendar day: ${key}`);
  return time;
}

function fromUtc(time: number): DateKey {
  return new Date(time).toISOString().slice(0, 10);
}

/** `key` plus `days` calendar days (negative to go back). */
export function addDays(key: DateKey, days: number): DateKey {
  return fromUtc(toUtc(key) + days * DAY_MS);
}

/** 0 (Sunday) to 6 (Saturday). */
export function dayOfWeek(key: DateKey): number {
  return new Date(toUtc(key)).getUTCDay();
}

/** Whole calendar days from `a` to `b` (positive when b is later). */
export function daysBetween(a: DateKey, b: DateKey): number {
  return Math.round((toUtc(b) - toUtc(a)) / DAY_MS);
}

/** The calendar day an instant falls on in the business time zone (or `timeZone`). */
export { dateKeyOf };

export function isWeekend(key: DateKey): boolean {
  const day = dayOfWeek(key);
  return day === 0 || day === 6;
}

// --- holiday calendars -------------------------------------------------------------------

type ParsedCalendar = { country: string; state?: string; region?: string };

function parseCalendar(code: string): ParsedCalendar | null {
  const parts = code.trim().toUpperCase().split("-");
  if (parts.length > 3 || parts.some((p) => !/^[A-Z0-9]{1,4}$/.test(p))) return null;
  const [country, state, region] = parts;
  const catalog = new Holidays();
  if (!catalog.getCountries()?.[country]) return null;
  if (state && !catalog.getStates(country)?.[state]) return null;
  if (region && !catalog.getRegions(country, state!)?.[region]) return null;
  return { country, state, region };
}

const validity = new Map<string, boolean>();

/** True for a calendar code date-holidays knows (`US`, `US-TX`, `CA-ON`; case-insensitive). */
export function isValidCalendar(code: string): boolean {
  const key = code.trim().toUpperCase();
  if (!validity.has(key)) validity.set(key, parseCalendar(key) !== null);
  return validity.get(key)!;
}

/** The normalized code of `calendar`, or the organization default when it is empty. Throws on an unknown code. */
export function resolveCalendar(calendar?: string | null): string {
  const code = (calendar || DEFAULT_HOLIDAY_CALENDAR).trim().toUpperCase();
  if (!isValidCalendar(code)) throw new Error(`Unknown holiday calendar: ${code}`);
  return code;
}

/** Holidays per (calendar, year): day -> holiday names. */
const yearCache = new Map<string, Map<DateKey, string[]>>();

function holidaysOfYear(code: string, year: number): Map<DateKey, string[]> {
  const cacheKey = `${code}:${year}`;
  let days = yearCache.get(cacheKey);
  if (days) return days;
  const parsed = parseCalendar(code)!;
  const hd = new Holidays(parsed, { languages: "en" });
  days = new Map();
  for (const holiday of hd.getHolidays(year, "en")) {
    if (!COUNTED_TYPES.has(holiday.type)) continue;
    const first = holiday.date.slice(0, 10);
    // Multi-day holidays (rare) close every day they span.
    const length = Math.max(1, Math.round((holiday.end.getTime() - holiday.start.getTime()) / DAY_MS));
    for (let i = 0; i < length; i++) {
      const day = addDays(first, i);
      days.set(day, [...(days.get(day) ?? []), holiday.name]);
    }
  }
  yearCache.set(cacheKey, days);
  return days;
}

/** Names of the counted holidays on `key` in `calendar` (empty when none). */
export function holidaysOn(key: DateKey, calendar?: string | null): string[] {
  const code = resolveCalendar(calendar);
  return holidaysOfYear(code, Number(key.slice(0, 4))).get(key) ?? [];
}

/** The counted holidays of a year, in date order: `[{ date, names }]`. */
export function holidaysInYear(year: number, calendar?: string | null): { date: DateKey; names: string[] }[] {
  const days = holidaysOfYear(resolveCalendar(calendar), year);
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, names]) => ({ date, names }));
}

/** A display name: "United States", "Texas, United States", "Ontario, Canada". */
export function calendarName(calendar?: string | null): string {
  const parsed = parseCalendar(resolveCalendar(calendar))!;
  const catalog = new Holidays();
  const country = catalog.getCountries("en")[parsed.country];
  if (!parsed.state) return country;
  const state = catalog.getStates(parsed.country, "en")?.[parsed.state];
  if (!parsed.region) return `${state}, ${country}`;
  const region = catalog.getRegions(parsed.country, parsed.state, "en")?.[parsed.region];
  return `${region}, ${state}, ${country}`;
}

/** Every calendar code date-holidays offers for one country: the country, then its states. */
export function listCalendars(country: string): { code: string; name: string }[] {
  const upper = country.toUpperCase();
  if (!isValidCalendar(upper)) return [];
  const states = new Holidays().getStates(upper, "en") ?? {};
  return [
    { code: upper, name: calendarName(upper) },
    ...Object.keys(states)
      .map((state) => ({ code: `${upper}-${state}`, name: calendarName(`${upper}-${state}`) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  ];
}

/** Every country date-holidays knows: `[{ code, name }]` by name. */
export function listCountries(): { code: string; name: string }[] {
  const countries = new Holidays().getCountries("en");
  return Object.entries(countries)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

// --- business days -----------------------------------------------------------------------

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

/** The nearest business day strictly after (`step` 1) or before (`step` -1) `key`. */
function step(key: DateKey, direction: 1 | -1, options: BusinessDayOptions): DateKey {
  let day = key;
  for (let i = 0; i < MAX_SEARCH_DAYS; i++) {
    day = addDays(day, direction);
    if (isBusinessDay(day, options)) return day;
  }
  throw new Error(`No business day within ${MAX_SEARCH_DAYS} days of ${key}`);
}

/** The first business day after `key` (never `key` itself). */
export function nextBusinessDay(key: DateKey, options: BusinessDayOptions = {}): DateKey {
  return step(key, 1, options);
}

/** The last business day before `key` (never `key` itself). */
export function previousBusinessDay(key: DateKey, options: BusinessDayOptions = {}): DateKey {
  return step(key, -1, options);
}

/**
 * `key` itself when it is a business day, else the nearest business day in `direction`
 * ("roll forward" / "roll back", as a due date is moved off a holiday).
 */
export function toBusinessDay(key: DateKey, direction: "previous" | "next", options: BusinessDayOptions = {}): DateKey {
  if (isBusinessDay(key, options)) return key;
  return step(key, direction === "next" ? 1 : -1, options);
}

/**
 * `days` business days after `key` (before it when negative). Zero returns `key` rolled forward
 * to a business day. Counting starts from `key` whether or not it is a business day itself:
 * Friday + 1 = Monday, Saturday + 1 = Monday.
 */
export function addBusinessDays(key: DateKey, days: number, options: BusinessDayOptions = {}): DateKey {
  if (!Number.isInteger(days)) throw new Error(`addBusinessDays needs a whole number of days, got ${days}`);
  if (days === 0) return toBusinessDay(key, "next", options);
  let day = key;
  const direction = days > 0 ? 1 : -1;
  for (let i = 0; i < Math.abs(days); i++) day = step(day, direction, options);
  return day;
}
