import "server-only";
import { db } from "@/lib/db";
import { defineJob } from "@/lib/jobs/types";
import { drainOutbox, type OutboxResult } from "@/lib/services/mail/drain-outbox";
import { loadStatement } from "./statement-shape";
import { statementCsv, statementFileName, statementPdf } from "./statement-files";

export const STATEMENTS_MAIL_JOB = "statements-mail";

/**
 * The statement e-mails' outbox (lib/services/mail/drain-outbox.ts): each row is sent once, with
 * the statement's PDF and CSV attached, rendered from its stored lines at sending time.
 */
export function sendStatementEmails(options: { now?: Date } = {}): Promise<OutboxResult> {
  return drainOutbox(
    {
      table: "statement_emails",
      update: (id, data) => db.statementEmail.update({ where: { id }, data }),
      attachments: async (id) => {
        const row = await db.statementEmail.findUniqueOrThrow({ where: { id }, select: { statementId: true } });
        const statement = await loadStatement(row.statementId);
        return [
          { filename: statementFileName(statement, "pdf"), content: Buffer.from(await statementPdf(statement)), contentType: "application/pdf" },
          { filename: statementFileName(statement, "csv"), content: statementCsv(statement), contentType: "text/csv; charset=utf-8" },
        ];
      },
    },
    options,
  );
}

/** Every minute, like the family e-mails. */
export const statementsMailJob = defineJob<object>({
  name: STATEMENTS_MAIL_JOB,
  cron: "* * * * *",
  expireInSeconds: 600,
  run: () => sendStatementEmails(),
});
