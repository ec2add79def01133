/**
 * A series' dates: the RFC 5545 rule computed by `rrule` over calendar days, then the
 * weekend/holiday policy, then the end. Pure (no database); server-side because the holiday
 * calendars are (lib/dates/business-days).
 *
 * rrule runs on "floating" UTC midnights, one per calendar day, so the machine's zone and DST
 * never shift a date; the due time is applied afterwards as a wall-clock time in the business
 * zone (`dueInstant`), so a 9:00 task stays at 9:00 across DST changes.
 *
 * Documented behaviours:
 * - Monthly by date on the 29th-31st lands on the month's last day in shorter months
 *   (the 31st: Jan 31, Feb 28/29, Mar 31, Apr 30); annual on Feb 29 lands on Feb 28 in common years.
 * - Monthly by weekday takes the ordinal of the due date (the 2nd Tuesday), a 5th weekday reads
 *   as "the last"; `recurringSchedule.monthlyWeek` can say -1 (last) explicitly.
 * - Weekly with no days chosen repeats on the due date's weekday; weeks start on WEEK_STARTS_ON
 *   (WKST, Monday by default), which decides which days share a week in an "every 2 weeks" rule.
 * - An excluded date (weekend/holiday) is skipped, or moved to the previous/next business day.
 *   A move that would land before the series start or after its end date drops the date, and a
 *   move onto a day the series already has collapses into that one occurrence.
 * - "After N" counts occurrences after the policy: exactly N dates. "On date" includes that day.
 */
import { RRule, type Options, type Weekday } from "rrule";
import { WEEK_STARTS_ON } from "@/lib/dates/weeks";
import { exclusionReason, toBusinessDay, type ExclusionReason } from "@/lib/dates/business-days";
import { combineDayAndTime } from "@/lib/dates/day-time";
import { monthlyWeekOf, type SeriesRule } from "./rule";
import { dateKeyOfDateColumn } from "@/lib/dates";

export interface ScheduledDate {
  /** 1-based position in the series (after the policy). */
  index: number;
  /** The occurrence's due day. */
  day: string;
  /** Set when the policy moved the date off an excluded day. */
  moved?: { from: string; reason: ExclusionReason };
}

export interface SkippedDate {
  day: string;
  reason: ExclusionReason | { kind: "collapsed" | "out-of-range"; label: string };
}

const RRULE_DAYS: Weekday[] = [RRule.SU, RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA];
/** A safety stop: no series looks further than this many rule dates. */
const MAX_RULE_DATES = 50_000;

function utcDay(day: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

/** rrule's floating dates are UTC midnights, as a DATE column is read. */
const toKey = (date: Date) => dateKeyOfDateColumn(date);

/** The rrule options of a series (exported for the unit tests). */
export function rruleOptions(rule: SeriesRule): Partial<Options> {
  const start = utcDay(rule.startDay);
  const dayOfMonth = start.getUTCDate();
  const wkst = RRULE_DAYS[rule.weekStartsOn ?? WEEK_STARTS_ON] ?? RRule.MO;
  const options: Partial<Options> = { dtstart: start, interval: Math.max(1, rule.interval), wkst, tzid: null };
  // The 29th-31st: the latest of [28 .. d] that exists in the month (its last day when shorter).
  const clampedDay = dayOfMonth > 28 ? { bymonthday: Array.from({ length: dayOfMonth - 27 }, (_, i) => 28 + i), bysetpos: [-1] } : { bymonthday: [dayOfMonth] };
  switch (rule.pattern) {
    case "daily":
      return { ...options, freq: RRule.DAILY };
    case "weekly": {
      const days = rule.daysOfWeek.length ? rule.daysOfWeek : [start.getUTCDay()];
      return { ...options, freq: RRule.WEEKLY, byweekday: [...days].sort((a, b) => a - b).map((d) => RRULE_DAYS[d]) };
    }
    case "monthly":
      if (rule.monthlyType === "weekday") {
        return { ...options, freq: RRule.MONTHLY, byweekday: [RRULE_DAYS[start.getUTCDay()].nth(monthlyWeekOf(rule))] };
      }
      return { ...options, freq: RRule.MONTHLY, ...clampedDay };
    case "annual":
      return { ...options, freq: RRule.YEARLY, bymonth: [start.getUTCMonth() + 1], ...clampedDay };
  }
}

/**
 * Walks the series' dates in order, calling `visit` for each kept date (return false to stop),
 * and `onSkip` for each rule date the policy or the range dropped.
 */
export function walkSchedule(rule: SeriesRule, visit: (date: ScheduledDate) => boolean, onSkip?: (skipped: SkippedDate) => boolean | void): void {
  const options = { calendar: rule.calendar, excludeWeekends: rule.excludeWeekends, excludeHolidays: rule.excludeHolidays };
  const checksDays = rule.excludeWeekends || rule.excludeHolidays;
  const endDay = rule.endType === "on" ? rule.endDay : null;
  const maxCount = rule.endType === "after" ? rule.maxCount : null;
  let index = 0;
  let lastDay = "";
  let seen = 0;

  const rrule = new RRule({ ...rruleOptions(rule), ...(endDay ? { until: utcDay(endDay) } : {}) });
  rrule.all((date) => {
    if (++seen > MAX_RULE_DATES) return false;
    const ruleDay = toKey(date);
    let day = ruleDay;
    let moved: ScheduledDate["moved"];
    const reason = checksDays ? exclusionReason(ruleDay, options) : null;
    if (reason) {
      if (rule.policy === "skip") return onSkip?.({ day: ruleDay, reason }) !== false;
      day = toBusinessDay(ruleDay, rule.policy, options);
      moved = { from: ruleDay, reason };
      if (day < rule.startDay || (endDay && day > endDay)) {
        return onSkip?.({ day: ruleDay, reason: { kind: "out-of-range", label: `${reason.label}; moving it would leave the series' dates` } }) !== false;
      }
    }
    if (day <= lastDay) {
      return onSkip?.({ day: ruleDay, reason: { kind: "collapsed", label: `${reason?.label ?? "moved"}; already due on ${day}` } }) !== false;
    }
    index += 1;
    if (maxCount && index > maxCount) return false;
    lastDay = day;
    return visit(moved ? { index, day, moved } : { index, day });
  });
}

/** The first `count` dates on or after `fromDay`, plus the rule dates skipped among them (the form's preview). */
export function previewDates(rule: SeriesRule, count: number, fromDay: string): { dates: ScheduledDate[]; skipped: SkippedDate[] } {
  const dates: ScheduledDate[] = [];
  const skipped: SkippedDate[] = [];
  walkSchedule(
    rule,
    (date) => {
      if (date.day >= fromDay) dates.push(date);
      return dates.length < count;
    },
    (skip) => {
      if (skip.day >= fromDay) skipped.push(skip);
    },
  );
  return { dates, skipped };
}

/** Every date through `throughDay` (inclusive): what the generator considers. */
export function datesThrough(rule: SeriesRule, throughDay: string): ScheduledDate[] {
  const dates: ScheduledDate[] = [];
  walkSchedule(rule, (date) => {
    if (date.day > throughDay) return false;
    dates.push(date);
    return true;
  });
  return dates;
}

/** The total number of dates, or null for a series without an end. */
export function totalDates(rule: SeriesRule): number | null {
  if (rule.endType === "never") return null;
  let total = 0;
  walkSchedule(rule, (date) => {
    total = date.index;
    return true;
  });
  return total;
}

/** The due instant of an occurrence: its day at the series' wall-clock due time in the business zone. */
export function dueInstant(rule: Pick<SeriesRule, "dueMinutes">, day: string): Date {
  return combineDayAndTime(day, rule.dueMinutes, "due");
}
