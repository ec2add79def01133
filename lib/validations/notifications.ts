/**
 * Notification preferences (My Profile → Notifications): per kind, the bell only, the bell and an
 * e-mail each time, or the bell and one hourly digest e-mail.
 */
import { z } from "zod";

export const NOTIFICATION_KINDS = ["mention", "assignment", "comment", "alert", "schedule"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_CHANNELS = ["bell", "bell_email", "digest"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  mention: "Someone mentions me",
  assignment: "A task is assigned to me",
  comment: "A comment on my task",
  alert: "Alerts",
  schedule: "My shifts are published or changed",
};

export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  bell: "Bell only",
  bell_email: "Bell and e-mail",
  digest: "Bell and hourly digest",
};

/** Without a saved choice every kind goes to the bell and e-mail. */
export const DEFAULT_CHANNEL: NotificationChannel = "bell_email";

export const notificationPreferencesSchema = z.object({
  channels: z.object(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.enum(NOTIFICATION_CHANNELS)])) as Record<NotificationKind, z.ZodEnum<{ [C in NotificationChannel]: C }>>),
  /** Per kind, also push to the devices where the member turned push on (on unless turned off). */
  push: z.object(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()])) as Record<NotificationKind, z.ZodBoolean>),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PUT body: any of the kinds' channel or push choice; the others keep their setting. */
export const updateNotificationPreferencesSchema = z.object({
  channels: z
    .object(
      Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.enum(NOTIFICATION_CHANNELS, { error: "must be bell, bell_email or digest" }).optional()])) as Record<
        NotificationKind,
        z.ZodOptional<z.ZodEnum<{ [C in NotificationChannel]: C }>>
      >,
    )
    .strict()
    .optional(),
  push: z
    .object(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean({ error: "must be true or false" }).optional()])) as Record<NotificationKind, z.ZodOptional<z.ZodBoolean>>)
    .strict()
    .optional(),
});
export type UpdateNotificationPreferencesInput = z.infer<typeof updateNotificationPreferencesSchema>;
