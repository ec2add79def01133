import "server-only";
import { taskTitle, titleForReader } from "@/lib/tasks/task-title";
import { can } from "@/lib/auth/permissions";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/http/app-error";
import { isTaskVisible } from "@/lib/services/visibility/tasks";
import type { AlertDto } from "@/lib/validations/alerts";

/**
 * Reading and handling alerts: the bell (my alerts, unread count, acknowledge, snooze, mark one or
 * all read) and the admin's open alerts with filters and bulk acknowledge. A task's title is joined
 * here and redacted (`titleForReader`, no link) for a reader who can't see the task.
 */

export const ALERT_NOT_FOUND = "Alert not found";

export const alertSelect = {
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

export function toDto(viewer: Caller, row: AlertRow, read: boolean, unitName: string | null = null): AlertDto {
  const memberName = row.user ? `${row.user.firstName} ${row.user.lastName}`.trim() : null;
  const visible = row.task ? isTaskVisible({ userId: viewer.userId, role: viewer.role }, row.task, { includeDeleted: true }) : true;
  const title = row.task ? titleForReader(visible, taskTitle(row.task)) : (memberName ?? row.rule?.name ?? "Alert");
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
export const openNow = (now: Date): Prisma.AlertWhereInput => ({
  resolvedAt: null,
  acknowledgedAt: null,
  OR: [{ snoozedUntil: null }, { snoozedUntil: { lte: now } }],
});

/** A recipient (or an admin) may act on an alert; anyone else gets the same 404 as a missing one. */
export async function assertMayHandle(caller: Caller, id: string) {
  const alert = await db.alert.findUnique({ where: { id }, select: { id: true, recipients: { where: { userId: caller.userId }, select: { id: true } } } });
  if (!alert || (alert.recipients.length === 0 && !can(caller, "alerts.manage"))) throw notFound(ALERT_NOT_FOUND);
}
