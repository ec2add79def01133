import "server-only";
import { now } from "@/lib/auth/clock";
import { db } from "@/lib/db";
import { defineJob } from "@/lib/jobs/types";

/**
 * The outbox-prune job (docs/jobs.md): the webhook log and the push outbox only grow, so what is
 * older than the retention window (`OUTBOX_RETENTION_DAYS`, default 30) is deleted once a day:
 * - webhook events (their deliveries and attempts go with them) created before the window, unless
 *   one of their deliveries is still pending or was active within it (a "Resend");
 * - push messages created before the window, whatever their state;
 * - a rolled webhook secret whose overlap has ended (it no longer signs; it is not kept at rest).
 * In batches of BATCH rows, so no statement holds locks for long; idempotent (a second run finds nothing).
 */
export const OUTBOX_PRUNE_JOB = "outbox-prune";
const BATCH = 5_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export function retentionDays(): number {
  const value = Number(process.env.OUTBOX_RETENTION_DAYS ?? 30);
  return Number.isInteger(value) && value >= 1 ? value : 30;
}

export interface PruneResult {
  webhookEvents: number;
  pushMessages: number;
  expiredSecrets: number;
}

/** Deletes in batches until a batch comes back short. */
async function inBatches(run: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await run();
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

export async function pruneOutboxes(): Promise<PruneResult> {
  const at = now();
  const cutoff = new Date(at.getTime() - retentionDays() * DAY_MS);
  const webhookEvents = await inBatches(
    () => db.$executeRaw`
      DELETE FROM webhook_events WHERE id IN (
        SELECT e.id FROM webhook_events e
        WHERE e.created_at < ${cutoff}
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND (d.status = 'pending' OR d.next_attempt_at >= ${cutoff}))
        ORDER BY e.created_at LIMIT ${BATCH})`,
  );
  const pushMessages = await inBatches(
    () => db.$executeRaw`DELETE FROM push_messages WHERE id IN (SELECT id FROM push_messages WHERE created_at < ${cutoff} ORDER BY created_at LIMIT ${BATCH})`,
  );
  const { count: expiredSecrets } = await db.webhookSubscription.updateMany({
    where: { previousSecretExpiresAt: { lte: at } },
    data: { previousSecretCiphertext: null, previousSecretExpiresAt: null },
  });
  return { webhookEvents, pushMessages, expiredSecrets };
}

export const outboxPruneJob = defineJob({
  name: OUTBOX_PRUNE_JOB,
  cron: "17 3 * * *",
  expireInSeconds: 30 * 60,
  run: () => pruneOutboxes(),
});
