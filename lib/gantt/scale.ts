/**
 * The chart's time axis: pixels per day for each zoom, and the header's ticks in the business
 * time zone (days, week starts or month starts between two instants).
 */
import { TZDate } from "@date-fns/tz";
import { addDays, addMonths, startOfMonth, startOfWeek, type Day } from "date-fns";
import { BUSINESS_TIME_ZONE, WEEK_STARTS_ON } from "@/lib/dates";
import { shortMonthName } from "@/lib/dates/day-labels";
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
  const local = new TZDate(origin, timeZone);
  let cursor: TZDate =
    zoom === "day" ? local : zoom === "week" ? startOfWeek(local, { weekStartsOn }) : startOfMonth(local);
  for (let guard = 0; cursor.getTime() <= end && guard < 2000; guard += 1) {
    const month = shortMonthName(cursor.getMonth());
    if (zoom === "day") {
      ticks.push({ at: cursor.getTime(), label: String(cursor.getDate()), major: cursor.getDate() === 1, majorLabel: `${month} ${cursor.getFullYear()}` });
      cursor = addDays(cursor, 1);
    } else if (zoom === "week") {
      const next = addDays(cursor, 7);
      ticks.push({ at: cursor.getTime(), label: `${month} ${cursor.getDate()}`, major: false });
      cursor = next;
    } else {
      ticks.push({ at: cursor.getTime(), label: month, major: cursor.getMonth() === 0, majorLabel: String(cursor.getFullYear()) });
      cursor = addMonths(cursor, 1);
    }
  }
  return ticks;
}

/** x in px of an instant on an axis that starts at `origin`. */
export const xOf = (ms: number, origin: number, pxPerDay: number) => ((ms - origin) / DAY_MS) * pxPerDay;
