/**
 * Outgoing webhooks' operations (lib/http/operation.ts): one descriptor each, read by the
 * handlers in app/api/admin/webhooks, the OpenAPI document and the tests. Admins only; no API key
 * may call them (the permission's domain has no scope).
 */
import { defineOperation } from "@/lib/http/operation";
import {
  createWebhookSchema,
  listWebhookDeliveriesQuerySchema,
  rotateWebhookSecretSchema,
  updateWebhookSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookSchema,
  webhookSecretSchema,
} from "@/lib/validations/webhooks";

export const listWebhooks = defineOperation({
  method: "GET",
  path: "/api/admin/webhooks",
  summary: "List webhook subscriptions",
  access: { permission: "webhooks.manage" },
  response: webhookListSchema,
});

export const createWebhook = defineOperation({
  method: "POST",
  path: "/api/admin/webhooks",
  summary: "Subscribe an https URL to events",
  description: "Answers with the signing secret this once; it is stored encrypted. The URL must be https and resolve to a public address.",
  access: { permission: "webhooks.manage" },
  body: createWebhookSchema,
  response: webhookSecretSchema,
  status: 201,
});

export const updateWebhook = defineOperation({
  method: "PATCH",
  path: "/api/admin/webhooks/[id]",
  summary: "Change a webhook's URL, events or description; pause, resume or re-enable it",
  access: { permission: "webhooks.manage" },
  body: updateWebhookSchema,
  response: webhookSchema,
});

export const deleteWebhook = defineOperation({
  method: "DELETE",
  path: "/api/admin/webhooks/[id]",
  summary: "Delete a webhook subscription and its delivery log",
  access: { permission: "webhooks.manage" },
  response: webhookSchema,
});

export const rotateWebhookSecret = defineOperation({
  method: "POST",
  path: "/api/admin/webhooks/[id]/rotate",
  summary: "Roll a webhook's signing secret",
  description:
    "A new secret, shown once; requests are signed with it from the next attempt on. For `overlapMinutes` (default 24 hours) the old secret signs too: each request carries a v1 signature with each secret.",
  access: { permission: "webhooks.manage" },
  body: rotateWebhookSecretSchema,
  response: webhookSecretSchema,
});

export const listWebhookDeliveries = defineOperation({
  method: "GET",
  path: "/api/admin/webhooks/[id]/deliveries",
  summary: "A webhook's delivery log",
  description: "Newest first; each delivery with its attempts (status, timing, the response's first 500 characters).",
  access: { permission: "webhooks.manage" },
  query: listWebhookDeliveriesQuerySchema,
  response: webhookDeliveryListSchema,
});

export const resendWebhookDelivery = defineOperation({
  method: "POST",
  path: "/api/admin/webhooks/deliveries/[id]/resend",
  summary: "Send a delivery again",
  description: "Queues the same event (same id and body) for another attempt now, with a new 24-hour retry window.",
  access: { permission: "webhooks.manage" },
  response: webhookDeliverySchema,
});
