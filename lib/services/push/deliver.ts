import "server-only";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import webpush from "web-push";
import { db } from "@/lib/db";
import { defineJob } from "@/lib/jobs/types";
import { wantsPush } from "@/lib/services/notifications/preferences";
import { guardedLookup } from "@/lib/services/webhooks/address-guard";
import { NOTIFICATION_KINDS, type NotificationKind } from "@/lib/validations/notifications";
import { pushEndpointProblem } from "./endpoint";
import { getVapidKeys, vapidSubject } from "./vapid";

/**
 * The push-deliver job (docs/notifications.md "Push"): sends the push outbox (push_messages, one
 * row per notification to a member with a device, written by a trigger with the bell's row) to
 * each of the member's devices. web-push encrypts the payload for the device (RFC 8291,
 * aes128gcm) and signs the request with the app's VAPID key (RFC 8292); this module sends it.
 * A 404 or 410 from the push service means the subscription is gone: it is deleted. Other
 * failures are retried on the next runs, up to MAX_ATTEMPTS; a run cut short leaves its rows
 * `sending`, claimed again after 5 minutes.
 */
export const PUSH_DELIVER_JOB = "push-deliver";
const MAX_ATTEMPTS = 5;
const BATCH = 50;
const TIMEOUT_MS = 10_000;

export interface PushPayload {
  title: string;
  body: string;
  /** Where a tap on the notification goes (same origin, a path). */
  url: string;
  tag: string;
}

export interface PushDeliveryResult {
  messages: number;
  sent: number;
  skipped: number;
  failed: number;
  removedSubscriptions: number;
}

/** The kind whose push choice applies: a rule's alert is "alert"; the others are named by their kind. */
const preferenceKind = (kind: string, ruleId: string | null): NotificationKind =>
  ruleId === null && (NOTIFICATION_KINDS as readonly string[]).includes(kind) ? (kind as NotificationKind) : "alert";

/** POSTs web-push's request to the push service; answers the status code. */
function send(details: webpush.RequestDetails): Promise<number> {
  const url = new URL(details.endpoint);
  const problem = pushEndpointProblem(details.endpoint);
  if (problem) return Promise.reject(new Error(problem));
  const body = details.body as Buffer | null;
  const headers: Record<string, string | number> = { ...(details.headers as Record<string, string | number>) };
  if (body) headers["Content-Length"] = body.length;
  return new Promise((resolve, reject) => {
    const options = { method: details.method, headers, timeout: TIMEOUT_MS };
    const req =
      url.protocol === "https:" ? httpsRequest(url, { ...options, lookup: guardedLookup }, (res) => done(res)) : httpRequest(url, options, (res) => done(res));
    function done(res: import("node:http").IncomingMessage) {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    }
    req.on("timeout", () => req.destroy(new Error("push service timed out")));
    req.on("error", reject);
    req.end(body ?? undefined);
  });
}

/** Sends every pending push message; safe to run twice at once (rows are claimed first). */
export async function deliverPushMessages(): Promise<PushDeliveryResult> {
  const result: PushDeliveryResult = { messages: 0, sent: 0, skipped: 0, failed: 0, removedSubscriptions: 0 };
  const claimed = await db.$queryRaw<{ id: string; alert_id: string; user_id: string; attempts: number }[]>`
    UPDATE push_messages SET status = 'sending', attempts = attempts + 1, locked_at = now()
    WHERE id IN (
      SELECT id FROM push_messages
      WHERE status = 'pending' OR (status = 'sending' AND locked_at < now() - interval '5 minutes')
      ORDER BY created_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
    )
    RETURNING id, alert_id, user_id, attempts`;
  if (claimed.length === 0) return result;
  const vapid = await getVapidKeys();
  const subject = vapidSubject();
  const alerts = new Map(
    (await db.alert.findMany({ where: { id: { in: claimed.map((c) => c.alert_id) } }, select: { id: true, kind: true, ruleId: true, message: true, href: true } })).map((a) => [a.id, a]),
  );
  const userIds = [...new Set(claimed.map((c) => c.user_id))];
  const subscriptions = await db.pushSubscription.findMany({ where: { userId: { in: userIds } }, select: { id: true, userId: true, endpoint: true, p256dh: true, auth: true } });
  const gone = new Set<string>();
  for (const message of claimed) {
    result.messages += 1;
    const alert = alerts.get(message.alert_id);
    const devices = subscriptions.filter((s) => s.userId === message.user_id && !gone.has(s.id));
    if (!alert || devices.length === 0 || !(await wantsPush(db, preferenceKind(alert.kind, alert.ruleId), message.user_id))) {
      await db.pushMessage.update({ where: { id: message.id }, data: { status: "skipped", sentAt: new Date() } });
      result.skipped += 1;
      continue;
    }
    const payload: PushPayload = { title: "BFS Tasks", body: alert.message, url: alert.href?.startsWith("/") ? alert.href : "/", tag: alert.id };
    let delivered = 0;
    const errors: string[] = [];
    for (const device of devices) {
      try {
        const details = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(payload), {
          vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: 24 * 60 * 60,
          contentEncoding: "aes128gcm",
          urgency: "normal",
        });
        const status = await send(details);
        if (status >= 200 && status < 300) {
          delivered += 1;
          await db.pushSubscription.update({ where: { id: device.id }, data: { lastSuccessAt: new Date() } });
        } else if (status === 404 || status === 410) {
          gone.add(device.id);
          result.removedSubscriptions += (await db.pushSubscription.deleteMany({ where: { id: device.id } })).count;
        } else {
          errors.push(`HTTP ${status}`);
        }
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
      }
    }
    // Sent when a device took it, or when no device remains to try; otherwise retried later.
    const retry = delivered === 0 && errors.length > 0 && message.attempts < MAX_ATTEMPTS;
    const status = delivered > 0 ? "sent" : errors.length === 0 ? "skipped" : retry ? "pending" : "failed";
    await db.pushMessage.update({ where: { id: message.id }, data: { status, lastError: errors[0]?.slice(0, 500) ?? null, sentAt: status === "pending" ? null : new Date() } });
    if (status === "sent") result.sent += 1;
    else if (status === "failed") result.failed += 1;
    else if (status === "skipped") result.skipped += 1;
  }
  return result;
}

/** Every minute (retries come due) and at start, which also makes the VAPID keys on a first start. */
export const pushDeliverJob = defineJob<object>({
  name: PUSH_DELIVER_JOB,
  cron: "* * * * *",
  runAtStart: true,
  // The outbox trigger NOTIFYs this channel when a notification commits: delivery starts at once.
  wakeOn: "push_outbox",
  expireInSeconds: 300,
  run: async () => {
    await getVapidKeys();
    return deliverPushMessages();
  },
});
