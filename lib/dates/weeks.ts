/**
 * The business week: which day it starts on (`WEEK_STARTS_ON`), read at build time like the
 * time zone, and the week a day belongs to.
 */
import type { Day } from "date-fns";
import { addDays, dayOfWeek, type DateKey } from "./days";

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
 * completed-this-week card, a member's hours this week, time logs, the timeline's week ticks).
 * next.config.js copies WEEK_STARTS_ON into NEXT_PUBLIC_WEEK_STARTS_ON at build time, so browser
 * and server agree.
 */
export const WEEK_STARTS_ON: Day = parseWeekStartsOn(process.env.NEXT_PUBLIC_WEEK_STARTS_ON || process.env.WEEK_STARTS_ON) ?? 1;

/** The name of a week day, e.g. "Monday". */
export const weekdayName = (day: Day): string => DAY_NAMES[day].charAt(0).toUpperCase() + DAY_NAMES[day].slice(1);

/** The first day of the week containing `key`, for weeks starting on `weekStartsOn` (0 = Sunday). */
export function weekStart(key: DateKey, weekStartsOn: number): DateKey {
  return addDays(key, -((dayOfWeek(key) - weekStartsOn + 7) % 7));
}
