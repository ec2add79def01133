import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { dateKeyOf } from "@/lib/dates";
import { DEFAULT_HOLIDAY_CALENDAR } from "@/lib/dates/holidays";
import { readSchedule, type SeriesRule } from "@/lib/recurrence/rule";
import { splitInstant } from "@/lib/dates/day-time";

/** The columns a series' rule is read from. */
export const seriesRuleSelect = {
  dueDate: true,
  recurringPattern: true,
  recurringInterval: true,
  recurringEndType: true,
  recurringEndDate: true,
  recurringMaxCount: true,
  recurringDaysOfWeek: true,
  recurringMonthlyType: true,
  excludeWeekends: true,
  excludeHolidays: true,
  holidayCalendar: true,
  recurringSchedule: true,
} satisfies Prisma.TaskSelect;

export type SeriesRuleRow = Prisma.TaskGetPayload<{ select: typeof seriesRuleSelect }>;

/** The series' rule: its due date is DTSTART, its local due time the time of every occurrence. */
export function seriesRuleOf(row: SeriesRuleRow): SeriesRule {
  const schedule = readSchedule(row.recurringSchedule);
  return {
    pattern: row.recurringPattern ?? "daily",
    interval: row.recurringInterval,
    startDay: dateKeyOf(row.dueDate),
    dueMinutes: splitInstant(row.dueDate, "due").minutes,
    daysOfWeek: row.recurringDaysOfWeek,
    monthlyType: row.recurringMonthlyType,
    monthlyWeek: schedule.monthlyWeek ?? null,
    endType: row.recurringEndType,
    endDay: row.recurringEndDate ? dateKeyOf(row.recurringEndDate) : null,
    maxCount: row.recurringMaxCount,
    excludeWeekends: row.excludeWeekends,
    excludeHolidays: row.excludeHolidays,
    calendar: row.holidayCalendar || DEFAULT_HOLIDAY_CALENDAR,
    policy: schedule.excludedDayPolicy,
  };
}

/** Days ahead the generator creates occurrences (`RECURRENCE_LOOKAHEAD_DAYS`, default 7). */
export function lookaheadDays(): number {
  const value = Number(process.env.RECURRENCE_LOOKAHEAD_DAYS ?? 7);
  return Number.isInteger(value) && value >= 0 && value <= 366 ? value : 7;
}
