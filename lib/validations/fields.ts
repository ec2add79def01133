import { z } from "zod";
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
