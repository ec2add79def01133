import "server-only";
import { db } from "@/lib/db";
import { getMailer } from "@/lib/services/mail/mailer";
import { backoffMs, MAX_ATTEMPTS } from "@/lib/services/alerts/send-alert-emails";

const BATCH = 50;

/**
 * The cases-mail job: sends the queued family e-mails (case_emails) the way the alerts outbox
 * does: each due row claimed with FOR UPDATE SKIP LOCKED and marked "sending" before the SMTP
 * call, then "sent", or back to "pending" with backoff, or "failed" after MAX_ATTEMPTS. Two
 * runs at once never send a row twice.
 */
export async function sendFamilyEmails(options: { now?: Date } = {}): Promise<{ sent: number; failed: number; retrying: number }> {
  const result = { sent: 0, failed: 0, retrying: 0 };
  for (;;) {
    const now = options.now ?? new Date();
    const claimed = await db.$queryRaw<{ id: string; to_email: string; subject: string; body: string; attempts: number }[]>`
      UPDATE case_emails SET status = 'sending', attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM case_emails WHERE status = 'pending' AND next_attempt_at <= ${now}
        ORDER BY next_attempt_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
      )
      RETURNING id, to_email, subject, body, attempts`;
    if (claimed.length === 0) return result;
    for (const row of claimed) {
      try {
        await getMailer().send({ to: row.to_email, subject: row.subject, text: row.body });
        await db.caseEmail.update({ where: { id: row.id }, data: { status: "sent", sentAt: new Date(), lastError: null } });
        result.sent += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const giveUp = row.attempts >= MAX_ATTEMPTS;
        await db.caseEmail.update({
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
