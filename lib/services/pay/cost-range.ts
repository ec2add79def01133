import "server-only";
import { BUSINESS_TIME_ZONE, daysBetween, type DateKey } from "@/lib/dates";
import { badRequest } from "@/lib/http/app-error";
import { dayOf, payPeriodOf } from "@/lib/time/calc";
import { getTimePolicy } from "@/lib/services/time/policy";

export const MAX_COST_RANGE_DAYS = 366;

/** The range a cost query asks for: `from`..`to`, else the pay period containing `period` (default today). */
export async function resolveCostRange(query: { period?: string; from?: string; to?: string }, now: Date): Promise<{ from: DateKey; to: DateKey }> {
  if (query.from && query.to) {
    if (daysBetween(query.from, query.to) >= MAX_COST_RANGE_DAYS) throw badRequest(`to must be at most ${MAX_COST_RANGE_DAYS} days after from`, { field: "to" });
    return { from: query.from, to: query.to };
  }
  const period = payPeriodOf(query.period ?? dayOf(now, BUSINESS_TIME_ZONE), await getTimePolicy());
  return { from: period.start, to: period.end };
}
