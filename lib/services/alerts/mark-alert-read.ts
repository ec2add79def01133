import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { idOrNotFound } from "@/lib/validations/ids";
import { ALERT_NOT_FOUND } from "./alert-shape";

/** Opening an alert from the bell: read for me only (each recipient has their own unread count). Admins get no row to mark. */
export async function markAlertRead(caller: Caller, rawId: string): Promise<{ ok: true }> {
  const id = idOrNotFound(rawId, ALERT_NOT_FOUND);
  const mine = await db.alertRecipient.findFirst({ where: { alertId: id, userId: caller.userId }, select: { id: true } });
  if (!mine) throw notFound(ALERT_NOT_FOUND);
  await db.alertRecipient.updateMany({ where: { id: mine.id, readAt: null }, data: { readAt: new Date() } });
  return { ok: true };
}
