import "server-only";
import { db } from "@/lib/db";
import { getMailer } from "@/lib/services/mail/mailer";

/**
 * The e-mail outbox sender (the alerts-mail job). Each due row is claimed with
 * `FOR UPDATE SKIP LOCKED` and marked "sending" in its own committed statement before the SMTP
 * call, so two senders never pick the same row; after the call it becomes "sent", or goes back
 * to "pending" with exponential backoff (1, 2, 4 … 60 minutes) until MAX_ATTEMPTS, then
 * "failed". A row left in "sending" (the process died mid-call) is not retried automatically:
 * whether the server got it is unknown, and an alert's e-mail must never go out twice.
 */

export const MAX_ATTEMPTS = 6;
const BATCH = 50;

export function backoffMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

export interface SendResult {
  sent: number;
  failed: number;
  retrying: number;
}

export async function sendAlertEmails(options: { now?: Date } = {}): Promise<SendResult> {
  const result: SendResult = { sent: 0, failed: 0, retrying: 0 };
  for (;;) {
    const now = options.now ?? new Date();
    const claimed = await db.$queryRaw<{ id: string; to_email: string; subject: string; body: string; attempts: number }[]>`
      UPDATE alert_emails SET status = 'sending', locked_at = ${now}, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM alert_emails WHERE status = 'pending' AND next_attempt_at <= ${now}
        ORDER BY next_attempt_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
      )
      RETURNING id, to_email, subject, body, attempts`;
    if (claimed.length === 0) return result;
    for (const row of claimed) {
      try {
        await getMailer().send({ to: row.to_email, subject: row.subject, text: row.body });
        await db.alertEmail.update({ where: { id: row.id }, data: { status: "sent", sentAt: new Date(), lastError: null } });
        result.sent += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const giveUp = row.attempts >= MAX_ATTEMPTS;
        await db.alertEmail.update({
          where: { id: row.id },
          data: giveUp ? { status: "failed", lastError: message.slice(0, 1000) } : { status: "pending", lastError: message.slice(0, 1000), nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)) },
        });
        if (giveUp) result.failed += 1;
        else result.retrying += 1;
      }
    }
    if (claimed.length < BATCH) return result;
  }
}
