import "server-only";
import { BUSINESS_TIME_ZONE, WEEK_STARTS_ON, weekStart } from "@/lib/dates";
import { rangeInstants } from "@/lib/dates/instants";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { PayPeriod } from "@/lib/time/calc";
import { loadRuleContext } from "./figures";
import { loadPunches } from "./load-time";
import { getTimePolicy } from "./policy";
import { asDate } from "./period-selection";

/**
 * Stores the figures of `userIds` for `period` on their lock rows (pay_period_locks.figures), as the
 * time card computes them now: the rules in force, the waivers given. The time card reads them for
 * as long as the period stays locked (docs/time.md "Closed periods"). Called by lockPeriod inside
 * its transaction.
 */
export async function storeLockedFigures(tx: Prisma.TransactionClient, userIds: readonly string[], period: PayPeriod, now: Date): Promise<void> {
  if (userIds.length === 0) return;
  const timeZone = BUSINESS_TIME_ZONE;
  const window = rangeInstants(weekStart(period.start, WEEK_STARTS_ON), period.end, timeZone);
  // All inside the lock's transaction, one after the other: a second connection from the pool could
  // wait behind edits that wait for this transaction's member locks.
  const policy = await getTimePolicy(tx);
  const rules = await loadRuleContext(userIds, period.start, period.end, tx);
  const punches = await loadPunches([...userIds], window.startsAt, window.endsAt, tx);
  const punchesOf = Map.groupBy(punches, (p) => p.userId);
  for (const userId of userIds) {
    const figures = rules.figuresOf(userId, punchesOf.get(userId) ?? [], policy, { timeZone, weekStartsOn: WEEK_STARTS_ON, now }, period);
    await tx.payPeriodLock.update({
      where: { userId_periodStart: { userId, periodStart: asDate(period.start) } },
      data: { figures: figures as unknown as Prisma.InputJsonValue },
    });
  }
}
