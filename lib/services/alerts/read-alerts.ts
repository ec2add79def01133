import "server-only";
import { taskTitle } from "@/lib/tasks/task-title";
import { can } from "@/lib/auth/permissions";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/http/app-error";
import { isTaskVisible } from "@/lib/services/tasks/visibility";
import { idOrNotFound } from "@/lib/validations/ids";
import type { AdminAlertsDto, AdminAlertsQuery, AlertDto, MyAlertsDto } from "@/lib/validations/alerts";

/**
 * Reading and handling alerts: the bell (my alerts, unread count, acknowledge, snooze, mark one or
 * all read) and the admin's open alerts with filters and bulk acknowledge. A task's title is joined
 * here and redacted ("Private task", no link) for a reader who can't see the task.
 */

const ALERT_NOT_FOUND = "Alert not found";

const alertSelect = {
  id: true,
  ruleId: true,
  kind: true,
  severity: true,
  message: true,
  href: true,
  createdAt: true,
  resolvedAt: true,
  acknowledgedAt: true,
  snoozedUntil: true,
  rule: { select: { name: true } },
  task: { select: { displayNumber: true, title: true, isPrivate: true, createdById: true, deletedAt: true } },
  user: { select: { firstName: true, lastName: true } },
} satisfies Prisma.AlertSelect;
type AlertRow = Prisma.AlertGetPayload<{ select: typeof alertSelect }>;

function toDto(viewer: Caller, row: AlertRow, read: boolean, unitName: string | null = null): AlertDto {
  const memberName = row.user ? `${row.user.firstName} ${row.user.lastName}`.trim() : null;
  const visible = row.task ? isTaskVisible({ userId: viewer.userId, role: viewer.role }, row.task, { includeDeleted: true }) : true;
  const title = row.task ? (visible ? taskTitle(row.task) : "Private task") : (memberName ?? row.rule?.name ?? "Alert");
  return {
    id: row.id,
    ruleId: row.ruleId,
    ruleName: row.rule?.name ?? null,
    kind: row.kind,
    severity: row.severity,
    title,
    message: row.message,
    href: visible ? row.href : null,
    memberName,
    unitName,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    snoozedUntil: row.snoozedUntil?.toISOString() ?? null,
    read,
  };
}

/** Open for the bell: not resolved, not acknowledged, not snoozed right now. */
const openNow = (now: Date): Prisma.AlertWhereInput => ({
  resolvedAt: null,
  acknowledgedAt: null,
  OR: [{ snoozedUntil: null }, { snoozedUntil: { lte: now } }],
});

/**
 * The bell's unread count: my open alerts not yet read. The bell reads it from the punch-status
 * poll (`unreadAlerts`, lib/services/punch/get-punch-status.ts) and loads the list only when it opens.
 */
export function countUnreadAlerts(userId: string, now = new Date()): Promise<number> {
  return db.alertRecipient.count({ where: { userId, readAt: null, alert: openNow(now) } });
}

export async function listMyAlerts(caller: Caller, limit: number): Promise<MyAlertsDto> {
  const now = new Date();
  const where: Prisma.AlertRecipientWhereInput = { userId: caller.userId, alert: openNow(now) };
  const [rows, unreadCount] = await Promise.all([
    db.alertRecipient.findMany({ where, orderBy: { alert: { createdAt: "desc" } }, take: limit, select: { readAt: true, alert: { select: alertSelect } } }),
    countUnreadAlerts(caller.userId, now),
  ]);
  return { items: rows.map((r) => toDto(caller, r.alert, r.readAt !== null)), unreadCount };
}

/** A recipient (or an admin) may act on an alert; anyone else gets the same 404 as a missing one. */
async function assertMayHandle(caller: Caller, id: string) {
  const alert = await db.alert.findUnique({ where: { id }, select: { id: true, recipients: { where: { userId: caller.userId }, select: { id: true } } } });
  if (!alert || (alert.recipients.length === 0 && !can(caller, "alerts.manage"))) throw notFound(ALERT_NOT_FOUND);
}

export async function acknowledgeAlert(caller: Caller, rawId: string): Promise<{ ok: true }> {
  const id = idOrNotFound(rawId, ALERT_NOT_FOUND);
  await assertMayHandle(caller, id);
  const now = new Date();
  await db.$transaction([
    db.alert.updateMany({ where: { id, acknowledgedAt: null }, data: { acknowledgedAt: now, acknowledgedById: caller.userId } }),
    db.alertRecipient.updateMany({ where: { alertId: id, userId: caller.userId, readAt: null }, data: { readAt: now } }),
  ]);
  return { ok: true };
}

export async function snoozeAlert(caller: Caller, rawId: string, minutes: number): Promise<{ ok: true; snoozedUntil: string }> {
  const id = idOrNotFound(rawId, ALERT_NOT_FOUND);
  await assertMayHandle(caller, id);
  const until = new Date(Date.now() + minutes * 60_000);
  await db.alert.update({ where: { id }, data: { snoozedUntil: until } });
  return { ok: true, snoozedUntil: until.toISOString() };
}

/** Opening an alert from the bell: read for me only (each recipient has their own unread count). Admins get no row to mark. */
export async function markAlertRead(caller: Caller, rawId: string): Promise<{ ok: true }> {
  const id = idOrNotFound(rawId, ALERT_NOT_FOUND);
  const mine = await db.alertRecipient.findFirst({ where: { alertId: id, userId: caller.userId }, select: { id: true } });
  if (!mine) throw notFound(ALERT_NOT_FOUND);
  await db.alertRecipient.updateMany({ where: { id: mine.id, readAt: null }, data: { readAt: new Date() } });
  return { ok: true };
}

export async function markAllAlertsRead(caller: Caller): Promise<{ ok: true; count: number }> {
  const { count } = await db.alertRecipient.updateMany({ where: { userId: caller.userId, readAt: null }, data: { readAt: new Date() } });
  return { ok: true, count };
}

export async function listAdminAlerts(caller: Caller, query: AdminAlertsQuery): Promise<AdminAlertsDto> {
  const where: Prisma.AlertWhereInput = {
    // Mentions are personal notifications (lib/services/task-comments/mentions.ts), not the operation's alerts.
    kind: { not: "mention" },
    ...(query.state === "open" ? { resolvedAt: null, acknowledgedAt: null } : {}),
    ...(query.severity?.length ? { severity: { in: query.severity } } : {}),
    ...(query.ruleId ? { ruleId: query.ruleId } : {}),
    ...(query.unitId ? { unitId: query.unitId } : {}),
    ...(query.userId ? { userId: query.userId } : {}),
  };
  const [rows, total] = await Promise.all([
    db.alert.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "asc" }], skip: (query.page - 1) * query.pageSize, take: query.pageSize, select: { ...alertSelect, unitId: true } }),
    db.alert.count({ where }),
  ]);
  const unitIds = [...new Set(rows.map((r) => r.unitId).filter((u): u is string => Boolean(u)))];
  const units = unitIds.length ? await db.organizationalUnit.findMany({ where: { id: { in: unitIds } }, select: { id: true, name: true } }) : [];
  const unitName = new Map(units.map((u) => [u.id, u.name]));
  return { items: rows.map((r) => toDto(caller, r, true, r.unitId ? (unitName.get(r.unitId) ?? null) : null)), total, page: query.page, pageSize: query.pageSize };
}

export async function bulkAcknowledgeAlerts(caller: Caller, ids: string[]): Promise<{ ok: true; count: number }> {
  const { count } = await db.alert.updateMany({ where: { id: { in: ids }, acknowledgedAt: null }, data: { acknowledgedAt: new Date(), acknowledgedById: caller.userId } });
  return { ok: true, count };
}
