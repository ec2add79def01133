import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/http/app-error";
import { MINUTE_MS, now } from "@/lib/auth/clock";

export const LOCKOUT_MAX_FAILURES = 5;
export const LOCKOUT_WINDOW_MS = 15 * MINUTE_MS;

/**
 * Brute-force guard, per account (email, known or not) and client address: after 5 failed
 * sign-ins within 15 minutes, with no success in between, further attempts get 429 until the
 * oldest of those failures leaves the window. Other accounts and other addresses are untouched.
 * Stored in LoginAttempt (indexed on email, ip, createdAt), so it holds across processes.
 */
export async function assertNotLockedOut(email: string, ip: string): Promise<void> {
  const at = now();
  const recent = await db.loginAttempt.findMany({
    where: { email, ip, createdAt: { gt: new Date(at.getTime() - LOCKOUT_WINDOW_MS), lte: at } },
    orderBy: { createdAt: "desc" },
    take: LOCKOUT_MAX_FAILURES,
    select: { succeeded: true, createdAt: true },
  });
  if (recent.length < LOCKOUT_MAX_FAILURES || recent.some((a) => a.succeeded)) return;

  const oldest = recent[recent.length - 1].createdAt;
  const retryAfterSeconds = Math.max(1, Math.ceil((oldest.getTime() + LOCKOUT_WINDOW_MS - at.getTime()) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  throw new AppError(
    "RATE_LIMITED",
    `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
    { retryAfterSeconds },
    { "Retry-After": String(retryAfterSeconds) },
  );
}
