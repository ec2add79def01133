import "server-only";
import type { z } from "zod";
import type { Caller } from "@/lib/auth/resolve-caller";
import { now } from "@/lib/auth/clock";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { listWebhookDeliveriesQuerySchema, webhookDeliveryListSchema, webhookDeliverySchema } from "@/lib/validations/webhooks";
import { DELIVERY_WINDOW_MS } from "./backoff";
import { WEBHOOK_NOT_FOUND } from "./present";
import { requestWebhookDeliveryNow } from "./record-event";

type Delivery = z.output<typeof webhookDeliverySchema>;
export const DELIVERY_NOT_FOUND = "Delivery not found";

const deliverySelect = {
  id: true,
  eventId: true,
  status: true,
  attempts: true,
  nextAttemptAt: true,
  deliveredAt: true,
  createdAt: true,
  event: { select: { type: true } },
  attemptLog: { orderBy: { startedAt: "desc" }, take: 10, select: { attempt: true, startedAt: true, durationMs: true, statusCode: true, responseExcerpt: true, error: true } },
} satisfies Prisma.WebhookDeliverySelect;

function toDelivery(row: Prisma.WebhookDeliveryGetPayload<{ select: typeof deliverySelect }>): Delivery {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.event.type,
    status: row.status as Delivery["status"],
    attempts: row.attempts,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    log: row.attemptLog.map((a) => ({ ...a, startedAt: a.startedAt.toISOString() })),
  };
}

/** The delivery log of one subscription, newest first, each with its last 10 attempts. */
export async function listWebhookDeliveries(id: string, query: z.output<typeof listWebhookDeliveriesQuerySchema>): Promise<z.output<typeof webhookDeliveryListSchema>> {
  const exists = await db.webhookSubscription.findUnique({ where: { id }, select: { id: true } });
  if (!exists) throw notFound(WEBHOOK_NOT_FOUND);
  const [total, rows] = await Promise.all([
    db.webhookDelivery.count({ where: { subscriptionId: id } }),
    db.webhookDelivery.findMany({
      where: { subscriptionId: id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (query.page - 1) * query.pageSize,
      take: query.pageSize,
      select: deliverySelect,
    }),
  ]);
  return { items: rows.map(toDelivery), total, page: query.page, pageSize: query.pageSize };
}

/** "Resend": the same event (id and body) is due again now, with a fresh 24-hour window. */
export async function resendWebhookDelivery(caller: Caller, id: string): Promise<Delivery> {
  const row = await db.$transaction(async (tx) => {
    const at = now();
    const { count } = await tx.webhookDelivery.updateMany({
      where: { id },
      data: { status: "pending", nextAttemptAt: at, giveUpAt: new Date(at.getTime() + DELIVERY_WINDOW_MS), leaseUntil: null },
    });
    if (count === 0) throw notFound(DELIVERY_NOT_FOUND);
    await recordAudit(tx, { actorId: caller.userId, action: "webhook.resend", entityType: "webhook_delivery", entityId: id });
    return tx.webhookDelivery.findUniqueOrThrow({ where: { id }, select: deliverySelect });
  });
  requestWebhookDeliveryNow();
  return toDelivery(row);
}
