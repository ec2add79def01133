/**
 * The auth layer's notion of "now". Every expiry decision (access tokens, sessions, refresh
 * tokens, reset links, invitations, the lockout window) reads it, so tests can move time
 * forward without fake timers (which would stall the database driver).
 */
let override: (() => Date) | null = null;

export function now(): Date {
  return override ? override() : new Date();
}

/** Tests only: `setAuthClock(() => new Date(Date.now() + 16 * 60_000))`; `null` restores real time. */
export function setAuthClock(clock: (() => Date) | null): void {
  override = clock;
}

export const addMs = (date: Date, ms: number) => new Date(date.getTime() + ms);
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
