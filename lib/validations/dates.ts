import type { z } from "zod";
import { text } from "./text";

/**
 * The one date schema every date input goes through. JavaScript
 * accepts years like 0000 or -271821 that Postgres timestamps cannot hold (a 500); business
 * dates live between these bounds, and anything outside is a 400 that names the field and the
 * bound.
 */
export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 2200;
const MIN = Date.UTC(MIN_DATE_YEAR, 0, 1);
const MAX = Date.UTC(MAX_DATE_YEAR + 1, 0, 1);

export const DATE_OUT_OF_RANGE = `must be between ${MIN_DATE_YEAR} and ${MAX_DATE_YEAR}`;

export const isDateInRange = (date: Date) => date.getTime() >= MIN && date.getTime() < MAX;

/** An ISO date string → Date, between 1900 and 2200. `invalid` is the message for unparsable input. */
export const dateString = (invalid: string, params?: Parameters<typeof z.string>[0]) =>
  text(params)
    .refine((value) => !Number.isNaN(Date.parse(value)), invalid)
    .transform((value) => new Date(value))
    .refine(isDateInRange, DATE_OUT_OF_RANGE);
