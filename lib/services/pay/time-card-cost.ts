import "server-only";
import type { DateKey } from "@/lib/dates";
import { roundCents } from "@/lib/money";
import type { CostPart } from "@/lib/pay/cost";
import type { TimeCardCost } from "@/lib/validations/pay";
import { costRange, type CostedMemberDay } from "./labour-cost-core";

/**
 * The time card's cost figures for these members and the period (only for a caller who may read
 * pay: the time card's service asks for them then): per day and per part, each figure rounded
 * once from its unrounded sum. Computed by the same code as every other cost figure, so the
 * statistics, cases and drill-downs reconcile with it to the cent.
 */
export async function timeCardCosts(userIds: readonly string[], from: DateKey, to: DateKey, dates: readonly DateKey[], now: Date): Promise<Map<string, TimeCardCost>> {
  const range = await costRange(userIds, from, to, now);
  const out = new Map<string, TimeCardCost>();
  for (const userId of userIds) {
    const mine = range.days.get(userId) ?? new Map<DateKey, CostedMemberDay>();
    const parts: Record<CostPart, number> = { regular: 0, overtime: 0, doubleTime: 0, premium: 0, pto: 0 };
    let total = 0;
    let unratedMinutes = 0;
    for (const d of mine.values()) {
      for (const l of d.cost.lines) parts[l.part] += l.cents;
      total += d.cost.cents;
      unratedMinutes += d.cost.unratedMinutes;
    }
    out.set(userId, {
      days: dates.map((date) => ({ date, cents: roundCents(mine.get(date)?.cost.cents ?? 0) })),
      regularCents: roundCents(parts.regular),
      overtimeCents: roundCents(parts.overtime),
      doubleTimeCents: roundCents(parts.doubleTime),
      premiumCents: roundCents(parts.premium),
      ptoCents: roundCents(parts.pto),
      totalCents: roundCents(total),
      unratedMinutes,
    });
  }
  return out;
}
