/**
 * Calendar days as "yyyy-MM-dd" keys, and their arithmetic on UTC midnights, so the machine's
 * zone plays no part. A key is a day in the business time zone (`dateKeyOf` in zone.ts turns a
 * stored instant into one). No TZDate here: the dashboard's first load groups due dates with
 * these, and @date-fns/tz (which bundlers keep whole wherever it is imported) would add 2 KB.
 */
export type DateKey = string;

/** A calendar day, "yyyy-MM-dd" (year, month, day captured). */
export const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

const DAY_MS = 86_400_000;

const utcToKey = (time: number): DateKey => new Date(time).toISOString().slice(0, 10);

/** UTC midnight of a day; throws on anything that is not a real calendar day ("2026-02-30"). */
function keyToUtc(key: DateKey): number {
  const m = DATE_KEY.exec(key);
  if (!m) throw new Error(`Not a calendar day: ${key}`);
  const time = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (utcToKey(time) !== key) throw new Error(`Not a calendar day: ${key}`);
  return time;
}

/** `key` plus `days` calendar days (negative to go back). */
export function addDays(key: DateKey, days: number): DateKey {
  return utcToKey(keyToUtc(key) + days * DAY_MS);
}

/** The first day of the month `key` is in. */
export function monthStart(key: DateKey): DateKey {
  keyToUtc(key);
  return `${key.slice(0, 8)}01`;
}

/** `key` plus `months` calendar months (negative to go back); the 29th-31st become the last day of a shorter month. */
export function addMonths(key: DateKey, months: number): DateKey {
  const time = keyToUtc(key);
  const date = new Date(time);
  const index = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const [year, month] = [Math.floor(index / 12), ((index % 12) + 12) % 12];
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return utcToKey(Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay)));
}

/**
 * The day a Postgres DATE column holds: the driver reads a DATE as that day's UTC midnight, so
 * its UTC day is the day (no time zone plays a part). Pay periods, process start days, a case's
 * promised return, occurrence days and statistics' day buckets are such columns.
 */
export function dateKeyOfDateColumn(value: Date): DateKey {
  return utcToKey(value.getTime());
}

/** The value to write to (or compare with) a Postgres DATE column for a day: its UTC midnight. */
export function dateColumnOf(key: DateKey): Date {
  return new Date(keyToUtc(key));
}

/** Whole calendar days from `a` to `b` (positive when b is later). */
export function daysBetween(a: DateKey, b: DateKey): number {
  return Math.round((keyToUtc(b) - keyToUtc(a)) / DAY_MS);
}

/** 0 (Sunday) to 6 (Saturday). */
export function dayOfWeek(key: DateKey): number {
  return new Date(keyToUtc(key)).getUTCDay();
}

/** True for a real calendar day written "yyyy-MM-dd". */
export function isDateKey(value: string): boolean {
  if (!DATE_KEY.test(value)) return false;
  return utcToKey(Date.UTC(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8, 10)))) === value;
}

/** Saturday or Sunday. */
export function isWeekend(key: DateKey): boolean {
  const day = dayOfWeek(key);
  return day === 0 || day === 6;
}

/** Every day from `from` to `to`, both included. */
export function eachDay(from: DateKey, to: DateKey): DateKey[] {
  const days: DateKey[] = [];
  for (let key = from; key <= to; key = addDays(key, 1)) days.push(key);
  return days;
}
