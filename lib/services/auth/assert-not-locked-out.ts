import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/http/app-error";
import { HOUR_MS, MINUTE_MS, now } from "@/lib/auth/clock";

export const LOCKOUT_MAX_FAILURES = 5;
export const LOCKOUT_WINDOW_MS = 15 * MINUTE_MS;

/** Per account, from any address: failures after which each further try must wait, doubling. */
export const ACCOUNT_SLOWDOWN_AFTER = 5;
/** Per account, from any address: failures after which the account is locked for the window. */
export const ACCOUNT_LOCK_AFTER = 20;
export const ACCOUNT_WINDOW_MS = HOUR_MS;
const MAX_SLOWDOWN_SECONDS = 5 * 60;

export const ACCOUNT_LOCKED =
  "This account is locked after too many failed sign-in attempts. Reset your password to sign in now, or try again later.";

/**
 * Brute-force guards, both stored in LoginAttempt so they hold across processes:
 * - per account and client address: after 5 failed sign-ins within 15 minutes, with no success
 *   in between, further attempts from that address get 429 until the oldest of those failures
 *   leaves the window;
 * - per account from every address (no address, real or spoofed, resets it):
 *   after 5 failures within the hour since the last success or password reset, each further try
 *   must wait 2^(n-5) seconds after the last failure (capped at 5 minutes); after 20 the account
 *   is locked until failures leave the hour. The owner gets in at once through the reset flow,
 *   which counts as a success (resetPassword).
 */
export async function assertNotLockedOut(email: string, ip: string): Promise<void> {
  const at = now();
  await assertAddressNotLocked(email, ip, at);
  await assertAccountNotLocked(email, at);
}

async function assertAddressNotLocked(email: string, ip: string, at: Date) {
  const recent = await db.loginAttempt.findMany({
    where: { email, ip, createdAt: { gt: new Date(at.getTime() - LOCKOUT_WINDOW_MS), lte: at } },
    orderBy: { createdAt: "desc" },
    take: LOCKOUT_MAX_FAILURES,
    select: { succeeded: true, createdAt: true },
  });
  if (recent.length < LOCKOUT_MAX_FAILURES || recent.some((a) => a.succeeded)) return;
  const oldest = recent[recent.length - 1].createdAt;
  throw rateLimited(Math.ceil((oldest.getTime() + LOCKOUT_WINDOW_MS - at.getTime()) / 1000));
}

async function assertAccountNotLocked(email: string, at: Date) {
  const recent = await db.loginAttempt.findMany({
    where: { email, createdAt: { gt: new Date(at.getTime() - ACCOUNT_WINDOW_MS), lte: at } },
    orderBy: { createdAt: "desc" },
    take: ACCOUNT_LOCK_AFTER + 1,
    select: { succeeded: true, createdAt: true },
  });
  const lastSuccess = recent.findIndex((a) => a.succeeded);
  const failures = lastSuccess === -1 ? recent : recent.slice(0, lastSuccess);
  if (failures.length >= ACCOUNT_LOCK_AFTER) {
    const oldest = failures[ACCOUNT_LOCK_AFTER - 1].createdAt;
    const seconds = Math.max(1, Math.ceil((oldest.getTime() + ACCOUNT_WINDOW_MS - at.getTime()) / 1000));
    throw new AppError("RATE_LIMITED", ACCOUNT_LOCKED, { retryAfterSeconds: seconds, accountLocked: true }, { "Retry-After": String(seconds) });
  }
  if (failures.length >= ACCOUNT_SLOWDOWN_AFTER) {
    const wait = Math.min(MAX_SLOWDOWN_SECONDS, 2 ** (failures.length - ACCOUNT_SLOWDOWN_AFTER)) * 1000;
    const readyAt = failures[0].createdAt.getTime() + wait;
    if (readyAt > at.getTime()) throw rateLimited(Math.ceil((readyAt - at.getTime()) / 1000));
  }
}

function rateLimited(retryAfterSeconds: number) {
  const seconds = Math.max(1, retryAfterSeconds);
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    "RATE_LIMITED",
    `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
    { retryAfterSeconds: seconds },
    { "Retry-After": String(seconds) },
  );
}
