/**
 * The punch timer's text: hh:mm:ss counted from a start timestamp. Hours keep counting past 24
 * (a forgotten punch shows 26:03:00, not 02:03:00), and the value is recomputed from the
 * timestamp on every tick, so a tab that slept shows the right time as soon as it wakes.
 */

const pad = (n: number) => String(n).padStart(2, "0");

/** Milliseconds as hh:mm:ss; negative, NaN or infinite input reads 00:00:00. */
export function formatElapsed(ms: number): string {
  const totalSeconds = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}

/** Elapsed time from `since` (ISO string, Date or epoch ms) to `now`, as hh:mm:ss; unknown start reads 00:00:00. */
export function formatElapsedSince(since: string | number | Date | null | undefined, now: number = Date.now()): string {
  if (since === null || since === undefined || since === "") return formatElapsed(0);
  const start = since instanceof Date ? since.getTime() : typeof since === "number" ? since : Date.parse(since);
  return formatElapsed(now - start);
}
