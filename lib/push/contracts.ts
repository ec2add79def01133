/**
 * Web Push's operations (lib/http/operation.ts): the app's public VAPID key, and a member turning
 * push on or off for one device (docs/notifications.md "Push"). No API key: devices belong to people.
 */
import { defineOperation } from "@/lib/http/operation";
import { pushPublicKeySchema, pushSubscribeSchema, pushSubscriptionSchema, pushUnsubscribeSchema, pushUnsubscribedSchema } from "@/lib/validations/push";

export const getPushPublicKey = defineOperation({
  method: "GET",
  path: "/api/push/public-key",
  summary: "The app's public VAPID key",
  description: "The `applicationServerKey` a browser passes to pushManager.subscribe (base64url, uncompressed P-256 point).",
  access: { permission: "account.self" },
  response: pushPublicKeySchema,
});

export const subscribePush = defineOperation({
  method: "POST",
  path: "/api/push/subscriptions",
  summary: "Turn on push on this device",
  description:
    "The browser's PushSubscription (endpoint and keys) and a label for the device. Saving the same endpoint again updates it (a device handed to another member becomes theirs). The endpoint must be https.",
  access: { permission: "account.self" },
  body: pushSubscribeSchema,
  response: pushSubscriptionSchema,
  status: 201,
});

export const unsubscribePush = defineOperation({
  method: "POST",
  path: "/api/push/subscriptions/remove",
  summary: "Turn off push on this device",
  description: "Removes my subscription with this endpoint; answers how many were removed (0 when none was mine).",
  access: { permission: "account.self" },
  body: pushUnsubscribeSchema,
  response: pushUnsubscribedSchema,
});
