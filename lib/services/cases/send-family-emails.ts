import "server-only";
import { db } from "@/lib/db";
import { drainOutbox, type OutboxResult } from "@/lib/services/mail/drain-outbox";

/**
 * The cases-mail job: sends the queued family e-mails (case_emails) through the one outbox
 * sender (lib/services/mail/drain-outbox.ts), so two runs at once never send a row twice.
 */
export function sendFamilyEmails(options: { now?: Date } = {}): Promise<OutboxResult> {
  return drainOutbox({ table: "case_emails", update: (id, data) => db.caseEmail.update({ where: { id }, data }) }, options);
}
