import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/http/app-error";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { assertPasswordAllowed } from "@/lib/auth/password-policy";
import type { Caller } from "@/lib/auth/resolve-caller";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { revokeAllSessions } from "./revoke-all-sessions";

export const CURRENT_PASSWORD_WRONG = "Current password is incorrect";

/**
 * Changes the caller's password after checking the current one, clears mustChangePassword,
 * and signs out every other device (this one stays signed in).
 */
export async function changePassword(caller: Caller, input: { currentPassword: string; newPassword: string }): Promise<{ message: string }> {
  const user = await db.user.findUnique({ where: { id: caller.userId }, select: { passwordHash: true, email: true, firstName: true, lastName: true } });
  if (!user) throw new AppError("UNAUTHORIZED", "Unauthorized");
  // 400, not 401: the caller is signed in, and a 401 would make the client think the session ended.
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new AppError("BAD_REQUEST", CURRENT_PASSWORD_WRONG, { fieldErrors: [{ path: "currentPassword", message: CURRENT_PASSWORD_WRONG }] });
  }
  assertPasswordAllowed(input.newPassword, user, "newPassword");
  const passwordHash = await hashPassword(input.newPassword);
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: caller.userId }, data: { passwordHash, mustChangePassword: false } });
    const revoked = await revokeAllSessions(caller.userId, { exceptSessionId: caller.sessionId, client: tx });
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "auth.password_change",
      entityType: "user",
      entityId: caller.userId,
      metadata: { otherSessionsEnded: revoked },
    });
  });
  return { message: "Your password has been changed. Other devices have been signed out." };
}
