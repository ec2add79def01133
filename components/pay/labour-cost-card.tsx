"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { dayLabel } from "@/lib/dates/day-labels";
import { formatMoney, roundCents } from "@/lib/money";
import { useLabourCostLines } from "@/lib/queries/pay";
import { COST_PART_LABELS, type LabourCostLinesAnswer } from "@/lib/validations/pay";

/** "7 h 30 min" from minutes (fractions rounded to the minute). */
export const minutesText = (minutes: number) => {
  const m = Math.round(minutes);
  const h = Math.floor(m / 60);
  return h > 0 ? `${h} h${m % 60 ? ` ${m % 60} min` : ""}` : `${m} min`;
};

/**
 * A labour-cost figure (docs/time.md "Pay rates and labour cost") that opens to the minutes behind
 * it: a case's, a project's or a process run's task minutes × the rate in force that day and the
 * day's overtime mix. Rendered only for a caller with pay.read (the page decides; the API refuses
 * everyone else).
 */
export function LabourCostCard({ query, title = "Labour cost", what }: { query: string; title?: string; what: string }) {
  const lines = useLabourCostLines(query);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {lines.isPending ? <p className="text-sm text-slate-500">Loading the labour cost…</p> : null}
        {lines.isError ? <p className="text-sm text-red-700">Could not load the labour cost.</p> : null}
        {lines.data ? <LabourCostBody data={lines.data} what={what} /> : null}
      </CardContent>
    </Card>
  );
}

export function LabourCostBody({ data, what }: { data: LabourCostLinesAnswer; what: string }) {
  const [open, setOpen] = useState(false);
  if (data.lines.length === 0) return <p className="text-sm text-slate-500">No time clocked into {what} yet.</p>;
  return (
    <div className="space-y-3">
      <p>
        <span className="text-3xl font-semibold text-slate-900" data-testid="labour-cost-total">
          {formatMoney(data.totalCents)}
        </span>
        <span className="ml-2 text-sm text-slate-600">for {minutesText(data.totalMinutes)} of work</span>
      </p>
      {data.unratedMinutes > 0 ? <p className="text-xs text-amber-800">{minutesText(data.unratedMinutes)} by members without a pay rate count as nothing.</p> : null}
      <Button variant="secondary" size="sm" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
        {open ? "Hide the minutes" : `Show the minutes (${data.lines.length})`}
      </Button>
      {open ? <CostLinesTable data={data} /> : null}
    </div>
  );
}

export function CostLinesTable({ data }: { data: LabourCostLinesAnswer }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[36rem] text-left text-sm" aria-label="The minutes behind the cost">
        <thead className="border-b border-slate-200 text-xs text-slate-600">
          <tr>
            <th className="py-1 pr-3 font-medium">Day</th>
            <th className="py-1 pr-3 font-medium">Member</th>
            <th className="py-1 pr-3 font-medium">What</th>
            <th className="py-1 pr-3 text-right font-medium">Time</th>
            <th className="py-1 pr-3 text-right font-medium">Rate</th>
            <th className="py-1 text-right font-medium">Cost</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {data.lines.map((l, i) => (
            <tr key={`${l.date}-${l.member.id}-${l.task?.id ?? l.part}-${i}`}>
              <td className="py-1 pr-3 whitespace-nowrap">{dayLabel(l.date)}</td>
              <td className="py-1 pr-3">{l.member.name}</td>
              <td className="py-1 pr-3">{l.task ? `${l.task.displayNumber === null ? "" : `#${l.task.displayNumber} `}${l.task.title}` : COST_PART_LABELS[l.part]}</td>
              <td className="py-1 pr-3 text-right whitespace-nowrap">{minutesText(l.minutes)}</td>
              <td className="py-1 pr-3 text-right whitespace-nowrap">
                {formatMoney(roundCents(l.centsPerHour))}/h{l.multiplier !== 1 ? ` × ${Math.round(l.multiplier * 1000) / 1000}` : ""}
              </td>
              <td className="py-1 text-right whitespace-nowrap">{formatMoney(roundCents(l.cents))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-slate-200 font-medium">
          <tr>
            <td className="py-1 pr-3" colSpan={3}>
              Total (rounded once)
            </td>
            <td className="py-1 pr-3 text-right">{minutesText(data.totalMinutes)}</td>
            <td />
            <td className="py-1 text-right">{formatMoney(data.totalCents)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
