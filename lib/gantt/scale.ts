/**
 * The chart's time axis: pixels per day for each zoom, and the header's ticks in the business
 * time zone (days, week starts or month starts between two instants).
 */
import type { Day } from "date-fns";
import { addDays, addMonths, BUSINESS_TIME_ZONE, dateKeyOf, monthStart, WEEK_STARTS_ON, weekStart } from "@/lib/dates";
import { shortMonthName } from "@/lib/dates/day-labels";
import { startOfDay } from "@/lib/dates/instants";
import { DAY_MS } from "./timeline-model";

export const ZOOMS = ["day", "week", "month"] as const;
export type Zoom = (typeof ZOOMS)[number];
export const ZOOM_LABELS: Record<Zoom, string> = { day: "Day", week: "Week", month: "Month" };
export const PX_PER_DAY: Record<Zoom, number> = { day: 36, week: 14, month: 4 };

export interface Tick {
  at: number;
  label: string;
  /** The first tick of a month (day and week zooms) or of a year (month zoom): a stronger line. */
  major: boolean;
  majorLabel?: string;
}

/** The ticks of the header between origin and end (ms), for a zoom. */
export function ticksFor(zoom: Zoom, origin: number, end: number, timeZone = BUSINESS_TIME_ZONE, weekStartsOn: Day = WEEK_STARTS_ON): Tick[] {
  const ticks: Tick[] = [];
  const first = dateKeyOf(origin, timeZone);
  let day = zoom === "day" ? first : zoom === "week" ? weekStart(first, weekStartsOn) : monthStart(first);
  for (let guard = 0; guard < 2000; guard += 1) {
    const at = startOfDay(day, timeZone).getTime();
    if (at > end) break;
    const [year, monthIndex, date] = [Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))];
    const month = shortMonthName(monthIndex);
    if (zoom === "day") {
      ticks.push({ at, label: String(date), major: date === 1, majorLabel: `${month} ${year}` });
      day = addDays(day, 1);
    } else if (zoom === "week") {
      ticks.push({ at, label: `${month} ${date}`, major: false });
      day = addDays(day, 7);
    } else {
      ticks.push({ at, label: month, major: monthIndex === 0, majorLabel: String(year) });
      day = addMonths(day, 1);
    }
  }
  return ticks;
}

/** x in px of an instant on an axis that starts at `origin`. */
export const xOf = (ms: number, origin: number, pxPerDay: number) => ((ms - origin) / DAY_MS) * pxPerDay;
