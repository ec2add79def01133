/**
 * Instants in the business time zone (or `timeZone`) in the shapes a few screens and the
 * assistant use: a member's profile, the assistant's prompt and tool results. Imported by its own
 * path, `@/lib/dates/instant-labels`, so the first load does not carry it.
 */
import { DAY_YEAR, formatIn, WEEKDAY_DAY_TIME } from "./intl";
import { BUSINESS_TIME_ZONE } from "./zone";

type Instant = Date | string | number;

/** "Mon, Nov 23, 5:00 PM" */
export const formatWeekdayDateTime = (value: Instant, timeZone = BUSINESS_TIME_ZONE) => formatIn(WEEKDAY_DAY_TIME, timeZone, new Date(value));

/** "Nov 2, 2026" */
export const formatShortDate = (value: Instant, timeZone = BUSINESS_TIME_ZONE) => formatIn(DAY_YEAR, timeZone, new Date(value));
