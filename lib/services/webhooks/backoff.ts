import "server-only";

/** Retries run for 24 hours from the event (or from a "Resend"). */
export const DELIVERY_WINDOW_MS = 24 * 60 * 60 * 1000;
const FIRST_RETRY_MS = 30_000;
const LONGEST_WAIT_MS = 2 * 60 * 60 * 1000;

/**
 * The wait after the nth failed attempt: 30 s, 1, 2, 4, 8 ... minutes, at most 2 hours, with up
 * to 10 % jitter so many receivers that failed together do not come back together. About 18
 * attempts fit in the 24 hours.
 */
export function retryDelayMs(failedAttempts: number, random: number = Math.random()): number {
  const base = Math.min(LONGEST_WAIT_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1));
  return Math.round(base * (1 + 0.1 * random));
}

/** Consecutive failed attempts (across deliveries) after which a subscription is disabled and the admins alerted. */
export function disableAfterFailures(): number {
  const value = Number(process.env.WEBHOOKS_DISABLE_AFTER_FAILURES ?? 20);
  return Number.isInteger(value) && value > 0 ? value : 20;
}
