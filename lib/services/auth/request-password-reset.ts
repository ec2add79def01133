import "server-only";
import { db } from "@/lib/db";
import { addMs, now } from "@/lib/auth/clock";
import { PASSWORD_RESET_TTL_MS, generateOpaqueToken, hashToken } from "@/lib/auth/tokens";
import { logLine } from "@/lib/http/log";
import { appUrl, getMailer } from "@/lib/services/mail/mailer";
import { recordAudit } from "@/lib/services/audit/record-audit";

/** The one answer, whether or not the address has an account (no account enumeration). */
export const PASSWORD_RESET_REQUESTED = "If an account exists for that email, we have sent a link to reset the password. It is valid for 1 hour.";

/**
 * Creates a single-use reset token (1 hour, stored hashed) for an active account and mails the
 * link /reset-password?token=... The mail is sent in the background so that the answer takes
 * about as long for unknown addresses; a failed send is logged, never reported to the caller.
 */
export async function requestPasswordReset(email: string): Promise<{ message: string }> {
  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true, firstName: true, isActive: true } });
  if (!user || !user.isActive) return { message: PASSWORD_RESET_REQUESTED };

  const at = now();
  const token = generateOpaqueToken();
  await db.$transaction(async (tx) => {
    await tx.passwordResetToken.create({
      data: { userId: user.id, tokenHash: hashToken(token), expiresAt: addMs(at, PASSWORD_RESET_TTL_MS), createdAt: at },
    });
    await recordAudit(tx, { actorId: null, action: "auth.password_reset_requested", entityType: "user", entityId: user.id });
  });

  const link = `${appUrl()}/reset-password?token=${encodeURIComponent(token)}`;
  getMailer()
    .send({
      to: user.email,
      subject: "Reset your BFS Tasks password",
      text: [
        `Hello ${user.firstName},`,
        "",
        "Someone (hopefully you) asked to reset the password of your BFS Tasks account.",
        `Open this link within 1 hour to choose a new password: ${link}`,
        "",
        "If you did not ask for this, ignore this message: your password stays as it is.",
      ].join("\n"),
    })
    .catch((error: unknown) =>
      logLine({ level: "error", event: "mail.failed", kind: "password_reset", error: error instanceof Error ? error.message : String(error) }),
    );
  return { message: PASSWORD_RESET_REQUESTED };
}
