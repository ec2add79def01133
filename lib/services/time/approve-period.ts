import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { PayPeriod } from "@/lib/time/calc";
import { Selection, asDate, periodRow, resolveSelection } from "./period-selection";

/**
 * POST /api/admin/time/approvals: the first step. Records who approved each member's pay period
 * and when; members already approved keep their approval. Idempotent. One audit row per member
 * approved.
 */
export async function approvePeriod(caller: Pick<Caller, "userId">, input: Selection): Promise<{ period: PayPeriod; approved: number }> {
  return db.$transaction(async (tx) => {
    const { period, ids, rowOf } = await resolveSelection(tx, input);
    const now = new Date();
    let approved = 0;
    for (const id of ids) {
      if (rowOf.get(id)?.approvedAt) continue;
      const data = { approvedAt: now, approvedById: caller.userId };
      await tx.payPeriodLock.upsert({
        where: { userId_periodStart: { userId: id, periodStart: asDate(period.start) } },
        create: { userId: id, periodStart: asDate(period.start), ...periodRow(period), ...data },
        update: data,
      });
      await recordAudit(tx, { actorId: caller.userId, action: "time.period.approve", entityType: "user", entityId: id, after: { period } });
      approved++;
    }
    return { period, approved };
  });
}
