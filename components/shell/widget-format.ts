/** Formatting for the header widget, in the business time zone; pure, unit-tested. */

export function formatWidgetDate(at: Date | number, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", month: "short", day: "numeric" }).format(at);
}

export function formatWidgetTime(at: Date | number, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" }).format(at);
}

/** The zone's short name at that moment, e.g. "CST" / "CDT" for America/Chicago. */
export function zoneAbbreviation(at: Date | number, timeZone: string): string {
  const part = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName");
  return part?.value ?? timeZone;
}

/** "3h 05m" for a shift length; never negative (clock skew), "0m" under a minute. */
export function formatShiftLength(fromMs: number, toMs: number): string {
  const minutes = Math.max(0, Math.floor((toMs - fromMs) / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}m`;
  return `${hours}h ${String(rest).padStart(2, "0")}m`;
}
