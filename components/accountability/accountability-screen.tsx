"use client";

import { useState } from "react";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { getFriendlyError } from "@/lib/api-client";
import { accountabilityExportUrl, useAccountability, useAccountabilityDetails } from "@/lib/queries/accountability";
import { addDays, businessToday, formatDateTime, weekStart } from "@/lib/dates";
import { hours } from "@/lib/time/calc";
import type { AccountabilityMetric, AccountabilityRow } from "@/lib/validations/accountability";

function presetPeriod(preset: string, today: string): { from: string; to: string } {
  const monday = weekStart(today, 1);
  switch (preset) {
    case "last-week":
      return { from: addDays(monday, -7), to: addDays(monday, -1) };
    case "this-month":
      return { from: `${today.slice(0, 8)}01`, to: today };
    case "last-30":
      return { from: addDays(today, -29), to: today };
    default:
      return { from: monday, to: today };
  }
}

const COLUMNS: { metric: AccountabilityMetric | null; label: string; value: (r: AccountabilityRow) => string | number }[] = [
  { metric: "overdue", label: "Overdue tasks", value: (r) => r.overdue },
  { metric: "completedLate", label: "Completed late", value: (r) => r.completedLate },
  { metric: null, label: "On-time rate", value: (r) => (r.onTimeRate === null ? "—" : `${r.onTimeRate}%`) },
  { metric: "openPickups", label: "Open pickups", value: (r) => r.openPickups },
  { metric: "scheduledMinutes", label: "Scheduled hours", value: (r) => hours(r.scheduledMinutes * 60_000) },
  { metric: "workedMinutes", label: "Worked hours", value: (r) => hours(r.workedMinutes * 60_000) },
  { metric: "noShows", label: "No-shows", value: (r) => r.noShows },
  { metric: "missedPunchIns", label: "Missed punch-ins", value: (r) => r.missedPunchIns },
  { metric: "latePunchIns", label: "Late punch-ins", value: (r) => r.latePunchIns },
  { metric: "forgottenPunchOuts", label: "Forgotten punch-outs", value: (r) => r.forgottenPunchOuts },
  { metric: "timeCorrections", label: "Time corrections", value: (r) => r.timeCorrections },
];

type Drill = { metric: AccountabilityMetric; label: string; name: string; userId?: string; unitId?: string };

/** /admin/accountability: who owes what, per member and department, for a period; drill-downs and CSV. */
export function AccountabilityScreen() {
  const today = businessToday();
  const [preset, setPreset] = useState("this-week");
  const [period, setPeriod] = useState(() => presetPeriod("this-week", today));
  const [drill, setDrill] = useState<Drill | null>(null);
  const data = useAccountability(period);

  const choose = (value: string) => {
    setPreset(value);
    if (value !== "custom") setPeriod(presetPeriod(value, today));
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Accountability</h1>
        <p className="mt-1 text-sm text-slate-600">Who owes what: late and overdue work, open pickups, scheduled against worked hours, no-shows, punch-ins against the shift or expected start, forgotten punch-outs and time corrections.</p>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <label className="text-sm font-medium text-slate-700">
          Period
          <Select value={preset} onChange={(e) => choose(e.target.value)} className="mt-1 sm:w-44">
            <option value="this-week">This week</option>
            <option value="last-week">Last week</option>
            <option value="this-month">This month</option>
            <option value="last-30">Last 30 days</option>
            <option value="custom">Custom</option>
          </Select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          From
          <Input type="date" value={period.from} max={period.to} onChange={(e) => e.target.value && (setPreset("custom"), setPeriod({ ...period, from: e.target.value }))} className="mt-1 sm:w-44" />
        </label>
        <label className="text-sm font-medium text-slate-700">
          To
          <Input type="date" value={period.to} min={period.from} onChange={(e) => e.target.value && (setPreset("custom"), setPeriod({ ...period, to: e.target.value }))} className="mt-1 sm:w-44" />
        </label>
        <a href={accountabilityExportUrl(period)} download className={buttonClasses({ variant: "secondary" })} data-testid="accountability-export">
          Export CSV
        </a>
      </div>

      {data.isError ? (
        <EmptyState title={getFriendlyError(data.error).title} description={getFriendlyError(data.error).description} />
      ) : !data.data ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" />
        </div>
      ) : (
        <>
          <FiguresTable title="Members" rows={data.data.members} kind="userId" onDrill={setDrill} />
          <FiguresTable title="Departments" rows={data.data.departments} kind="unitId" onDrill={setDrill} />
        </>
      )}

      {drill ? <DrillDialog drill={drill} period={period} onClose={() => setDrill(null)} /> : null}
    </div>
  );
}

function FiguresTable({ title, rows, kind, onDrill }: { title: string; rows: AccountabilityRow[]; kind: "userId" | "unitId"; onDrill: (d: Drill) => void }) {
  return (
    <section aria-labelledby={`acc-${kind}`} className="space-y-2">
      <h2 id={`acc-${kind}`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">None.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full text-sm">
            <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-600">
              <tr>
                <th scope="col" className="sticky left-0 bg-slate-50 px-3 py-2">
                  Name
                </th>
                {COLUMNS.map((c) => (
                  <th key={c.label} scope="col" className="px-3 py-2 text-right whitespace-nowrap">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.id} data-testid={`acc-row-${kind}`}>
                  <th scope="row" className="sticky left-0 bg-white px-3 py-2 text-left font-medium text-slate-900">
                    <span className="block max-w-40 truncate sm:max-w-64">{row.name}</span>
                    <span className="block max-w-40 truncate text-xs font-normal text-slate-500 sm:max-w-64">{row.detail}</span>
                  </th>
                  {COLUMNS.map((c) => {
                    const value = c.value(row);
                    const none = value === 0 || value === hours(0);
                    return (
                      <td key={c.label} className="px-3 py-2 text-right tabular-nums">
                        {c.metric && !none ? (
                          <button
                            type="button"
                            className="rounded px-1 font-medium text-indigo-700 underline-offset-2 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                            aria-label={`${c.label} of ${row.name}: ${value}. Show the list`}
                            onClick={() => onDrill({ metric: c.metric!, label: c.label, name: row.name, [kind]: row.id })}
                          >
                            {value}
                          </button>
                        ) : (
                          <span className={none ? "text-slate-500" : ""}>{value}</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function DrillDialog({ drill, period, onClose }: { drill: Drill; period: { from: string; to: string }; onClose: () => void }) {
  const details = useAccountabilityDetails({ ...period, metric: drill.metric, ...(drill.userId ? { userId: drill.userId } : {}), ...(drill.unitId ? { unitId: drill.unitId } : {}) });
  return (
    <Dialog open onClose={onClose} title={`${drill.label}: ${drill.name}`} description={`${period.from} to ${period.to}`} size="lg">
      {details.isError ? (
        <p className="text-sm text-slate-600">{getFriendlyError(details.error).title}</p>
      ) : !details.data ? (
        <Spinner />
      ) : details.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing in this period.</p>
      ) : (
        <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto text-sm" aria-label={drill.label}>
          {details.data.items.map((item) => (
            <li key={item.id} className="py-2">
              {item.href ? (
                <Link href={item.href} className="font-medium break-words text-indigo-700 hover:underline">
                  {item.label}
                </Link>
              ) : (
                <span className="font-medium break-words text-slate-900">{item.label}</span>
              )}
              <p className="text-slate-600">
                {item.when ? <time dateTime={item.when}>{formatDateTime(item.when)}</time> : null}
                {item.detail ? ` · ${item.detail}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
