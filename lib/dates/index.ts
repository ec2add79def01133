/**
 * lib/dates: the business time zone, calendar days and weeks, and every date format. Pure (no
 * server-only, no database): the browser uses it too. Holidays and business days weigh ~800 KB
 * of holiday rules and are imported by their own paths, `@/lib/dates/holidays` and
 * `@/lib/dates/business-days`, so a screen never pulls them in through this file.
 */
export * from "./zone";
export * from "./days";
export * from "./weeks";
export * from "./format";
