import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";

export async function markAllAlertsRead(caller: Caller): Promise<{ ok: true; count: number }> {
  const { count } = await db.alertRecipient.updateMany({ where: { userId: caller.userId, readAt: null }, data: { readAt: new Date() } });
  return { ok: true, count };
}
