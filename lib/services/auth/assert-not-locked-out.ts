import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/http/app-error";
import { DAY_MS, HOUR_MS, MINUTE_MS, now } from "@/lib/auth/clock";

/** Per account and address: failures within the window after which that address must wait. */
export const LOCKOUT_MAX_FAILURES = 5;
export const LOCKOUT_WINDOW_MS = 15 * MINUTE_MS;

/** Per account, from any address: failures after which each further try must wait a little. */
export const ACCOUNT_SLOWDOWN_AFTER = 5;
export const ACCOUNT_WINDOW_MS = HOUR_MS;
/** The per-account wait never exceeds this: an address with no failures gets in within seconds. */
export const ACCOUNT_MAX_DELAY_SECONDS = 5;
/** An address this account signed in from within this time skips the per-account wait. */
export const KNOWN_ADDRESS_MS = 30 * DAY_MS;

/** Stored by resetPassword as a success: a completed reset lifts every limit on the account. */
export const PASSWORD_RESET_ADDRESS = "password-reset";

/**
 * Brute-force guards (docs/security.md), throttling rather than locking the account, as OWASP
 * advises, so that guessing a member's password from elsewhere cannot lock the member out:
 * - per account and client address (the lock): after 5 failed sign-ins within 15 minutes, with
 *   no success from that address (or password reset) in between, that address gets 429 until the
 *   oldest of those failures leaves the window. Other addresses are not affected.
 * - per account from every address (the slow-down; no address, real or spoofed, resets it): after
 *   5 failures within the hour since the last success or password reset, each try must wait
 *   1, 2, 4, then at most 5 seconds after the account's last failure. An address the account
 *   signed in from within 30 days (its owner's usual place) skips this wait.
 * Refused tries are not recorded, so the slow-down caps a guesser spread over many addresses at
 * one guess per 5 seconds, while the owner waits 5 seconds at worst.
 */
export async function assertNotLockedOut(email: string, ip: string): Promise<void> {
  const at = now();
  await assertAddressNotLocked(email, ip, at);
  await assertAccountNotSlowed(email, ip, at);
}

async function assertAddressNotLocked(email: string, ip: string, at: Date) {
  const recent = await db.loginAttempt.findMany({
    where: { email, ip: { in: [ip, PASSWORD_RESET_ADDRESS] }, createdAt: { gt: new Date(at.getTime() - LOCKOUT_WINDOW_MS), lte: at } },
    orderBy: { createdAt: "desc" },
    take: LOCKOUT_MAX_FAILURES,
    select: { succeeded: true, createdAt: true },
  });
  if (recent.length < LOCKOUT_MAX_FAILURES || recent.some((a) => a.succeeded)) return;
  const oldest = recent[recent.length - 1].createdAt;
  throw tooManyFailures(Math.ceil((oldest.getTime() + LOCKOUT_WINDOW_MS - at.getTime()) / 1000));
}

async function assertAccountNotSlowed(email: string, ip: string, at: Date) {
  const recent = await db.loginAttempt.findMany({
    where: { email, createdAt: { gt: new Date(at.getTime() - ACCOUNT_WINDOW_MS), lte: at } },
    orderBy: { createdAt: "desc" },
    // Enough failures to reach the cap (5, 6, 7, 8 failures wait 1, 2, 4, 5 s).
    take: ACCOUNT_SLOWDOWN_AFTER + Math.ceil(Math.log2(ACCOUNT_MAX_DELAY_SECONDS)),
    select: { succeeded: true, createdAt: true },
  });
  const lastSuccess = recent.findIndex((a) => a.succeeded);
  const failures = lastSuccess === -1 ? recent : recent.slice(0, lastSuccess);
  if (failures.length < ACCOUNT_SLOWDOWN_AFTER) return;
  const waitSeconds = Math.min(ACCOUNT_MAX_DELAY_SECONDS, 2 ** (failures.length - ACCOUNT_SLOWDOWN_AFTER));
  const readyAt = failures[0].createdAt.getTime() + waitSeconds * 1000;
  if (readyAt <= at.getTime()) return;
  const known = await db.loginAttempt.findFirst({
    where: { email, ip, succeeded: true, createdAt: { gt: new Date(at.getTime() - KNOWN_ADDRESS_MS), lte: at } },
    select: { id: true },
  });
  if (known) return;
  throw tooManyFailures(Math.ceil((readyAt - at.getTime()) / 1000));
}

/** "5 seconds", "1 second", "15 minutes": the real wait, rounded up, in seconds under a minute. */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} ${s === 1 ? "second" : "seconds"}`;
  const minutes = Math.ceil(s / 60);
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

function tooManyFailures(retryAfterSeconds: number) {
  const seconds = Math.max(1, retryAfterSeconds);
  return new AppError(
    "RATE_LIMITED",
    `Too many failed sign-in attempts. Try again in ${formatWait(seconds)}.`,
    { retryAfterSeconds: seconds },
    { "Retry-After": String(seconds) },
  );
}
