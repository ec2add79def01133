/**
 * Display helpers for time in the business time zone (client-safe: Intl only).
 */
const cache = new Map<string, Intl.DateTimeFormat>();
function fmt(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, ...options });
    cache.set(key, f);
  }
  return f;
}

/** "8:05 AM" */
export const clockTime = (iso: string | Date, timeZone: string) => fmt(timeZone, { hour: "numeric", minute: "2-digit" }).format(new Date(iso));

/** "08:05" (24 h), for exports. */
export const clock24 = (iso: string | Date, timeZone: string) => {
  const parts = fmt(timeZone, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(new Date(iso));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "00";
  return `${get("hour")}:${get("minute")}`;
};

/** "2026-11-02 08:05" in the zone, for exports. */
export const localDateTime = (iso: string | Date, timeZone: string) => {
  const parts = fmt(timeZone, { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(new Date(iso));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "00";
  return `${get("year")}-${get("month")}-${get("day")} ${get("hour")}:${get("minute")}`;
};

/** "Mon, Nov 2" from a "yyyy-MM-dd" day. */
export const dayLabel = (key: string) =>
  fmt("UTC", { weekday: "short", month: "short", day: "numeric" }).format(new Date(`${key}T00:00:00Z`));

/** "Nov 2, 2026" from a "yyyy-MM-dd" day. */
export const longDay = (key: string) => fmt("UTC", { month: "short", day: "numeric", year: "numeric" }).format(new Date(`${key}T00:00:00Z`));

export const SOURCE_LABELS: Record<string, string> = { desktop: "Desktop", qr: "QR", mobile: "Mobile" };

/** A "yyyy-MM-ddTHH:mm" wall-clock value of a datetime-local input, read in `timeZone`, as an ISO instant. */
export function fromLocalInput(value: string, timeZone: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return value;
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  // Guess with UTC, then correct by the zone's offset at that instant (twice, for DST edges).
  let guess = Date.UTC(y, mo - 1, d, h, mi);
  for (let i = 0; i < 2; i++) {
    const shown = localDateTime(new Date(guess), timeZone);
    const sm = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(shown)!;
    const shownUtc = Date.UTC(Number(sm[1]), Number(sm[2]) - 1, Number(sm[3]), Number(sm[4]), Number(sm[5]));
    guess += Date.UTC(y, mo - 1, d, h, mi) - shownUtc;
  }
  return new Date(guess).toISOString();
}

/** An instant as the value of a datetime-local input in `timeZone`. */
export const toLocalInput = (iso: string | Date, timeZone: string) => localDateTime(iso, timeZone).replace(" ", "T");
