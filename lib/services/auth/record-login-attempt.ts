import "server-only";
import { db } from "@/lib/db";
import { DAY_MS, now } from "@/lib/auth/clock";

/** Stores one sign-in attempt for the lockout (email as typed, lower-cased; never the password). */
export async function recordLoginAttempt(attempt: { email: string; ip: string; succeeded: boolean }): Promise<void> {
  const at = now();
  await db.loginAttempt.create({ data: { ...attempt, createdAt: at } });
  if (attempt.succeeded) {
    // Housekeeping on the cheap path: this account's and address's rows past any window.
    await db.loginAttempt.deleteMany({ where: { email: attempt.email, ip: attempt.ip, createdAt: { lt: new Date(at.getTime() - DAY_MS) } } });
  }
}
