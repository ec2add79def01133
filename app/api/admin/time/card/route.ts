import { route } from "@/lib/http/route";
import { canReadPay } from "@/lib/services/pay/pay-access";
import { getTimeCard } from "@/lib/services/time/get-time-card";
import * as op from "@/lib/time/contracts";

/** The members' totals for the pay period containing `period` (default today): all of them, or a page with `page`. */
export const GET = route(op.getTimeCard, async ({ caller, query }) => {
  const { period, ...paging } = query;
  const card = await getTimeCard(period, { ...paging, withCost: canReadPay(caller) });
  // The punches ride along for the payroll detail export; the grid does not need them.
  return {
    ...card,
    rows: card.rows.map((row) => ({
      member: row.member,
      days: row.days,
      totals: row.totals,
      jurisdiction: row.jurisdiction,
      breakIssues: row.breakIssues,
      storedFigures: row.storedFigures,
      flags: row.flags,
      approval: row.approval,
      timeOff: row.timeOff,
      cost: row.cost,
    })),
  };
});
