import "server-only";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { getMailer, type MailAttachment } from "./mailer";

/**
 * The one e-mail outbox sender, shared by the alert e-mails, the family e-mails and the hourly
 * digests (docs/alerts.md "E-mail: the outbox"). Each due row is claimed with
 * `FOR UPDATE SKIP LOCKED` and marked "sending" in its own committed statement before the SMTP
 * call, so two senders never pick the same row; after the call it becomes "sent", or goes back
 * to "pending" with exponential backoff (1, 2, 4 … 60 minutes) until MAX_ATTEMPTS, then
 * "failed". A row left in "sending" (the process died mid-call) is not retried automatically:
 * whether the server got it is unknown, and a mail must never go out twice.
 */

export const MAX_ATTEMPTS = 6;
const BATCH = 50;

export function backoffMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

export interface OutboxResult {
  sent: number;
  failed: number;
  retrying: number;
}

/** What a send leaves on its row; the columns every outbox table has. */
type OutboxUpdate =
  | { status: "sent"; sentAt: Date; lastError: null }
  | { status: "failed"; lastError: string }
  | { status: "pending"; lastError: string; nextAttemptAt: Date };

export interface Outbox {
  /** The table, a fixed name (it goes into the SQL as an identifier). */
  table: "alert_emails" | "case_emails" | "notification_digests" | "statement_emails";
  /** Writes a row's outcome through its Prisma model. */
  update: (id: string, data: OutboxUpdate) => Promise<unknown>;
  /** The table has `locked_at`, stamped when a row is claimed. */
  stampsLockedAt?: boolean;
  /** The files a row's message carries, built when it is sent (a statement's PDF and CSV). */
  attachments?: (id: string) => Promise<MailAttachment[]>;
}

interface ClaimedRow {
  id: string;
  to_email: string;
  subject: string;
  body: string;
  attempts: number;
}

/**
 * Sends every due row, a batch at a time, until none is left. `now` fixes the clock for the
 * whole drain; without it each batch reads the clock afresh.
 */
export async function drainOutbox(outbox: Outbox, options: { now?: Date } = {}): Promise<OutboxResult> {
  const result: OutboxResult = { sent: 0, failed: 0, retrying: 0 };
  for (;;) {
    const now = options.now ?? new Date();
    const claimed = await claimBatch(outbox, now);
    if (claimed.length === 0) return result;
    for (const row of claimed) result[await sendRow(outbox, row, now)] += 1;
    if (claimed.length < BATCH) return result;
  }
}

async function claimBatch(outbox: Outbox, now: Date): Promise<ClaimedRow[]> {
  const table = Prisma.raw(outbox.table);
  const lockedAt = outbox.stampsLockedAt ? Prisma.sql`, locked_at = ${now}` : Prisma.empty;
  return db.$queryRaw<ClaimedRow[]>`
    UPDATE ${table} SET status = 'sending', attempts = attempts + 1${lockedAt}
    WHERE id IN (
      SELECT id FROM ${table} WHERE status = 'pending' AND next_attempt_at <= ${now}
      ORDER BY next_attempt_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
    )
    RETURNING id, to_email, subject, body, attempts`;
}

async function sendRow(outbox: Outbox, row: ClaimedRow, now: Date): Promise<keyof OutboxResult> {
  try {
    const attachments = outbox.attachments ? await outbox.attachments(row.id) : undefined;
    await getMailer().send({ to: row.to_email, subject: row.subject, text: row.body, ...(attachments ? { attachments } : {}) });
    await outbox.update(row.id, { status: "sent", sentAt: new Date(), lastError: null });
    return "sent";
  } catch (error) {
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    if (row.attempts >= MAX_ATTEMPTS) {
      await outbox.update(row.id, { status: "failed", lastError });
      return "failed";
    }
    await outbox.update(row.id, { status: "pending", lastError, nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)) });
    return "retrying";
  }
}
