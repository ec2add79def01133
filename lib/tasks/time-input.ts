/**
 * Due time, start time and estimated duration inputs (spec §5): only digits and a colon are
 * accepted, a colon is inserted for 3-4 digit entries ("123" -> "1:23", "1234" -> "12:34"),
 * hours over 23 or minutes over 59 are rejected, and a plain number is read as minutes
 * ("5" -> 0:05, "60" -> 1:00). Blank is allowed here; what blank means (end of day for a
 * due time, 00:00 for a start time, no estimate for a duration) is decided by the caller.
 */

export type TimeParseResult =
  | { ok: true; minutes: number | null }
  | { ok: false; error: string };

export const TIME_FORMAT_ERROR = "Use H:MM or minutes";
export const HOURS_ERROR = "Hours must be 0-23";
export const MINUTES_ERROR = "Minutes must be 0-59";

/**
 * What the input shows after a keystroke or a paste: everything but digits and the first
 * colon dropped, at most 4 digits, and a colon placed before the last two digits of a 3-4
 * digit entry (also when typing goes on past an inserted colon).
 */
export function normalizeTimeInput(raw: string): string {
  let kept = "";
  let hasColon = false;
  for (const ch of raw) {
    if (ch >= "0" && ch <= "9") kept += ch;
    else if (ch === ":" && !hasColon) {
      kept += ch;
      hasColon = true;
    }
  }
  if (!hasColon) {
    const digits = kept.slice(0, 4);
    return digits.length >= 3 ? `${digits.slice(0, -2)}:${digits.slice(-2)}` : digits;
  }
  const [hours, minutes = ""] = kept.split(":");
  // Typing on after an inserted colon ("1:73" + "0") re-flows the digits: "17:30".
  if (minutes.length > 2 || hours.length > 2) return normalizeTimeInput(hours + minutes);
  return `${hours}:${minutes}`;
}

/** Parses a (normalized or raw) entry into minutes; blank gives `minutes: null`. */
export function parseTimeInput(raw: string): TimeParseResult {
  const value = normalizeTimeInput(raw.trim());
  if (value === "") return { ok: true, minutes: null };
  if (!value.includes(":")) {
    // One or two digits: a plain number of minutes (at most 99 -> 1:39).
    return { ok: true, minutes: Number(value) };
  }
  const match = /^(\d{1,2}):(\d{2})$/.exec(value);
  if (!match) return { ok: false, error: TIME_FORMAT_ERROR };
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23) return { ok: false, error: HOURS_ERROR };
  if (minutes > 59) return { ok: false, error: MINUTES_ERROR };
  return { ok: true, minutes: hours * 60 + minutes };
}

/** 0 -> "0:00", 75 -> "1:15", 1439 -> "23:59". */
export function formatMinutes(total: number | null | undefined): string {
  if (total === null || total === undefined) return "";
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  return `${hours}:${String(minutes).padStart(2, "0")}`;
}

/** 0 -> "0m", 45 -> "45m", 90 -> "1h 30m", 120 -> "2h": how a duration is displayed. */
export function describeDuration(total: number | null | undefined): string {
  if (total === null || total === undefined) return "";
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (hours === 0) return `${minutes}m`;
  return minutes === 0 ? `${hours}h` : `${hours}h ${minutes}m`;
}
