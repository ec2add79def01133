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
 * member and kind that was changed from the default (the bell and e-mail, and push on the
 * member's devices where they turned it on). The bell always
 * shows the notification; the e-mail is sent at once, batched into the hourly digest, or not at all.
 */
const isChannel = (value: string): value is NotificationChannel => (NOTIFICATION_CHANNELS as readonly string[]).includes(value);

export async function getNotificationPreferences(caller: Caller): Promise<NotificationPreferences> {
  const rows = await db.notificationPreference.findMany({ where: { userId: caller.userId }, select: { kind: true, channel: true, push: true } });
  const saved = new Map(rows.map((r) => [r.kind, r.channel]));
  const pushSaved = new Map(rows.map((r) => [r.kind, r.push]));
  const channels = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, (() => { const c = saved.get(kind); return c && isChannel(c) ? c : DEFAULT_CHANNEL; })()])) as Record<NotificationKind, NotificationChannel>;
  const push = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, pushSaved.get(kind) ?? true])) as Record<NotificationKind, boolean>;
  return { channels, push };
}

export async function updateNotificationPreferences(caller: Caller, input: UpdateNotificationPreferencesInput): Promise<NotificationPreferences> {
  const changes = new Map<NotificationKind, { channel?: NotificationChannel; push?: boolean }>();
  for (const [kind, channel] of Object.entries(input.channels ?? {}) as [NotificationKind, NotificationChannel | undefined][]) if (channel !== undefined) changes.set(kind, { ...changes.get(kind), channel });
  for (const [kind, push] of Object.entries(input.push ?? {}) as [NotificationKind, boolean | undefined][]) if (push !== undefined) changes.set(kind, { ...changes.get(kind), push });
  await db.$transaction(
    [...changes].map(([kind, change]) =>
      db.notificationPreference.upsert({ where: { userId_kind: { userId: caller.userId, kind } }, create: { userId: caller.userId, kind, ...change }, update: change }),
    ),
  );
  return getNotificationPreferences(caller);
}

/** Whether `userId` wants `kind` pushed to their devices (yes without a saved choice). */
export async function wantsPush(client: Db, kind: NotificationKind, userId: string): Promise<boolean> {
  const saved = await client.notificationPreference.findUnique({ where: { userId_kind: { userId, kind } }, select: { push: true } });
  return saved?.push ?? true;
}

/** Each of `userIds`' channel for `kind` (the default without a saved choice). */
export async function channelsFor(client: Db, kind: NotificationKind, userIds: readonly string[]): Promise<Map<string, NotificationChannel>> {
  if (userIds.length === 0) return new Map();
  const saved = await client.notificationPreference.findMany({ where: { kind, userId: { in: [...userIds] } }, select: { userId: true, channel: true } });
  const byUser = new Map(saved.map((r) => [r.userId, r.channel]));
  return new Map(userIds.map((id) => { const c = byUser.get(id); return [id, c && isChannel(c) ? c : DEFAULT_CHANNEL]; }));
}
