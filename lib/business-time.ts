import type { Day } from "date-fns";

/**
 * The business's time zone: dates are entered and shown in it, and stored as UTC.
 * next.config.js copies BUSINESS_TIME_ZONE into NEXT_PUBLIC_BUSINESS_TIME_ZONE at build time,
 * so the browser and the server always agree (change it, then rebuild).
 */
export const BUSINESS_TIME_ZONE = process.env.NEXT_PUBLIC_BUSINESS_TIME_ZONE || process.env.BUSINESS_TIME_ZONE || "America/Chicago";

const DAY_NAMES = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;

/**
 * WEEK_STARTS_ON: a day name ("monday", "sunday", …) or 0 (Sunday) to 6 (Saturday); blank means
 * Monday. Returns null for anything else (next.config.js refuses to build with it).
 */
export function parseWeekStartsOn(value: string | undefined | null): Day | null {
  const text = (value ?? "").trim().toLowerCase();
  if (text === "") return 1;
  if (/^[0-6]$/.test(text)) return Number(text) as Day;
  const index = DAY_NAMES.indexOf(text as (typeof DAY_NAMES)[number]);
  return index === -1 ? null : (index as Day);
}

/**
 * The first day of the business week, one setting for every "this week" (the dashboard's
 * completed-this-week card, a member's hours this week, time logs). Copied at build time like
 * the time zone, so browser and server agree.
 */
export const WEEK_STARTS_ON: Day = parseWeekStartsOn(process.env.NEXT_PUBLIC_WEEK_STARTS_ON || process.env.WEEK_STARTS_ON) ?? 1;

/** The name of a week day, e.g. "Monday". */
export const weekdayName = (day: Day): string => DAY_NAMES[day].charAt(0).toUpperCase() + DAY_NAMES[day].slice(1);

/**
 * The calendar day ("yyyy-MM-dd") an instant falls on in the business time zone (or `timeZone`).
 * The one implementation behind lib/calendar's `dateKeyOf` and lib/time/calc's `dayOf`: a cached
 * Intl formatter ("en-CA" writes yyyy-MM-dd) is ~5x cheaper than a TZDate, and the scoreboard
 * and time cards call it per row. Years outside 1000–9999 are not zero-padded by Intl, so they
 * are padded from the formatter's parts. No TZDate: the dashboard's first load uses this (its
 * due-date groups), and @date-fns/tz would add 2 KB to it.
 */
export function dateKeyOf(instant: Date | string | number, timeZone = BUSINESS_TIME_ZONE): string {
  const time = new Date(instant).getTime();
  const formatter = zoneFormatter("day", timeZone);
  const key = formatter.format(time);
  if (key.length === 10) return key;
  const part = (type: Intl.DateTimeFormatPartTypes) => formatter.formatToParts(time).find((p) => p.type === type)?.value ?? "";
  return `${part("year").padStart(4, "0")}-${part("month")}-${part("day")}`;
}

/**
 * "HH:mm:ss" of an instant on the clock of the business time zone (or `timeZone`): the task
 * list gives every row's due time, and a TZDate per row was a measurable part of its server time.
 */
export function clockOf(instant: Date | string | number, timeZone = BUSINESS_TIME_ZONE): string {
  return zoneFormatter("clock", timeZone).format(new Date(instant).getTime());
}

/** "en-CA" writes yyyy-MM-dd; "en-GB" with h23 writes HH:mm:ss (never "24:00:00"). */
const FORMATS = {
  day: ["en-CA", { year: "numeric", month: "2-digit", day: "2-digit" }],
  clock: ["en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" }],
} as const satisfies Record<string, readonly [string, Intl.DateTimeFormatOptions]>;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One Intl formatter per purpose and zone, made once: making one costs far more than using it. */
function zoneFormatter(kind: keyof typeof FORMATS, timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const [locale, options] = FORMATS[kind];
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Calendar-day arithmetic on "yyyy-MM-dd" keys: UTC midnights, so the machine's zone plays no
 * part. No TZDate here: the dashboard's first load groups due dates with these, and
 * @date-fns/tz (which bundlers keep whole wherever it is imported) would add 2 KB to it.
 */
export type DateKey = string;

/** A calendar day, "yyyy-MM-dd" (year, month, day captured). */
export const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

function keyToUtc(key: DateKey): number {
  const m = DATE_KEY.exec(key);
  if (!m) throw new Error(`Not a calendar day: ${key}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

const utcToKey = (time: number): DateKey => new Date(time).toISOString().slice(0, 10);

export function addDays(key: DateKey, days: number): DateKey {
  return utcToKey(keyToUtc(key) + days * 86_400_000);
}

export function daysBetween(a: DateKey, b: DateKey): number {
  return Math.round((keyToUtc(b) - keyToUtc(a)) / 86_400_000);
}

export function dayOfWeek(key: DateKey): number {
  return new Date(keyToUtc(key)).getUTCDay();
}

export function isDateKey(value: string): boolean {
  if (!DATE_KEY.test(value)) return false;
  return utcToKey(keyToUtc(value)) === value;
}
