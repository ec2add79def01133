/**
 * Templates and copying (docs/schedules.md "Templates"), pure: a shift read as a template's
 * weekday and wall-clock times, and those times laid on a day. Wall-clock, so a template's
 * 22:00–06:00 stays 22:00–06:00 on a DST night (and lasts 9 h or 7 h there, as instants say).
 */
import { addDays, dateKeyOf, dayOfWeek, daysBetween, type DateKey } from "@/lib/dates";
import { clock24 } from "@/lib/dates/wall-clock";

export const DAY_MINUTES = 24 * 60;

/** "08:30" → 510; "24:00" → 1440. */
export const minuteOfClock = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** 510 → "08:30"; 1440 → "24:00". */
export const clockOfMinute = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

export interface TemplateTimes {
  /** 0 (Sunday) to 6 (Saturday): the day the shift starts. */
  weekday: number;
  /** Wall-clock start, minutes after midnight. */
  startMinute: number;
  /** Wall-clock length (from the start's clock to the end's, across days), 1 to 1440. */
  lengthMinutes: number;
}

/** A shift's weekday and wall-clock times in the business zone. */
export function templateTimesOf(shift: { startsAt: string | Date; endsAt: string | Date }): TemplateTimes {
  const [startDay, endDay] = [dateKeyOf(shift.startsAt), dateKeyOf(shift.endsAt)];
  const startMinute = minuteOfClock(clock24(shift.startsAt));
  const wall = daysBetween(startDay, endDay) * DAY_MINUTES + minuteOfClock(clock24(shift.endsAt)) - startMinute;
  return { weekday: dayOfWeek(startDay), startMinute, lengthMinutes: Math.min(DAY_MINUTES, Math.max(1, wall)) };
}

/** The wall-clock start and end ("yyyy-MM-ddTHH:mm", business zone) of template times laid on `day`. */
export function wallTimesOn(day: DateKey, times: Pick<TemplateTimes, "startMinute" | "lengthMinutes">): { startsAt: string; endsAt: string } {
  const end = times.startMinute + times.lengthMinutes;
  const endDay = addDays(day, Math.floor(end / DAY_MINUTES));
  return { startsAt: `${day}T${clockOfMinute(times.startMinute)}`, endsAt: `${endDay}T${clockOfMinute(end % DAY_MINUTES)}` };
}
