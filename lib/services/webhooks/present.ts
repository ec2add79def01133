import "server-only";
import { now } from "@/lib/auth/clock";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { WebhookView } from "@/lib/validations/webhooks";

export const WEBHOOK_NOT_FOUND = "Webhook not found";

export const webhookSelect = {
  id: true,
  url: true,
  description: true,
  eventTypes: true,
  secretHint: true,
  previousSecretExpiresAt: true,
  isActive: true,
  disabledAt: true,
  disabledReason: true,
  consecutiveFailures: true,
  createdAt: true,
  deliveries: {
    where: { attempts: { gt: 0 } },
    orderBy: { nextAttemptAt: "desc" },
    take: 1,
    select: { status: true, nextAttemptAt: true, deliveredAt: true, lastStatusCode: true },
  },
} satisfies Prisma.WebhookSubscriptionSelect;

type Row = Prisma.WebhookSubscriptionGetPayload<{ select: typeof webhookSelect }>;

export function toWebhookView(row: Row): WebhookView {
  const last = row.deliveries[0];
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    secretHint: row.secretHint,
    // An overlap that has run out is no longer news.
    previousSecretExpiresAt: row.previousSecretExpiresAt && row.previousSecretExpiresAt > now() ? row.previousSecretExpiresAt.toISOString() : null,
    status: row.isActive ? "active" : row.disabledAt ? "disabled" : "paused",
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    consecutiveFailures: row.consecutiveFailures,
    createdAt: row.createdAt.toISOString(),
    lastDelivery: last ? { status: last.status, at: (last.deliveredAt ?? last.nextAttemptAt).toISOString(), statusCode: last.lastStatusCode } : null,
  };
}
