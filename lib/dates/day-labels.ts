/**
 * Calendar days ("yyyy-MM-dd") shown as they are, with no time zone at play: time cards,
 * schedule previews, the recurrence rule in words, the timeline's month names. Imported by its
 * own path, `@/lib/dates/day-labels`, so the first load does not carry it.
 */
import type { DateKey } from "./days";
import { DAY_YEAR, dayInstant, formatIn, WEEKDAY_DAY, WEEKDAY_DAY_YEAR, type Pattern } from "./intl";

const MONTH: Pattern = ["en-US", { month: "short" }];

/** "Mon, Nov 2" from a "yyyy-MM-dd" day. */
export const dayLabel = (key: DateKey) => formatIn(WEEKDAY_DAY, "UTC", dayInstant(key));

/** "Mon, Nov 2, 2026" from a "yyyy-MM-dd" day. */
export const dayLabelWithYear = (key: DateKey) => formatIn(WEEKDAY_DAY_YEAR, "UTC", dayInstant(key));

/** "Nov 2, 2026" from a "yyyy-MM-dd" day. */
export const longDay = (key: DateKey) => formatIn(DAY_YEAR, "UTC", dayInstant(key));

/** "Nov" for a month index (0 = January). */
export const shortMonthName = (month: number) => formatIn(MONTH, "UTC", Date.UTC(2000, month, 1));
