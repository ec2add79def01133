/**
 * Holiday calendars. Holidays come from `date-holidays` (maintained rules for 200 countries and
 * their states, including substitute/observed days), never from a hand-kept table. A calendar
 * code is `COUNTRY`, `COUNTRY-STATE` or `COUNTRY-STATE-REGION` (`US`, `US-TX`, `CA-ON`).
 *
 * Which holidays count: date-holidays types `public` and `bank` (days the business is closed,
 * including their observed substitute days: a 4th of July on a Saturday is observed on Friday
 * the 3rd, and both days count). `optional`, `school` and `observance` days (Valentine's Day,
 * Christmas Eve in the federal calendar, Halloween) do not.
 *
 * Server-side only in practice: the holiday rules weigh ~800 KB, so this module (and
 * business-days.ts) is imported by its own path, never through lib/dates/index.ts; screens
 * call the API.
 */
import Holidays from "date-holidays";
import { addDays, type DateKey } from "./days";

/** The organization's default holiday calendar (environment variable `HOLIDAY_CALENDAR`, default `US`). */
export const DEFAULT_HOLIDAY_CALENDAR = (process.env.HOLIDAY_CALENDAR || "US").toUpperCase();

const COUNTED_TYPES = new Set(["public", "bank"]);
const DAY_MS = 86_400_000;

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
