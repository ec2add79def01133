import "server-only";
import { db } from "@/lib/db";
import { defineJob } from "@/lib/jobs/types";
import { drainOutbox, type OutboxResult } from "@/lib/services/mail/drain-outbox";
import { appUrl } from "@/lib/services/mail/mailer";

/**
 * The hourly digest (docs/jobs.md, docs/alerts.md "Notification preferences"). A member who
 * chose the digest for a kind gets that kind's e-mails as outbox rows with status "digest";
 * once an hour this job gathers each member's waiting rows into one e-mail.
 *
 * Idempotent per hour: the digest row is unique per (member, hour), written in the same
 * transaction that marks the rows it carries "digested", so a second run for the same hour (a
 * retry, a second instance, a manual run) finds the digest there and batches nothing more; rows
 * that arrive after it wait for the next hour. The pending digests then go out through the one
 * outbox sender (lib/services/mail/drain-outbox.ts: FOR UPDATE SKIP LOCKED, "sending" before the
 * SMTP call), so each goes out once.
 */
export const NOTIFICATIONS_DIGEST_JOB = "notifications-digest";
const HOUR_MS = 3_600_000;
/** At most this many lines in one digest; the rest are counted. */
const MAX_LINES = 100;

export interface DigestResult extends OutboxResult {
  digests: number;
  rows: number;
}

export const hourOf = (now: Date) => new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);

export async function runNotificationDigest(options: { now?: Date } = {}): Promise<DigestResult> {
  const now = options.now ?? new Date();
  const hour = hourOf(now);
  const result: DigestResult = { digests: 0, rows: 0, sent: 0, failed: 0, retrying: 0 };
  const waiting = await db.alertEmail.findMany({ where: { status: "digest", createdAt: { lte: now } }, distinct: ["userId"], select: { userId: true } });
  for (const { userId } of waiting) {
    const batched = await batchForMember(userId, hour, now);
    if (batched > 0) {
      result.digests += 1;
      result.rows += batched;
    }
  }
  Object.assign(result, await sendDigests(now));
  return result;
}

/** One member's digest for the hour, in one transaction; 0 when the hour already has one. */
async function batchForMember(userId: string, hour: Date, now: Date): Promise<number> {
  return db.$transaction(async (tx) => {
    const exists = await tx.notificationDigest.findUnique({ where: { userId_hour: { userId, hour } }, select: { id: true } });
    if (exists) return 0;
    const rows = await tx.$queryRaw<{ id: string; subject: string; body: string; to_email: string }[]>`
      SELECT id, subject, body, to_email FROM alert_emails
      WHERE user_id = ${userId}::uuid AND status = 'digest' AND created_at <= ${now}
      ORDER BY created_at, id FOR UPDATE SKIP LOCKED`;
    if (rows.length === 0) return 0;
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { firstName: true, email: true } });
    const [digest] = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO notification_digests (user_id, hour, to_email, subject, body, next_attempt_at, created_at)
      VALUES (${userId}::uuid, ${hour}, ${user.email || rows[0].to_email}, ${digestSubject(rows.length)}, ${digestBody(user.firstName, rows)}, ${now}, ${now})
      ON CONFLICT (user_id, hour) DO NOTHING
      RETURNING id`;
    // A concurrent run wrote this hour's digest first: its rows are its own; ours wait.
    if (!digest) return 0;
    await tx.alertEmail.updateMany({ where: { id: { in: rows.map((r) => r.id) } }, data: { status: "digested", digestId: digest.id } });
    return rows.length;
  });
}

const digestSubject = (count: number) => (count === 1 ? "1 notification in the past hour" : `${count} notifications in the past hour`);

/** Each row's subject, then its "Open:" link (the rows' own bodies end with it). */
function digestBody(firstName: string, rows: { subject: string; body: string }[]): string {
  const lines = rows.slice(0, MAX_LINES).flatMap((row) => {
    const link = row.body.split("\n").find((line) => line.startsWith("Open: "));
    return [`- ${row.subject}`, ...(link ? [`  ${link}`] : []), ""];
  });
  const more = rows.length > MAX_LINES ? [`… and ${rows.length - MAX_LINES} more: ${appUrl()}/`, ""] : [];
  return [`Hello ${firstName},`, "", "Here is what happened in the past hour:", "", ...lines, ...more, "You chose this hourly digest in My Profile → Notifications."].join("\n");
}

/** The pending digests go out through the one outbox sender, on the run's own clock. */
function sendDigests(now: Date): Promise<OutboxResult> {
  return drainOutbox({ table: "notification_digests", update: (id, data) => db.notificationDigest.update({ where: { id }, data }) }, { now });
}

/** Hourly, on the hour (and retries of failed sends come due on the next runs). */
export const notificationsDigestJob = defineJob<{ now?: string }>({
  name: NOTIFICATIONS_DIGEST_JOB,
  cron: "0 * * * *",
  expireInSeconds: 600,
  run: (data) => runNotificationDigest(data.now ? { now: new Date(data.now) } : {}),
});
