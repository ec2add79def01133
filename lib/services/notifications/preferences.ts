import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db, type Db } from "@/lib/db";
import {
  DEFAULT_CHANNEL,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
  type UpdateNotificationPreferencesInput,
} from "@/lib/validations/notifications";

/**
 * Who gets which notification by e-mail (docs/alerts.md "Notification preferences"): one row per
 * member and kind that was changed from the default (the bell and e-mail). The bell always
 * shows the notification; the e-mail is sent at once, batched into the hourly digest, or not at all.
 */
const isChannel = (value: string): value is NotificationChannel => (NOTIFICATION_CHANNELS as readonly string[]).includes(value);

export async function getNotificationPreferences(caller: Caller): Promise<NotificationPreferences> {
  const rows = await db.notificationPreference.findMany({ where: { userId: caller.userId }, select: { kind: true, channel: true } });
  const saved = new Map(rows.map((r) => [r.kind, r.channel]));
  const channels = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, (() => { const c = saved.get(kind); return c && isChannel(c) ? c : DEFAULT_CHANNEL; })()])) as Record<NotificationKind, NotificationChannel>;
  return { channels };
}

export async function updateNotificationPreferences(caller: Caller, input: UpdateNotificationPreferencesInput): Promise<NotificationPreferences> {
  const entries = Object.entries(input.channels).filter((e): e is [NotificationKind, NotificationChannel] => e[1] !== undefined);
  await db.$transaction(
    entries.map(([kind, channel]) =>
      db.notificationPreference.upsert({ where: { userId_kind: { userId: caller.userId, kind } }, create: { userId: caller.userId, kind, channel }, update: { channel } }),
    ),
  );
  return getNotificationPreferences(caller);
}

/** Each of `userIds`' channel for `kind` (the default without a saved choice). */
export async function channelsFor(client: Db, kind: NotificationKind, userIds: readonly string[]): Promise<Map<string, NotificationChannel>> {
  if (userIds.length === 0) return new Map();
  const saved = await client.notificationPreference.findMany({ where: { kind, userId: { in: [...userIds] } }, select: { userId: true, channel: true } });
  const byUser = new Map(saved.map((r) => [r.userId, r.channel]));
  return new Map(userIds.map((id) => { const c = byUser.get(id); return [id, c && isChannel(c) ? c : DEFAULT_CHANNEL]; }));
}
