/**
 * Every Intl date pattern of the app, by name, and one cached formatter per pattern and zone:
 * making an Intl formatter costs far more than using it, and the task list, time cards and
 * scoreboard format per row. Internal to lib/dates (the lint rule keeps `Intl.DateTimeFormat`
 * in this folder); callers use the named functions of zone.ts and format.ts.
 */
const PATTERNS = {
  /** "2026-11-02" ("en-CA" writes yyyy-MM-dd; years before 1000 are not zero-padded). */
  dayKey: ["en-CA", { year: "numeric", month: "2-digit", day: "2-digit" }],
  /** "17:05:09" ("en-GB" with h23 never writes "24:00:00"). */
  clockKey: ["en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" }],
  /** "8:05 AM" */
  clock: ["en-US", { hour: "numeric", minute: "2-digit" }],
  /** "08:05" in parts. */
  clock24: ["en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }],
  /** "2026-11-02 08:05" in parts. */
  dateTime24: ["en-US", { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }],
  /** "Mon, Nov 2" */
  weekdayDay: ["en-US", { weekday: "short", month: "short", day: "numeric" }],
  /** "Mon, Nov 2, 2026" */
  weekdayDayYear: ["en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric" }],
  /** "Mon, Nov 2, 5:00 PM" */
  weekdayDayTime: ["en-US", { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }],
  /** "Mon, Nov 2, 2026, 5:00 PM" */
  weekdayDayYearTime: ["en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" }],
  /** "Nov 2, 2026" */
  dayYear: ["en-US", { month: "short", day: "numeric", year: "numeric" }],
  /** "Nov 2, 2026, 5:00 PM" */
  dayYearTime: ["en-US", { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }],
  /** "Nov" */
  month: ["en-US", { month: "short" }],
  /** "CST" in parts. */
  zoneName: ["en-US", { timeZoneName: "short" }],
} as const satisfies Record<string, readonly [string, Intl.DateTimeFormatOptions]>;

export type Pattern = keyof typeof PATTERNS;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The formatter of `pattern` in `timeZone`, made once. */
export function formatterFor(pattern: Pattern, timeZone: string): Intl.DateTimeFormat {
  const key = `${pattern} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const [locale, options] = PATTERNS[pattern];
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, formatter);
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
