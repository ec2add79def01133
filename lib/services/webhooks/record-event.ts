import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { presentActiveTask, type ActiveTask } from "@/lib/services/punch/active-task";
import { taskSelect, toTaskDto } from "@/lib/services/tasks/task-shape";
import type { Viewer } from "@/lib/tasks/permissions";
import { taskTitle, titleForReader } from "@/lib/tasks/task-title";
import { isTaskVisible } from "@/lib/tasks/visibility";
import { WEBHOOK_EVENT_DATA, type WebhookEventData, type WebhookEventType } from "@/lib/validations/webhooks";
import { DELIVERY_WINDOW_MS } from "./backoff";

type Tx = Prisma.TransactionClient;
/** A payload as a service holds it: Dates where the JSON answer has ISO strings. */
type BeforeJson<T> = T extends string ? string | Date : T extends object ? { [K in keyof T]: BeforeJson<T[K]> } : T;

/**
 * The outbox: called inside the transaction of a change, it writes the event and one pending
 * delivery per active subscription that wants its type, so the event commits (or rolls back)
 * with the change and a crash after the commit loses nothing. The payload is built only when
 * somebody subscribed. Sending is the webhooks-deliver job's, never the request's:
 * call `requestWebhookDelivery()` after the commit.
 */
export async function recordWebhookEvent<T extends WebhookEventType>(tx: Tx, type: T, build: () => Promise<BeforeJson<WebhookEventData<T>>>): Promise<void> {
  // Nobody subscribed to this type (the usual case): no statement at all inside the change's
  // transaction, which may hold a hot lock (the task-number counter).
  if (!(await wantedTypes(tx)).has(type)) return;
  const subscriptions = await tx.webhookSubscription.findMany({ where: { isActive: true, eventTypes: { has: type } }, select: { id: true } });
  if (subscriptions.length === 0) return;
  // Dates become ISO strings here, as in an API answer; the schema is the descriptor's.
  const data = WEBHOOK_EVENT_DATA[type].parse(JSON.parse(JSON.stringify(await build()))) as Prisma.InputJsonValue;
  const createdAt = new Date();
  const event = await tx.webhookEvent.create({ data: { type, payload: data, createdAt }, select: { id: true } });
  const giveUpAt = new Date(createdAt.getTime() + DELIVERY_WINDOW_MS);
  await tx.webhookDelivery.createMany({ data: subscriptions.map((s) => ({ subscriptionId: s.id, eventId: event.id, giveUpAt, nextAttemptAt: createdAt })) });
  workWaiting = true;
}

let workWaiting = false;

/**
 * The event types some active subscription wants, cached per process: refreshed in the
 * background after a write (at most every 5 s) and by every delivery run, reloaded before use
 * when older than a minute, and dropped here whenever this process changes a subscription. So a
 * subscription added on another instance gets that instance's events within seconds (a minute
 * at worst); what the cache says "wanted" is always checked again inside the transaction.
 */
let wanted: { types: Set<string>; at: number } | null = null;
const FRESH_MS = 5_000;
const STALE_MS = 60_000;

export async function loadWantedTypes(client: Pick<Tx, "webhookSubscription"> = db): Promise<Set<string>> {
  const rows = await client.webhookSubscription.findMany({ where: { isActive: true }, select: { eventTypes: true } });
  wanted = { types: new Set(rows.flatMap((r) => r.eventTypes)), at: Date.now() };
  return wanted.types;
}

/**
 * Read on the change's own connection when the cache is cold: a second pool connection, asked
 * for while this transaction holds locks that other requests' transactions wait on (50
 * simultaneous punch-ins, all but one blocked on the one-open-punch index), can starve the pool
 * until every transaction times out.
 */
async function wantedTypes(tx: Tx): Promise<Set<string>> {
  return !wanted || Date.now() - wanted.at > STALE_MS ? loadWantedTypes(tx) : wanted.types;
}

/** After this process added, changed or deleted a subscription. */
export function forgetWantedTypes(): void {
  wanted = null;
}

/** After the commit: queues a delivery run when this process wrote an event (the every-minute schedule catches up otherwise). */
export function requestWebhookDelivery(): void {
  if (!wanted || Date.now() - wanted.at > FRESH_MS) void loadWantedTypes().catch(() => undefined);
  if (!workWaiting) return;
  workWaiting = false;
  requestWebhookDeliveryNow();
}

/** Queues a delivery run on this process's runner (none in jest or with JOBS_ENABLED=false). */
export function requestWebhookDeliveryNow(): void {
  if (!(globalThis as { bfsJobRunner?: unknown }).bfsJobRunner) return;
  void import("@/lib/jobs/runner")
    .then(({ enqueueJob }) => enqueueJob(WEBHOOKS_DELIVER_JOB, { trigger: "event" }))
    .catch(() => undefined);
}

export const WEBHOOKS_DELIVER_JOB = "webhooks-deliver";

/** Nobody in particular: what a receiver outside the company may see (someone's private task is withheld). */
const OUTSIDER: Viewer = { userId: "", role: "staff", unitIds: [] };

/** A task event's data: the task as the API answers it, or only its id and number when it is private. */
export async function taskEventData(tx: Tx, taskId: string): Promise<WebhookEventData<"task.created">> {
  const row = await tx.task.findUniqueOrThrow({ where: { id: taskId }, select: taskSelect() });
  if (row.isPrivate) return { task: { id: row.id, displayNumber: row.displayNumber, isPrivate: true } };
  const { permissions: _permissions, ...task } = toTaskDto(row, OUTSIDER);
  void _permissions;
  return { task: JSON.parse(JSON.stringify(task)) };
}

/** An alert as the admins' list answers it: a private task's title withheld ("Private task"), no reader's `read`. */
export async function alertEventData(tx: Tx, alertId: string): Promise<WebhookEventData<"alert.raised">> {
  const a = await tx.alert.findUniqueOrThrow({
    where: { id: alertId },
    select: {
      id: true, ruleId: true, kind: true, severity: true, message: true, href: true, createdAt: true, resolvedAt: true, acknowledgedAt: true, snoozedUntil: true, unitId: true,
      rule: { select: { name: true } },
      user: { select: { firstName: true, lastName: true } },
      task: { select: { displayNumber: true, title: true, isPrivate: true, createdById: true, deletedAt: true } },
    },
  });
  const unit = a.unitId ? await tx.organizationalUnit.findUnique({ where: { id: a.unitId }, select: { name: true } }) : null;
  const memberName = a.user ? `${a.user.firstName} ${a.user.lastName}`.trim() : null;
  // The one visibility rule and the one redaction, read as nobody in particular (OUTSIDER).
  const title = a.task ? titleForReader(isTaskVisible(OUTSIDER, a.task, { includeDeleted: true }), taskTitle(a.task)) : (memberName ?? a.message);
  return {
    alert: {
      id: a.id, ruleId: a.ruleId, ruleName: a.rule?.name ?? null, kind: a.kind, severity: a.severity, title, message: a.message, href: a.href, memberName, unitName: unit?.name ?? null,
      createdAt: a.createdAt.toISOString(), resolvedAt: a.resolvedAt?.toISOString() ?? null, acknowledgedAt: a.acknowledgedAt?.toISOString() ?? null, snoozedUntil: a.snoozedUntil?.toISOString() ?? null,
    },
  };
}

/** The member an event is about. */
export async function memberRef(tx: Tx, userId: string): Promise<{ id: string; name: string }> {
  const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, firstName: true, lastName: true } });
  return { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() };
}

/** A task named in a punch event, with a private task's title withheld. */
export async function outsiderActiveTask(tx: Tx, task: ActiveTask | null): Promise<ActiveTask | null> {
  if (!task) return null;
  const row = await tx.task.findUniqueOrThrow({ where: { id: task.id }, select: { id: true, displayNumber: true, title: true, isPrivate: true, createdById: true } });
  return presentActiveTask({ userId: "", role: "staff" }, row);
}
