import "server-only";
import webpush from "web-push";
import { openSecret, SealedWithAnotherKeyError, sealSecret } from "@/lib/auth/secret-box";
import { db } from "@/lib/db";
import { logLine } from "@/lib/http/log";
import { mailFrom } from "@/lib/services/mail/mailer";

/**
 * The app's VAPID key pair (RFC 8292), kept like the auth secret: VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY when set (several instances, or keys carried over); otherwise generated on
 * first start and stored in the database (push_vapid_keys, one row), the private key sealed with
 * the app's key (lib/auth/secret-box.ts). Changing the keys invalidates every device's
 * subscription, so they are never regenerated once stored.
 */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

let cached: VapidKeys | null = null;

export async function getVapidKeys(): Promise<VapidKeys> {
  if (cached) return cached;
  const envPublic = process.env.VAPID_PUBLIC_KEY;
  const envPrivate = process.env.VAPID_PRIVATE_KEY;
  if (envPublic && envPrivate) return (cached = { publicKey: envPublic, privateKey: envPrivate });
  let row = await db.pushVapidKey.findUnique({ where: { id: 1 } });
  if (!row) {
    const fresh = webpush.generateVAPIDKeys();
    // Two instances starting together: the first insert wins, both read the same row.
    await db.pushVapidKey.createMany({ data: [{ id: 1, publicKey: fresh.publicKey, privateKey: sealSecret(fresh.privateKey) }], skipDuplicates: true });
    row = await db.pushVapidKey.findUniqueOrThrow({ where: { id: 1 } });
  }
  try {
    return (cached = { publicKey: row.publicKey, privateKey: openSecret(row.privateKey) });
  } catch (error) {
    if (!(error instanceof SealedWithAnotherKeyError)) throw error;
    await replaceUnreadableKeys(row.privateKey);
    return getVapidKeys();
  }
}

/**
 * NEXTAUTH_SECRET changed since the pair was stored: its private key cannot be opened, so no push
 * can be signed, and every subscription was made for its public key, so none can be reached again.
 * A new pair replaces it and those subscriptions go; each device shows push as off and is turned
 * on again (components/auth/push-device.tsx compares its subscription's key). Said once in the log.
 * Only the row still holding the unreadable key is replaced: of two instances, one re-keys.
 */
async function replaceUnreadableKeys(unreadable: string): Promise<void> {
  const fresh = webpush.generateVAPIDKeys();
  const removed = await db.$transaction(async (tx) => {
    const replaced = await tx.pushVapidKey.updateMany({ where: { id: 1, privateKey: unreadable }, data: { publicKey: fresh.publicKey, privateKey: sealSecret(fresh.privateKey) } });
    return replaced.count ? (await tx.pushSubscription.deleteMany({})).count : null;
  });
  if (removed !== null) {
    logLine({
      level: "error",
      source: "push",
      event: "vapid keys replaced",
      message: `The stored push key was sealed with a different NEXTAUTH_SECRET and cannot be read: a new key pair replaced it, and the ${removed} device subscription(s) made for the old one were removed. Members turn push on again on each device (My Profile, Notifications). Set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to keep keys across a secret change.`,
    });
  }
}

/** The VAPID `sub` claim: who the push service may contact (PUSH_CONTACT, else the app's mail sender). */
export function vapidSubject(): string {
  const contact = process.env.PUSH_CONTACT || mailFrom();
  if (/^(mailto|https):/.test(contact)) return contact;
  const address = /<([^>]+)>/.exec(contact)?.[1] ?? contact;
  return `mailto:${address.trim()}`;
}

/** Tests only: forget the cached pair. */
export function resetVapidKeysForTests(): void {
  cached = null;
}
