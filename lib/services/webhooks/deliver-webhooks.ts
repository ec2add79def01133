import "server-only";
import { now } from "@/lib/auth/clock";
import { openSecret } from "@/lib/auth/secret-box";
import { db } from "@/lib/db";
import { defineJob } from "@/lib/jobs/types";
import { disableAfterFailures, retryDelayMs } from "./backoff";
import { loadWantedTypes, WEBHOOKS_DELIVER_JOB } from "./record-event";
import { sendWebhookRequest, type SendResult } from "./send-request";
import { SIGNATURE_HEADER, signPayload } from "./signature";

/** How long a claimed delivery is ours; a process killed mid-delivery leaves it to be claimed again after this. */
export const LEASE_MS = 2 * 60_000;
const BATCH = 20;
/** One run stops claiming after this, so it ends well within its expiry. */
const RUN_BUDGET_MS = 4 * 60_000;

export const WEBHOOK_DISABLED_KIND = "webhook_disabled";

/**
 * Sends the due deliveries: claims a batch under a lease (FOR UPDATE SKIP LOCKED, so two
 * instances never send the same one at once), posts each signed body, and records the attempt.
 * Delivery is at least once: a process killed between the POST and the record sends it again
 * after the lease; receivers deduplicate on the event id.
 */
export async function deliverWebhooks(): Promise<{ sent: number; succeeded: number; failed: number }> {
  const started = Date.now();
  const totals = { sent: 0, succeeded: 0, failed: 0 };
  await loadWantedTypes();
  while (Date.now() - started < RUN_BUDGET_MS) {
    const at = now();
    const claimed = await db.$queryRaw<{ id: string; lease_until: Date }[]>`
      UPDATE webhook_deliveries SET lease_until = ${new Date(at.getTime() + LEASE_MS)}
      WHERE id IN (
        SELECT d.id FROM webhook_deliveries d JOIN webhook_subscriptions s ON s.id = d.subscription_id
        WHERE d.status = 'pending' AND d.next_attempt_at <= ${at} AND (d.lease_until IS NULL OR d.lease_until < ${at}) AND s.is_active
        ORDER BY d.next_attempt_at LIMIT ${BATCH}
        FOR UPDATE OF d SKIP LOCKED)
      RETURNING id, lease_until`;
    if (claimed.length === 0) break;
    const rows = await db.webhookDelivery.findMany({
      where: { id: { in: claimed.map((c) => c.id) } },
      select: { id: true, attempts: true, giveUpAt: true, event: { select: { id: true, type: true, payload: true, createdAt: true } }, subscription: { select: { id: true, url: true, secretCiphertext: true, previousSecretCiphertext: true, previousSecretExpiresAt: true } } },
    });
    for (const row of rows) {
      const lease = claimed.find((c) => c.id === row.id)!.lease_until;
      const body = JSON.stringify({ id: row.event.id, type: row.event.type, createdAt: row.event.createdAt.toISOString(), data: row.event.payload });
      let result: SendResult;
      const startedAt = now();
      try {
        const timestamp = Math.floor(startedAt.getTime() / 1000);
        const signature = signPayload(signingSecrets(row.subscription, startedAt), timestamp, body);
        result = await sendWebhookRequest(row.subscription.url, body, {
          [SIGNATURE_HEADER]: signature,
          "BFS-Event-Id": row.event.id,
          "BFS-Event-Type": row.event.type,
          "BFS-Delivery-Id": row.id,
        });
      } catch (error) {
        result = { statusCode: null, responseExcerpt: null, error: error instanceof Error ? error.message : String(error), durationMs: 0 };
      }
      const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
      await recordAttempt(row, lease, startedAt, result, ok);
      totals.sent += 1;
      if (ok) totals.succeeded += 1;
      else totals.failed += 1;
    }
  }
  return totals;
}

/** The current secret, and the rolled one while its overlap lasts. */
function signingSecrets(sub: { secretCiphertext: string; previousSecretCiphertext: string | null; previousSecretExpiresAt: Date | null }, at: Date): string[] {
  const overlapping = sub.previousSecretCiphertext && sub.previousSecretExpiresAt && sub.previousSecretExpiresAt > at;
  return overlapping ? [openSecret(sub.secretCiphertext), openSecret(sub.previousSecretCiphertext!)] : [openSecret(sub.secretCiphertext)];
}

async function recordAttempt(
  row: { id: string; attempts: number; giveUpAt: Date; subscription: { id: string } },
  lease: Date,
  startedAt: Date,
  result: SendResult,
  ok: boolean,
): Promise<void> {
  const attempt = row.attempts + 1;
  const retryAt = new Date(now().getTime() + retryDelayMs(attempt));
  const status = ok ? "succeeded" : retryAt > row.giveUpAt ? "failed" : "pending";
  await db.$transaction(async (tx) => {
    // Only while the lease is still ours: after a stall past it, another run owns the delivery.
    const { count } = await tx.webhookDelivery.updateMany({
      where: { id: row.id, status: "pending", leaseUntil: lease },
      data: {
        status,
        attempts: attempt,
        leaseUntil: null,
        nextAttemptAt: status === "pending" ? retryAt : now(),
        lastStatusCode: result.statusCode,
        lastDurationMs: result.durationMs,
        lastResponseExcerpt: result.responseExcerpt,
        lastError: result.error,
        deliveredAt: ok ? now() : null,
      },
    });
    if (count === 0) return;
    await tx.webhookAttempt.create({
      data: { deliveryId: row.id, attempt, startedAt, durationMs: result.durationMs, statusCode: result.statusCode, responseExcerpt: result.responseExcerpt, error: result.error },
    });
    if (ok) {
      await tx.webhookSubscription.update({ where: { id: row.subscription.id }, data: { consecutiveFailures: 0 } });
      return;
    }
    const sub = await tx.webhookSubscription.update({
      where: { id: row.subscription.id },
      data: { consecutiveFailures: { increment: 1 } },
      select: { id: true, url: true, isActive: true, consecutiveFailures: true },
    });
    if (sub.isActive && sub.consecutiveFailures >= disableAfterFailures()) {
      const reason = `${sub.consecutiveFailures} deliveries in a row failed`;
      await tx.webhookSubscription.update({ where: { id: sub.id }, data: { isActive: false, disabledAt: now(), disabledReason: reason } });
      // The admins' bell: one alert per disabling.
      const admins = await tx.user.findMany({ where: { role: "admin", isActive: true }, select: { id: true } });
      const alert = await tx.alert.create({
        data: {
          kind: WEBHOOK_DISABLED_KIND,
          subjectType: "webhook",
          subjectId: sub.id,
          occurrence: now().toISOString(),
          href: "/admin/webhooks",
          severity: "critical",
          message: `The webhook to ${new URL(sub.url).host} was disabled: ${reason}.`,
        },
        select: { id: true },
      });
      if (admins.length) await tx.alertRecipient.createMany({ data: admins.map((a) => ({ alertId: alert.id, userId: a.id })), skipDuplicates: true });
    }
  });
}

export const webhooksDeliverJob = defineJob({
  name: WEBHOOKS_DELIVER_JOB,
  cron: "* * * * *",
  runAtStart: true,
  expireInSeconds: 10 * 60,
  run: () => deliverWebhooks(),
});
