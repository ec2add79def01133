import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { accrueLockedPeriods } from "@/lib/services/time-off/policies";
import type { PayPeriod } from "@/lib/time/calc";
import { Selection, asDate, periodRow, resolveSelection } from "./period-selection";
import { storeLockedFigures } from "./store-locked-figures";

/**
 * POST /api/admin/time/locks: the second step. Locks the pay period of the given members (or every
 * active member); from then on every write of their time in it is refused (409). Members not
 * approved yet are locked too (the screen's confirmation counts them first) and the answer says how
 * many. Idempotent: a period already locked stays as it was. One audit row per member locked.
 * Each member's figures (days, totals, break issues) are stored on the lock row in the same transaction.
 */
export async function lockPeriod(caller: Pick<Caller, "userId">, input: Selection): Promise<{ period: PayPeriod; locked: number; notApproved: number }> {
  const result = await db.$transaction(async (tx) => {
    const { period, ids, rowOf, isLocked } = await resolveSelection(tx, input);
    const now = new Date();
    let locked = 0;
    let notApproved = 0;
    for (const id of ids) {
      if (isLocked(id)) continue;
      if (!rowOf.get(id)?.approvedAt) notApproved++;
      const data = { lockedAt: now, lockedById: caller.userId, unlockedAt: null, unlockedById: null, unlockReason: null, ...periodRow(period) };
      await tx.payPeriodLock.upsert({
        where: { userId_periodStart: { userId: id, periodStart: asDate(period.start) } },
        create: { userId: id, periodStart: asDate(period.start), ...data },
        update: data,
      });
      await recordAudit(tx, { actorId: caller.userId, action: "time.period.lock", entityType: "user", entityId: id, after: { period, approved: Boolean(rowOf.get(id)?.approvedAt) } });
      locked++;
    }
    // The figures as they are now, stored with the lock: a later change of the rules never moves them.
    await storeLockedFigures(tx, ids.filter((id) => !isLocked(id)), period, now);
    return { period, locked, notApproved };
  });
  // Time-off accrual from the period now locked (docs/schedules.md "Policies"). After the commit:
  // a failure here leaves the lock as it is, and the daily job writes what is missing.
  if (result.locked > 0) {
    await accrueLockedPeriods({ periodStart: result.period.start }).catch((error: unknown) => {
      console.error(JSON.stringify({ level: "error", source: "time-off", event: "accrual after lock failed", message: error instanceof Error ? error.message : String(error) }));
    });
  }
  return result;
}
