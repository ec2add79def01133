"use client";

import { useState } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Select } from "@/components/ui/select";
import { getFriendlyError } from "@/lib/api-client";
import { SERVICE_TYPE_LABELS } from "@/lib/cases/stations";
import { addDays, dateKeyOf } from "@/lib/dates";
import { useCaseTurnaround } from "@/lib/queries/cases";
import { hoursLabel } from "./case-badges";

const RANGES = [
  { value: "30", label: "Last 30 days" },
  { value: "90", label: "Last 90 days" },
  { value: "365", label: "Last 12 months" },
  { value: "all", label: "All time" },
] as const;

/**
 * /statistics: how long a case takes from intake to its end (returned; a communal case's
 * chamber-out), by service type: count, average, median and the longest, for cases that ended in
 * the chosen window.
 */
export function TurnaroundPanel() {
  const [range, setRange] = useState<(typeof RANGES)[number]["value"]>("90");
  const today = dateKeyOf(new Date());
  const query = useCaseTurnaround(range === "all" ? {} : { from: addDays(today, -Number(range) + 1), to: today });
  const rows = query.data?.byServiceType ?? [];
  const hours = (h: number | null) => (h === null ? "—" : hoursLabel(h));
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="space-y-1">
          <CardTitle as="h2">Case turnaround</CardTitle>
          <p className="text-sm text-slate-600">How long from intake to return? Memorial cases that ended in the period, by service type.</p>
        </div>
        <Select aria-label="Turnaround period" value={range} onChange={(e) => setRange(e.target.value as typeof range)} className="w-44">
          {RANGES.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </Select>
      </CardHeader>
      <CardContent>
        {query.isError ? (
          <p className="text-sm text-red-700">{getFriendlyError(query.error).title}</p>
        ) : (
          // Focusable, so a keyboard can scroll the table on a phone (axe: scrollable-region-focusable).
          <div className="overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-indigo-600" role="region" aria-label="Case turnaround" tabIndex={0}>
            <table className="min-w-full text-sm" aria-busy={query.isFetching}>
              <caption className="sr-only">Turnaround from intake to return by service type</caption>
              <thead className="text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    Service type
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Cases
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Average
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Median
                  </th>
                  <th scope="col" className="py-2 pl-3 text-right">
                    Longest
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {query.isPending ? (
                  <tr>
                    <td colSpan={5} className="py-4 text-slate-600">
                      Loading…
                    </td>
                  </tr>
                ) : (
                  rows.map((row) => (
                    <tr key={row.serviceType}>
                      <th scope="row" className="py-2 pr-3 text-left font-medium text-slate-900">
                        {SERVICE_TYPE_LABELS[row.serviceType]}
                      </th>
                      <td className="px-3 py-2 text-right tabular-nums">{row.count}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{hours(row.averageHours)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{hours(row.medianHours)}</td>
                      <td className="py-2 pl-3 text-right tabular-nums">{hours(row.maxHours)}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
