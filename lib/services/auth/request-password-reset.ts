import "server-only";
import { db } from "@/lib/db";
import { HOUR_MS, addMs, now } from "@/lib/auth/clock";
import type { ClientInfo } from "@/lib/auth/client-info";
import { PASSWORD_RESET_TTL_MS, generateOpaqueToken, hashToken } from "@/lib/auth/tokens";
import { logLine } from "@/lib/http/log";
import { appUrl, getMailer } from "@/lib/services/mail/mailer";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { consumeRateLimits } from "./rate-limit";

/** The one answer, whether or not the address has an account (no account enumeration). */
export const PASSWORD_RESET_REQUESTED = "If an account exists for that email, we have sent a link to reset the password. It is valid for 1 hour.";

/** Requests per email (known or not) and per client address, per hour. */
export const RESET_LIMIT_PER_EMAIL = 3;
export const RESET_LIMIT_PER_ADDRESS = 10;

/**
 * Asks for a reset link. The request path does the same work for every
 * email: the rate limits (per email and per client address, known email or not) and nothing
 * else. Looking the account up, creating the single-use token (1 hour, stored hashed) and
 * sending the mail happen after the answer, in the background, so the answer's timing says
 * nothing about whether the account exists. A failed send is logged, never reported.
 */
export async function requestPasswordReset(email: string, info: Pick<ClientInfo, "ip">): Promise<{ message: string }> {
  await consumeRateLimits(
    [
      { bucket: "password-reset:email", key: email, limit: RESET_LIMIT_PER_EMAIL, windowMs: HOUR_MS },
      { bucket: "password-reset:address", key: info.ip, limit: RESET_LIMIT_PER_ADDRESS, windowMs: HOUR_MS },
    ],
    (minutes) => `Too many password reset requests. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
  );
  const work = deliverPasswordReset(email).catch((error: unknown) =>
    logLine({ level: "error", event: "password_reset.failed", error: error instanceof Error ? error.message : String(error) }),
  );
  pending.add(work);
  void work.finally(() => pending.delete(work));
  return { message: PASSWORD_RESET_REQUESTED };
}

const pending = new Set<Promise<unknown>>();

/** Tests and shutdown: resolves when every reset mail asked for so far has been handled. */
export async function waitForPasswordResetMail(): Promise<void> {
  await Promise.all([...pending]);
}

async function deliverPasswordReset(email: string): Promise<void> {
  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true, firstName: true, isActive: true } });
  if (!user || !user.isActive) return;

  const at = now();
  const token = generateOpaqueToken();
  await db.$transaction(async (tx) => {
    await tx.passwordResetToken.create({
      data: { userId: user.id, tokenHash: hashToken(token), expiresAt: addMs(at, PASSWORD_RESET_TTL_MS), createdAt: at },
    });
    await recordAudit(tx, { actorId: null, action: "auth.password_reset_requested", entityType: "user", entityId: user.id });
  });

  const link = `${appUrl()}/reset-password?token=${encodeURIComponent(token)}`;
  await getMailer().send({
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
  });
}
