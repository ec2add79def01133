/**
 * A calendar day plus an optional time of day in the business time zone, as a UTC instant, and
 * back: how task, project, process and recurrence dates are entered and stored. A blank due time
 * means the end of that day (23:59:59.999), a blank start time its beginning (00:00). Built on
 * TZDate, so imported by its own path, `@/lib/dates/day-time`, never through lib/dates/index.ts.
 */
import { TZDate } from "@date-fns/tz";
import { formatMinutes } from "@/lib/tasks/time-input";
import { DATE_KEY } from "./days";
import { BUSINESS_TIME_ZONE } from "./zone";

export const END_OF_DAY_MINUTES = 24 * 60 - 1;

/** `day` is "yyyy-MM-dd"; `minutes` since local midnight or null for the blank default. */
export function combineDayAndTime(day: string, minutes: number | null, kind: "due" | "start", timeZone = BUSINESS_TIME_ZONE): Date {
  const match = DATE_KEY.exec(day);
  if (!match) throw new Error(`Not a calendar day: ${day}`);
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  if (minutes === null) {
    return kind === "due"
      ? new Date(new TZDate(year, month, date, 23, 59, 59, 999, timeZone).getTime())
      : new Date(new TZDate(year, month, date, 0, 0, 0, 0, timeZone).getTime());
  }
  return new Date(new TZDate(year, month, date, Math.floor(minutes / 60), minutes % 60, 0, 0, timeZone).getTime());
}

/**
 * The day and time a stored instant shows as in a form. A due date at the very end of the
 * day shows a blank time (it was entered blank); so does a start date at midnight.
 */
export function splitInstant(
  value: Date | string | null | undefined,
  kind: "due" | "start",
  timeZone = BUSINESS_TIME_ZONE,
): { day: string; minutes: number | null } {
  if (!value) return { day: "", minutes: null };
  const local = new TZDate(new Date(value).getTime(), timeZone);
  const day = `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
  const minutes = local.getHours() * 60 + local.getMinutes();
  if (kind === "due" && minutes === END_OF_DAY_MINUTES && local.getSeconds() === 59) return { day, minutes: null };
  if (kind === "start" && minutes === 0 && local.getSeconds() === 0) return { day, minutes: null };
  return { day, minutes };
}

/** A stored instant as a form's two inputs: the day and the H:MM time (blank as above). */
export function dayAndTime(value: Date | string | null | undefined, kind: "due" | "start"): { day: string; time: string } {
  const { day, minutes } = splitInstant(value, kind);
  return { day, time: formatMinutes(minutes) };
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}
