import { z } from "zod";
import { isDateKey } from "@/lib/dates";
import { UUID_PATTERN } from "./ids";
import { multilineText, text as safeText } from "./text";

/**
 * Field builders shared by the organization's schemas (units in ./org.ts, members in
 * ./members.ts, vendors in ./vendors.ts): each names its field in its messages.
 */

const required = (label: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`),
});

export const requiredText = (label: string, max: number) =>
  safeText(required(label)).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

/** Optional free text: blank or null becomes null (a form clears the field); absent stays absent. */
export const optionalText = (label: string, max: number, multiline = false) =>
  (multiline ? multilineText : safeText)({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional();

export const idField = (label: string) => z.uuid({ error: `${label} must be a valid id` });

export const phoneField = optionalText("Phone", 40);

/** The lists' `active` filter. */
export const activeFilter = z.enum(["true", "false", "all"], { error: 'active must be "true", "false" or "all"' });

/** An id field whose messages name it ("typeId must be an id"). */
export const uuidField = (field: string) => z.string({ error: `${field} must be an id` }).regex(UUID_PATTERN, `${field} must be an id`);

/** A calendar day (yyyy-MM-dd) between 2000 and 2100, its messages naming the field. */
export const dayKeyField = (field: string) =>
  safeText({ error: `${field} must be a date (yyyy-MM-dd)` })
    .refine((v) => isDateKey(v), `${field} must be a date (yyyy-MM-dd)`)
    .refine((v) => v >= "2000-01-01" && v <= "2100-12-31", `${field} must be between 2000 and 2100`);
