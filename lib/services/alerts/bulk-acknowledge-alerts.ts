import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";

export async function bulkAcknowledgeAlerts(caller: Caller, ids: string[]): Promise<{ ok: true; count: number }> {
  const { count } = await db.alert.updateMany({ where: { id: { in: ids }, acknowledgedAt: null }, data: { acknowledgedAt: new Date(), acknowledgedById: caller.userId } });
  return { ok: true, count };
}
