import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/http/app-error";
import { now } from "@/lib/auth/clock";
import { hashPassword } from "@/lib/auth/password";
import { assertPasswordAllowed } from "@/lib/auth/password-policy";
import { hashToken } from "@/lib/auth/tokens";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { PASSWORD_RESET_ADDRESS } from "./assert-not-locked-out";
import { revokeAllSessions } from "./revoke-all-sessions";

export const RESET_LINK_INVALID = "This password reset link is invalid or has expired. Please request a new one.";
export const PASSWORD_RESET_DONE = "Your password has been reset. Please sign in with your new password.";

/**
 * Sets a new password from a reset token: single use, 1 hour. Ends every session of the user
 * (a reset usually means someone else may be in) and voids their other outstanding reset links.
 */
export async function resetPassword(input: { token: string; password: string }): Promise<{ message: string }> {
  const at = now();
  const record = await db.passwordResetToken.findUnique({
    where: { tokenHash: hashToken(input.token) },
    select: { id: true, userId: true, expiresAt: true, usedAt: true, user: { select: { isActive: true, email: true, firstName: true, lastName: true } } },
  });
  if (!record || record.usedAt || record.expiresAt <= at || !record.user.isActive) {
    throw new AppError("BAD_REQUEST", RESET_LINK_INVALID);
  }
  assertPasswordAllowed(input.password, record.user);
  const passwordHash = await hashPassword(input.password);

  await db.$transaction(async (tx) => {
    // Scoped write: if two requests race with one token, only one gets through.
    const claimed = await tx.passwordResetToken.updateMany({
      where: { id: record.id, usedAt: null, expiresAt: { gt: at } },
      data: { usedAt: at },
    });
    if (claimed.count !== 1) throw new AppError("BAD_REQUEST", RESET_LINK_INVALID);
    await tx.passwordResetToken.updateMany({ where: { userId: record.userId, usedAt: null }, data: { usedAt: at } });
    await tx.user.update({ where: { id: record.userId }, data: { passwordHash, mustChangePassword: false } });
    const revoked = await revokeAllSessions(record.userId, { client: tx });
    await recordAudit(tx, { actorId: record.userId, action: "auth.password_reset", entityType: "user", entityId: record.userId, metadata: { sessionsEnded: revoked } });
    // Counts as a success for every sign-in limit on the account (lib/services/auth/assert-not-locked-out.ts).
    await tx.loginAttempt.create({ data: { email: record.user.email, ip: PASSWORD_RESET_ADDRESS, succeeded: true, createdAt: at } });
  });
  return { message: PASSWORD_RESET_DONE };
}
