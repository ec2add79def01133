import "server-only";
import { dateKeyOf } from "@/lib/dates";
import { DEFAULT_HOLIDAY_CALENDAR, isValidCalendar } from "@/lib/dates/holidays";
import { badRequest } from "@/lib/http/app-error";
import { describeRule, type SeriesRule } from "@/lib/recurrence/rule";
import { dueInstant, previewDates } from "@/lib/recurrence/schedule";
import { splitInstant } from "@/lib/dates/day-time";
import { UNKNOWN_CALENDAR, type PreviewRuleInput, type RulePreviewDto } from "@/lib/validations/recurrence";

/** 400 naming `holidayCalendar` when date-holidays does not know the code. */
export function assertCalendarKnown(calendar: string | null | undefined): void {
  if (calendar && !isValidCalendar(calendar)) throw badRequest(`${UNKNOWN_CALENDAR}: ${calendar}`, { field: "holidayCalendar" });
}

/** The next dates of a rule as the form holds it (from today or its start, whichever is later), and the rule in words. */
export function previewRule(input: PreviewRuleInput, now = new Date()): RulePreviewDto {
  assertCalendarKnown(input.holidayCalendar);
  const rule: SeriesRule = {
    pattern: input.recurringPattern,
    interval: input.recurringInterval,
    startDay: dateKeyOf(input.dueDate),
    dueMinutes: splitInstant(input.dueDate, "due").minutes,
    daysOfWeek: input.recurringDaysOfWeek,
    monthlyType: input.recurringMonthlyType ?? null,
    monthlyWeek: input.recurringSchedule?.monthlyWeek ?? null,
    endType: input.recurringEndType,
    endDay: input.recurringEndDate ? dateKeyOf(input.recurringEndDate) : null,
    maxCount: input.recurringMaxCount ?? null,
    excludeWeekends: input.excludeWeekends,
    excludeHolidays: input.excludeHolidays,
    calendar: input.holidayCalendar || DEFAULT_HOLIDAY_CALENDAR,
    policy: input.recurringSchedule?.excludedDayPolicy ?? "skip",
  };
  const today = dateKeyOf(now);
  const { dates, skipped } = previewDates(rule, input.count, rule.startDay > today ? rule.startDay : today);
  const lastDay = dates.at(-1)?.day;
  return {
    description: describeRule(rule, DEFAULT_HOLIDAY_CALENDAR),
    calendar: input.excludeHolidays ? rule.calendar : null,
    dates: dates.map((d) => ({ index: d.index, day: d.day, dueDate: dueInstant(rule, d.day).toISOString(), moved: d.moved ?? null })),
    skipped: skipped.filter((s) => !lastDay || s.day <= lastDay),
  };
}
