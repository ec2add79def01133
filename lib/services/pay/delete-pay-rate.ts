import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { dateKeyOfDateColumn } from "@/lib/dates";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { assertRateDayOpen, payRateSelect, RATE_NOT_FOUND, rateSnapshot } from "./pay-access";

/** DELETE /api/pay-rates/{id}: removes a rate entered by mistake (409 inside a locked period); the audit row keeps it. */
export async function deletePayRate(caller: Caller, id: string): Promise<{ ok: true }> {
  await db.$transaction(async (tx) => {
    const before = await tx.payRate.findUnique({ where: { id }, select: payRateSelect });
    if (!before) throw notFound(RATE_NOT_FOUND);
    await assertRateDayOpen(tx, before.userId, dateKeyOfDateColumn(before.effectiveFrom));
    await tx.payRate.delete({ where: { id } });
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "pay_rate.delete",
      entityType: "user",
      entityId: before.userId,
      before: rateSnapshot(before),
      metadata: { rateId: id },
    });
  });
  return { ok: true };
}
