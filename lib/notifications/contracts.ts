/**
 * Notification preferences: the API operations (lib/http/operation.ts), read by the handler in
 * app/api/user/notification-preferences, the OpenAPI document and the tests.
 */
import { defineOperation } from "@/lib/http/operation";
import { notificationPreferencesSchema, updateNotificationPreferencesSchema } from "@/lib/validations/notifications";

export const getNotificationPreferences = defineOperation({
  method: "GET",
  path: "/api/user/notification-preferences",
  summary: "My notification preferences",
  description: "Per kind (mention, assignment, comment on my task, alert): `bell` (the bell only) or `bell_email` (the bell and e-mail, the default) or `digest`; and per kind `push`: also sent to the devices where I turned push on (default true).",
  access: { permission: "account.self" },
  response: notificationPreferencesSchema,
});

export const updateNotificationPreferences = defineOperation({
  method: "PUT",
  path: "/api/user/notification-preferences",
  summary: "Set my notification preferences",
  description: "Any of the kinds; the others keep their setting. Answers with all of them.",
  access: { permission: "account.self" },
  body: updateNotificationPreferencesSchema,
  response: notificationPreferencesSchema,
});
