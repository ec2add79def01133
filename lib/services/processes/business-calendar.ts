import "server-only";
import { addDays } from "@/lib/dates";
import { addBusinessDays, exclusionReason, toBusinessDay } from "@/lib/dates/business-days";
import type { BusinessCalendar, DayKey } from "@/lib/processes/schedule";

/**
 * Process schedules skip weekends and the organization's holidays, from the same holiday
 * source as recurring tasks (lib/dates/business-days: date-holidays, `HOLIDAY_CALENDAR`, default US).
 */
export function businessCalendar(calendar?: string | null): BusinessCalendar {
  const options = { calendar, excludeWeekends: true, excludeHolidays: true };
  return {
    onOrAfter: (day) => toBusinessDay(day, "next", options),
    add: (day, n) => (n === 0 ? toBusinessDay(day, "next", options) : addBusinessDays(day, n, options)),
  };
}

/** The days between `from` and `to` (inclusive) that the schedule skipped, with why. */
export function skippedDays(from: DayKey, to: DayKey, calendar?: string | null): Array<{ date: DayKey; reason: string }> {
  const options = { calendar, excludeWeekends: true, excludeHolidays: true };
  const out: Array<{ date: DayKey; reason: string }> = [];
  for (let day = from, i = 0; day <= to && i < 800; day = addDays(day, 1), i++) {
    const reason = exclusionReason(day, options);
    if (reason) out.push({ date: day, reason: reason.label });
  }
  return out;
}
