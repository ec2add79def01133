import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { idOrNotFound } from "@/lib/validations/ids";
import { ALERT_NOT_FOUND, assertMayHandle } from "./alert-shape";

export async function snoozeAlert(caller: Caller, rawId: string, minutes: number): Promise<{ ok: true; snoozedUntil: string }> {
  const id = idOrNotFound(rawId, ALERT_NOT_FOUND);
  await assertMayHandle(caller, id);
  const until = new Date(Date.now() + minutes * 60_000);
  await db.alert.update({ where: { id }, data: { snoozedUntil: until } });
  return { ok: true, snoozedUntil: until.toISOString() };
}
