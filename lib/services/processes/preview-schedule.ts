import "server-only";
import { scheduleSteps } from "@/lib/processes/schedule";
import type { SchedulePreviewInput } from "@/lib/validations/processes";
import { businessCalendar, skippedDays } from "./business-calendar";

/**
 * POST /api/processes/schedule: the builder's live preview. Each step's start and due day from
 * the chosen start date, and the weekends and holidays skipped on the way (the holiday rules
 * stay on the server: they weigh ~800 KB).
 */
export function previewSchedule(input: SchedulePreviewInput) {
  const calendar = businessCalendar();
  const steps = scheduleSteps(input.startDate, input.steps, calendar);
  const last = steps.reduce((max, s) => (s.due > max ? s.due : max), input.startDate);
  return { startDate: input.startDate, steps, finish: last, skipped: skippedDays(input.startDate, last) };
}
