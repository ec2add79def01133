import "server-only";
import { db } from "@/lib/db";
import { drainOutbox, type OutboxResult } from "@/lib/services/mail/drain-outbox";

/**
 * The alerts-mail job's work: sends the alert e-mail outbox (alert_emails) through the one
 * outbox sender (lib/services/mail/drain-outbox.ts), which claims each row before the SMTP call
 * so an alert's e-mail never goes out twice. Rows waiting for a digest ("digest") are not due.
 */
export function sendAlertEmails(options: { now?: Date } = {}): Promise<OutboxResult> {
  return drainOutbox({ table: "alert_emails", update: (id, data) => db.alertEmail.update({ where: { id }, data }), stampsLockedAt: true }, options);
}
