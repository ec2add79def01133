/**
 * Web Push (docs/notifications.md "Push"): the app's public VAPID key, and a device's push
 * subscription as the browser's PushSubscription.toJSON() gives it, plus a label for the device.
 */
import { z } from "zod";
import { isoDateTime } from "./common";
import { text } from "./text";

/** The push service's URL: https (a loopback http receiver only where PUSH_ALLOW_LOOPBACK=true, the tests). */
export const pushEndpointSchema = text({ error: "endpoint is required" })
  .min(1, "endpoint is required")
  .max(2000, "endpoint must be at most 2000 characters")
  .refine((value) => URL.canParse(value), "endpoint must be the push service's URL");

const base64url = (name: string, max: number) =>
  z.string().min(1, { error: `${name} is required` }).max(max, { error: `${name} is too long` }).regex(/^[A-Za-z0-9_-]+=*$/, { error: `${name} must be base64url` });

export const pushSubscribeSchema = z
  .object({
    endpoint: pushEndpointSchema,
    keys: z.object({ p256dh: base64url("p256dh", 200), auth: base64url("auth", 100) }).strict(),
    deviceLabel: text().trim().min(1, "deviceLabel must not be empty").max(100, "deviceLabel must be at most 100 characters").optional(),
    expirationTime: z.number().nullable().optional(),
  })
  .strict();
export type PushSubscribeInput = z.infer<typeof pushSubscribeSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema }).strict();
export type PushUnsubscribeInput = z.infer<typeof pushUnsubscribeSchema>;

export const pushPublicKeySchema = z.object({ publicKey: z.string() });

export const pushSubscriptionSchema = z.object({
  id: z.uuid(),
  deviceLabel: z.string(),
  createdAt: isoDateTime,
  lastSuccessAt: isoDateTime.nullable(),
});

export const pushUnsubscribedSchema = z.object({ removed: z.number().int() });
