import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { idOrNotFound } from "@/lib/validations/ids";
import { ALERT_NOT_FOUND, assertMayHandle } from "./alert-shape";

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
