import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { MyAlertsDto } from "@/lib/validations/alerts";
import { alertSelect, openNow, toDto } from "./alert-shape";
import { countUnreadAlerts } from "./count-unread-alerts";

export async function listMyAlerts(caller: Caller, limit: number): Promise<MyAlertsDto> {
  const now = new Date();
  const where: Prisma.AlertRecipientWhereInput = { userId: caller.userId, alert: openNow(now) };
  const [rows, unreadCount] = await Promise.all([
    db.alertRecipient.findMany({ where, orderBy: { alert: { createdAt: "desc" } }, take: limit, select: { readAt: true, alert: { select: alertSelect } } }),
    countUnreadAlerts(caller.userId, now),
  ]);
  return { items: rows.map((r) => toDto(caller, r.alert, r.readAt !== null)), unreadCount };
}
