/**
 * The values the fuzz run sends to every field, query parameter and path segment of every
 * operation (docs/testing.md "Fuzzing"): text that Postgres, a URL decoder or a URL encoder cannot
 * take, and numbers out of an integer column's range. Each must answer a 4xx, never a 5xx.
 */
export const HOSTILE_TEXT = ["\u0000", "line\r\nbreak", "half an emoji \ud83d"];

/** Below an integer column's range, above it (the 99999999999 that once reached Postgres), and above every range. */
export const HOSTILE_NUMBERS = [-(2 ** 31) - 1, 99_999_999_999, 1e308];

/** A path segment as the router hands it over (decoded): the above, and what %25, %25zz and %00 decode to. */
export const HOSTILE_SEGMENTS = ["%", "%zz", "%E0%A4%A", "\u0000", "a\r\nb", "\ud800", "99999999999", "-1", "0", "x".repeat(2000)];
