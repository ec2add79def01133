import { formatWeekdayDate } from "@/lib/dates";
import { formatWeekdayDateTime } from "@/lib/dates/instant-labels";

/** "Mon, Nov 23, 5:00 PM" in the business time zone (the system prompt states the zone). */
export function formatInstant(value: Date | string | null | undefined, { dateOnly = false } = {}): string {
  if (!value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return dateOnly ? formatWeekdayDate(date) : formatWeekdayDateTime(date);
}

/** Text without HTML tags or control characters, at most `max` characters (tool results are bounded). */
export function plainText(value: string, max: number): string {
  const text = value
    .replace(/<[^>]*>/g, " ")
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "")
    .replace(/[ \t]+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Markdown-safe inline text: characters that would start markdown syntax are escaped. */
export function md(value: string): string {
  return value.replace(/([\\`*_[\]<>#|])/g, "\\$1");
}

/** A tool result as JSON, cut to `max` characters so one tool cannot flood the model's context. */
export function boundedJson(value: unknown, max = 8000): string {
  const json = JSON.stringify(value);
  return json.length > max ? `${json.slice(0, max)}… (truncated)` : json;
}
