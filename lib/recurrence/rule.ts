/**
 * A series' rule as plain data, its strict `recurringSchedule` extras, and the rule in words.
 * Pure and client-safe (no holiday data): the form and the /recurring-tasks list use it.
 */
import type { Day } from "date-fns";
import { weekdayName } from "@/lib/dates";
import { longDay, shortMonthName } from "@/lib/dates/day-labels";
import { recurringScheduleSchema, type ExcludedDayPolicy, type RecurringSchedule } from "@/lib/validations/recurrence";

export const POLICY_LABELS: Record<ExcludedDayPolicy, string> = {
  skip: "Skip that date",
  previous: "Move to the previous business day",
  next: "Move to the next business day",
};

/** The stored `recurringSchedule`, or the defaults when it is empty or unreadable. */
export function readSchedule(value: unknown): RecurringSchedule {
  const parsed = recurringScheduleSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : { excludedDayPolicy: "skip", monthlyWeek: null };
}

/** Everything that decides a series' dates. Days are "yyyy-MM-dd" in the business zone. */
export interface SeriesRule {
  pattern: "daily" | "weekly" | "monthly" | "annual";
  interval: number;
  /** The first due day (the series' own due date): the rule's DTSTART. */
  startDay: string;
  /** Local due time in minutes, or null for end of day. */
  dueMinutes: number | null;
  daysOfWeek: number[];
  monthlyType: "date" | "weekday" | null;
  monthlyWeek: number | null;
  endType: "never" | "after" | "on";
  endDay: string | null;
  maxCount: number | null;
  excludeWeekends: boolean;
  excludeHolidays: boolean;
  /** Holiday calendar code (null: the organization's default). */
  calendar: string | null;
  policy: ExcludedDayPolicy;
  /** The day weeks start on (0 = Sunday … 6), for "every N weeks"; default WEEK_STARTS_ON. */
  weekStartsOn?: number;
}


export function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n}${s}`;
}

function dayParts(day: string) {
  const [y, m, d] = day.split("-").map(Number);
  return { y, m, d, weekday: new Date(Date.UTC(y, m - 1, d)).getUTCDay() };
}

/** The monthly-by-weekday ordinal: the stored one, else the due date's own (a 5th weekday reads as "last"). */
export function monthlyWeekOf(rule: Pick<SeriesRule, "startDay" | "monthlyWeek">): number {
  if (rule.monthlyWeek) return rule.monthlyWeek;
  const n = Math.ceil(dayParts(rule.startDay).d / 7);
  return n >= 5 ? -1 : n;
}

/**
 * A due day among its month's last 7 days and not past the 28th is both "the 4th Friday" and
 * "the last Friday": the form asks which (`monthlyWeek`). Its ordinal and weekday then, else null
 * (past the 28th it can only be the last).
 */
export function twoWayMonthlyWeek(day: string): { nth: number; weekday: string } | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const { y, m, d, weekday } = dayParts(day);
  if (d > 28 || d + 7 <= new Date(Date.UTC(y, m, 0)).getUTCDate()) return null;
  return { nth: Math.ceil(d / 7), weekday: weekdayName(weekday as Day) };
}

function formatTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

function joinWords(words: string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/**
 * The rule in words: "Every 2 weeks on Monday and Wednesday at 9:00 AM, until Mar 1, 2027;
 * skips US holidays".
 */
export function describeRule(rule: SeriesRule, defaultCalendar = "US"): string {
  const every = (unit: string) => (rule.interval === 1 ? `Every ${unit}` : `Every ${rule.interval} ${unit}s`);
  const start = dayParts(rule.startDay);
  let text: string;
  switch (rule.pattern) {
    case "daily":
      text = every("day");
      break;
    case "weekly": {
      const days = (rule.daysOfWeek.length ? [...rule.daysOfWeek] : [start.weekday]).sort((a, b) => a - b);
      text = `${every("week")} on ${joinWords(days.map((d) => weekdayName(d as Day)))}`;
      break;
    }
    case "monthly":
      if (rule.monthlyType === "weekday") {
        const n = monthlyWeekOf(rule);
        text = `${every("month")} on the ${n === -1 ? "last" : ordinal(n)} ${weekdayName(start.weekday as Day)}`;
      } else {
        text = `${every("month")} on the ${ordinal(start.d)}${start.d > 28 ? " (or the month's last day)" : ""}`;
      }
      break;
    case "annual":
      text = `${every("year")} on ${shortMonthName(start.m - 1)} ${start.d}${start.m === 2 && start.d === 29 ? " (Feb 28 in other years)" : ""}`;
      break;
  }
  if (rule.dueMinutes !== null) text += ` at ${formatTime(rule.dueMinutes)}`;
  if (rule.endType === "on" && rule.endDay) text += `, until ${longDay(rule.endDay)}`;
  if (rule.endType === "after" && rule.maxCount) text += `, ${rule.maxCount} ${rule.maxCount === 1 ? "time" : "times"}`;

  const excluded = [rule.excludeWeekends ? "weekends" : null, rule.excludeHolidays ? `${(rule.calendar || defaultCalendar).toUpperCase()} holidays` : null].filter(
    (x): x is string => x !== null,
  );
  if (excluded.length) {
    const what = joinWords(excluded);
    text +=
      rule.policy === "skip"
        ? `; skips ${what}`
        : `; ${what} move to the ${rule.policy === "previous" ? "previous" : "next"} business day`;
  }
  return text;
}
