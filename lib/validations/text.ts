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
 */
export const CONTROL_CHARACTERS_MESSAGE = "must not contain control characters";

const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F]/;
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const hasControlCharacters = (value: string, multiline = false) =>
  (multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);

type StringParams = Parameters<typeof z.string>[0];

/** A single-line string (names, titles, locations, search words): no control character at all. */
export const text = (params?: StringParams) =>
  z.string(params).refine((value) => !hasControlCharacters(value), CONTROL_CHARACTERS_MESSAGE);

/** Multi-line text (descriptions, notes): tab, line feed and carriage return allowed. */
export const multilineText = (params?: StringParams) =>
  z.string(params).refine((value) => !hasControlCharacters(value, true), CONTROL_CHARACTERS_MESSAGE);
