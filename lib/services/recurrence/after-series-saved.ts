import "server-only";
import type { UpdateTaskInput } from "@/lib/validations/tasks";
import { generateOccurrences } from "./generate-occurrences";

const RULE_FIELDS = [
  "isRecurring",
  "dueDate",
  "recurringPattern",
  "recurringInterval",
  "recurringEndType",
  "recurringEndDate",
  "recurringMaxCount",
  "recurringDaysOfWeek",
  "recurringMonthlyType",
  "excludeWeekends",
  "excludeHolidays",
  "holidayCalendar",
  "recurringSchedule",
] as const satisfies readonly (keyof UpdateTaskInput)[];

/** True when an update touches what decides the series' dates. */
export function changesSeriesRule(input: UpdateTaskInput): boolean {
  return RULE_FIELDS.some((field) => input[field] !== undefined);
}

/**
 * After a series is created or edited, creates the occurrences now due within the window, so
 * the first one shows at once instead of at the next 15-minute run. A failure here is logged,
 * not the caller's: the job catches up.
 */
export async function afterSeriesSaved(seriesId: string): Promise<void> {
  try {
    await generateOccurrences({ seriesId });
  } catch (error) {
    console.error(JSON.stringify({ level: "error", source: "recurrence", event: "generate after save failed", seriesId, message: error instanceof Error ? error.message : String(error) }));
  }
}
