import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { storedSnapshot } from "@/lib/services/audit/record-audit";
import { MEMBER_NOT_FOUND } from "@/lib/services/members/shared";
import type { PayRatesAnswer } from "@/lib/validations/pay";
import { payRateSelect, toPayRate } from "./pay-access";

export const PAY_RATE_ACTIONS = ["pay_rate.create", "pay_rate.update", "pay_rate.delete"] as const;
const HISTORY_LIMIT = 200;

/** GET /api/members/{id}/pay-rates: the member's rates, newest first, and the audited changes (who, when, old, new). */
export async function listPayRates(userId: string): Promise<PayRatesAnswer> {
  const member = await db.user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  const [rates, changes] = await Promise.all([
    db.payRate.findMany({ where: { userId }, select: payRateSelect, orderBy: [{ effectiveFrom: "desc" }, { roleLabel: "asc" }, { id: "asc" }] }),
    db.auditLog.findMany({
      where: { entityType: "user", entityId: userId, action: { in: [...PAY_RATE_ACTIONS] } },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      take: HISTORY_LIMIT,
      select: { id: true, action: true, createdAt: true, before: true, after: true, metadata: true, actor: { select: { id: true, firstName: true, lastName: true } } },
    }),
  ]);
  return {
    rates: rates.map(toPayRate),
    history: changes.map((c) => ({
      id: c.id,
      action: c.action as (typeof PAY_RATE_ACTIONS)[number],
      rateId: String(storedSnapshot(c.metadata)?.rateId ?? ""),
      actor: c.actor ? { id: c.actor.id, name: `${c.actor.firstName} ${c.actor.lastName}`.trim() } : null,
      at: c.createdAt.toISOString(),
      before: storedSnapshot(c.before),
      after: storedSnapshot(c.after),
    })),
  };
}
