"use client";

import { dayLabel } from "@/lib/dates/day-labels";
import { formatMoney } from "@/lib/money";
import { useScheduleCost } from "@/lib/queries/pay";

/** The strip's two rows: each day's figure and the week's, scheduled then worked. */
const COST_ROWS = [
  { label: "Scheduled", day: "scheduledCents", total: "scheduledCents", testId: "scheduled-cost" },
  { label: "Worked", day: "workedCents", total: "workedCents", testId: "worked-cost" },
] as const;

/**
 * The schedule grid's cost strip (docs/time.md "Pay rates and labour cost"), for pay.read only:
 * each day's scheduled cost (its shifts at the rates in force) beside its worked cost, and the
 * week's. Its own component, outside the grid's cells and drag code.
 */
export function ScheduleCost({ week }: { week: string }) {
  const cost = useScheduleCost(week);
  if (cost.isError) return <p className="text-sm text-red-700">Could not load the week&apos;s cost.</p>;
  if (!cost.data) return null;
  const d = cost.data;
  return (
    <section aria-label="Scheduled and worked cost" tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-indigo-600">
      <table className="w-full min-w-[40rem] text-sm">
        <thead className="bg-slate-50 text-xs text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-1.5 text-left font-medium">
              Cost
            </th>
            {d.days.map((day) => (
              <th key={day.date} scope="col" className="px-2 py-1.5 text-right font-medium">
                {dayLabel(day.date)}
              </th>
            ))}
            <th scope="col" className="px-3 py-1.5 text-right font-medium">
              Week
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {COST_ROWS.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="px-3 py-1.5 text-left font-medium text-slate-700">
                {row.label}
              </th>
              {d.days.map((day) => (
                <td key={day.date} className="px-2 py-1.5 text-right">
                  {day[row.day] ? formatMoney(day[row.day]) : "–"}
                </td>
              ))}
              <td className="px-3 py-1.5 text-right font-semibold" data-testid={row.testId}>
                {formatMoney(d[row.total])}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {d.unratedShifts > 0 ? <p className="px-3 py-1.5 text-xs text-amber-800">{d.unratedShifts} open shifts or shifts of members without a pay rate count as nothing.</p> : null}
    </section>
  );
}
