import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { AdminAlertsDto, AdminAlertsQuery } from "@/lib/validations/alerts";
import { alertSelect, toDto } from "./alert-shape";

export async function listAdminAlerts(caller: Caller, query: AdminAlertsQuery): Promise<AdminAlertsDto> {
  const where: Prisma.AlertWhereInput = {
    // Mentions are personal notifications (lib/services/task-comments/notify-mentions.ts), not the operation's alerts.
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
