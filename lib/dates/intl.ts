/**
 * One cached Intl formatter per date pattern and zone: making an Intl formatter costs far more
 * than using it, and the task list, time cards and scoreboard format per row. A pattern is a
 * module constant next to the function that uses it (zone.ts, format.ts), so a bundle carries
 * only the patterns of the formatters it uses. Internal to lib/dates (the lint rule keeps
 * `Intl.DateTimeFormat` in this folder); callers use the named functions.
 */
export type Pattern = readonly [locale: string, options: Intl.DateTimeFormatOptions];

/** "Mon, Nov 2" */
export const WEEKDAY_DAY: Pattern = ["en-US", { weekday: "short", month: "short", day: "numeric" }];
/** "Mon, Nov 2, 2026" */
export const WEEKDAY_DAY_YEAR: Pattern = ["en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric" }];
/** "Mon, Nov 2, 5:00 PM" */
export const WEEKDAY_DAY_TIME: Pattern = ["en-US", { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }];
/** "Nov 2, 2026" */
export const DAY_YEAR: Pattern = ["en-US", { month: "short", day: "numeric", year: "numeric" }];

/** A "yyyy-MM-dd" day as the instant of its UTC midnight, to be formatted in "UTC". */
export const dayInstant = (key: string) => new Date(`${key}T00:00:00Z`);

const formatters = new Map<Pattern, Map<string, Intl.DateTimeFormat>>();

/** The formatter of `pattern` in `timeZone`, made once. */
export function formatterFor(pattern: Pattern, timeZone: string): Intl.DateTimeFormat {
  let byZone = formatters.get(pattern);
  if (!byZone) formatters.set(pattern, (byZone = new Map()));
  let formatter = byZone.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(pattern[0], { ...pattern[1], timeZone });
    byZone.set(timeZone, formatter);
  }
  return formatter;
}

/** `at` written with `pattern` in `timeZone`. */
export const formatIn = (pattern: Pattern, timeZone: string, at: Date | number): string => formatterFor(pattern, timeZone).format(at);

/** The parts of `at` written with `pattern` in `timeZone`: `part("hour")`, with `fallback` for a missing one. */
export function partsIn(pattern: Pattern, timeZone: string, at: Date | number, fallback = ""): (type: Intl.DateTimeFormatPartTypes) => string {
  const parts = formatterFor(pattern, timeZone).formatToParts(at);
  return (type) => parts.find((p) => p.type === type)?.value ?? fallback;
}
