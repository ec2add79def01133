// Every schema module imports this one, so zod is jitless (lib/zod-setup.ts) before any schema
// of lib/validations is built; the client's root imports it too, for schemas built elsewhere.
import "@/lib/zod-setup";
import { z } from "zod";

/**
 * The one string schema every text input goes through. Postgres
 * rejects NUL in text, and other C0 control characters have no place in names, titles or
 * search words: they are refused here, at the zod edge, with a 400 that names the field,
 * instead of reaching the database (a 500) or a screen. Multi-line text (descriptions, notes,
 * free-text reasons) keeps tab, line feed and carriage return; single-line text keeps none.
 * A lone UTF-16 surrogate is refused as well: it is no character, UTF-8 cannot hold it, and
 * encodeURIComponent throws on it. tests/fuzz/input-schemas.test.ts fails on a request string
 * that does not go through these (or a closed format such as a uuid).
 */
export const CONTROL_CHARACTERS_MESSAGE = "must not contain control characters";
/** A lone UTF-16 surrogate (half of an emoji, or none): no character at all, and UTF-8 cannot hold it. */
export const BROKEN_CHARACTERS_MESSAGE = "must not contain broken characters";

const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F]/;
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasControlCharacters = (value: string, multiline = false) =>
  (multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);

export const hasLoneSurrogates = (value: string) => LONE_SURROGATE.test(value);

type StringParams = Parameters<typeof z.string>[0];

// Named, so that tests/fuzz/input-schemas.test.ts can tell these checks from any other refine.
const isSingleLine = (value: string) => !hasControlCharacters(value);
const isMultiLine = (value: string) => !hasControlCharacters(value, true);
const isWellFormed = (value: string) => !hasLoneSurrogates(value);

/** A single-line string (names, titles, locations, search words): no control character at all. */
export const text = (params?: StringParams) =>
  z.string(params).refine(isSingleLine, CONTROL_CHARACTERS_MESSAGE).refine(isWellFormed, BROKEN_CHARACTERS_MESSAGE);

/** Multi-line text (descriptions, notes): tab, line feed and carriage return allowed. */
export const multilineText = (params?: StringParams) =>
  z.string(params).refine(isMultiLine, CONTROL_CHARACTERS_MESSAGE).refine(isWellFormed, BROKEN_CHARACTERS_MESSAGE);

/** Whether a check function is one of the shared text checks (for the test that every text field uses them). */
export const isSharedTextCheck = (fn: unknown): boolean => fn === isSingleLine || fn === isMultiLine;
