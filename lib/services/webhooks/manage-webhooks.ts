import "server-only";
import type { z } from "zod";
import type { Caller } from "@/lib/auth/resolve-caller";
import { now } from "@/lib/auth/clock";
import { sealSecret } from "@/lib/auth/secret-box";
import { db } from "@/lib/db";
import { badRequest, notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { CreateWebhookInput, RotateWebhookSecretInput, UpdateWebhookInput, webhookListSchema, webhookSchema, webhookSecretSchema } from "@/lib/validations/webhooks";
import { checkReceiverAddress } from "./address-guard";
import { toWebhookView, WEBHOOK_NOT_FOUND, webhookSelect } from "./present";
import { forgetWantedTypes } from "./record-event";
import { newWebhookSecret, secretHint } from "./signature";

type WebhookWithSecret = z.output<typeof webhookSecretSchema>;

/** 400 naming the URL when the receiver's host resolves to a private address (unless allowed) or not at all. */
async function assertPublicReceiver(url: string): Promise<void> {
  const problem = await checkReceiverAddress(new URL(url).hostname);
  if (problem) throw badRequest(`URL ${problem}`);
}

export async function listWebhooks(): Promise<z.output<typeof webhookListSchema>> {
  const rows = await db.webhookSubscription.findMany({ select: webhookSelect, orderBy: { createdAt: "asc" }, take: 200 });
  return { items: rows.map(toWebhookView) };
}

/** Subscribes a URL; answers its signing secret this once (stored encrypted). */
export async function createWebhook(caller: Caller, input: CreateWebhookInput): Promise<WebhookWithSecret> {
  await assertPublicReceiver(input.url);
  const secret = newWebhookSecret();
  const row = await db.$transaction(async (tx) => {
    const created = await tx.webhookSubscription.create({
      data: { url: input.url, description: input.description, eventTypes: input.eventTypes, secretCiphertext: sealSecret(secret), secretHint: secretHint(secret), createdById: caller.userId },
      select: webhookSelect,
    });
    await recordAudit(tx, { actorId: caller.userId, action: "webhook.create", entityType: "webhook", entityId: created.id, after: { url: input.url, eventTypes: input.eventTypes } });
    return created;
  });
  forgetWantedTypes();
  return { webhook: toWebhookView(row), secret };
}

export async function updateWebhook(caller: Caller, id: string, input: UpdateWebhookInput): Promise<z.output<typeof webhookSchema>> {
  if (input.url) await assertPublicReceiver(input.url);
  const row = await db.$transaction(async (tx) => {
    const before = await tx.webhookSubscription.findUnique({ where: { id }, select: { url: true, eventTypes: true, description: true, isActive: true } });
    if (!before) throw notFound(WEBHOOK_NOT_FOUND);
    const resuming = input.isActive === true && !before.isActive;
    const updated = await tx.webhookSubscription.update({
      where: { id },
      data: {
        ...(input.url !== undefined && { url: input.url }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.eventTypes !== undefined && { eventTypes: input.eventTypes }),
        ...(input.isActive !== undefined && { isActive: input.isActive }),
        // Resumed or re-enabled: the failure count starts again.
        ...(resuming && { disabledAt: null, disabledReason: null, consecutiveFailures: 0 }),
      },
      select: webhookSelect,
    });
    await recordAudit(tx, { actorId: caller.userId, action: "webhook.update", entityType: "webhook", entityId: id, before, after: input });
    return updated;
  });
  forgetWantedTypes();
  return toWebhookView(row);
}

export async function deleteWebhook(caller: Caller, id: string): Promise<z.output<typeof webhookSchema>> {
  forgetWantedTypes();
  return db.$transaction(async (tx) => {
    const row = await tx.webhookSubscription.findUnique({ where: { id }, select: webhookSelect });
    if (!row) throw notFound(WEBHOOK_NOT_FOUND);
    await tx.webhookSubscription.delete({ where: { id } });
    await recordAudit(tx, { actorId: caller.userId, action: "webhook.delete", entityType: "webhook", entityId: id, before: { url: row.url, eventTypes: row.eventTypes } });
    return toWebhookView(row);
  });
}

/**
 * "Roll secret": a new signing secret, shown once. For `overlapMinutes` the old secret keeps
 * signing beside it (two v1 signatures on each request), so the receiver can switch over
 * without refusing a request; 0 drops it at once.
 */
export async function rotateWebhookSecret(caller: Caller, id: string, input: RotateWebhookSecretInput): Promise<WebhookWithSecret> {
  const secret = newWebhookSecret();
  const row = await db.$transaction(async (tx) => {
    // Under the row's lock: two rolls at once each keep the secret the other replaced, never a lost one.
    const rows = await tx.$queryRaw<{ secret_ciphertext: string }[]>`SELECT secret_ciphertext FROM webhook_subscriptions WHERE id = ${id}::uuid FOR UPDATE`;
    if (rows.length === 0) throw notFound(WEBHOOK_NOT_FOUND);
    const overlapEnds = input.overlapMinutes > 0 ? new Date(now().getTime() + input.overlapMinutes * 60_000) : null;
    await tx.webhookSubscription.update({
      where: { id },
      data: {
        secretCiphertext: sealSecret(secret),
        secretHint: secretHint(secret),
        previousSecretCiphertext: overlapEnds ? rows[0]!.secret_ciphertext : null,
        previousSecretExpiresAt: overlapEnds,
      },
    });
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "webhook.rotate",
      entityType: "webhook",
      entityId: id,
      after: { secretHint: secretHint(secret), overlapMinutes: input.overlapMinutes, previousSecretValidUntil: overlapEnds },
    });
    return tx.webhookSubscription.findUniqueOrThrow({ where: { id }, select: webhookSelect });
  });
  return { webhook: toWebhookView(row), secret };
}
