"use client";

import dynamic from "next/dynamic";
import { offlineSafe } from "@/components/ui/offline-safe";
import { useState, type ReactNode } from "react";
import { DepartmentPicker } from "@/components/org/department-picker";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { getFriendlyError } from "@/lib/api-client";
import { addDays, BUSINESS_TIME_ZONE, businessToday } from "@/lib/dates";
import { useStatistics, type StatisticsFilters } from "@/lib/queries/reports";
import type { StatisticsResult, StatisticsTable } from "@/lib/validations/reports";
import { STATISTICS_MAX_DAYS } from "@/lib/reports/options";
import type { StatisticsPanel } from "@/lib/validations/reports";
import { toCsv } from "./statistics-csv";

function ChartSkeleton() {
  return <div className="h-64 w-full animate-pulse rounded-md bg-slate-100" aria-hidden="true" />;
}

/** recharts is loaded here only, on /statistics (never in the dashboard's bundle). */
const PanelChart = dynamic(offlineSafe(() => import("./statistics-charts").then((m) => m.default)), { ssr: false, loading: () => <ChartSkeleton /> });

const PANELS: Array<{ panel: StatisticsPanel; title: string; question: string }> = [
  { panel: "throughput", title: "Created vs completed", question: "Are we keeping up? Tasks created and completed each week, and the open backlog." },
  { panel: "on-time", title: "On-time rate", question: "Completed by the due date (business time zone), by department and by priority." },
  { panel: "cycle-time", title: "Cycle time", question: "Where do tasks get stuck? Hours from created to completed: median and 90th percentile." },
  { panel: "overdue", title: "Overdue by age", question: "Tasks past their due date and not completed, by how long they are late." },
  { panel: "hours", title: "Hours and focus rate", question: "Where do the hours go? Hours worked (punches) against hours on tasks." },
  { panel: "punch-patterns", title: "Punch patterns", question: "When people punch in, and punch-outs that were forgotten." },
  { panel: "pickups", title: "Pickups", question: "Tasks claimed from Available Tasks: how many, how fast, and by whom." },
  { panel: "recurring", title: "Recurring tasks", question: "Occurrences of recurring tasks created against completed." },
];

const TABLE_TITLES: Record<string, string> = {
  weekly: "By week",
  byWeek: "By week",
  byDepartment: "By department",
  byPriority: "By priority",
  byAge: "By age",
  byMember: "By member",
  heatmap: "Punch-ins by weekday and hour",
  forgotten: "Forgotten punch-outs",
};

const todayKey = (offsetDays = 0): string => addDays(businessToday(), offsetDays);

/** Whether a panel has nothing to show: no rows, or only zeros. */
export function isEmptyResult(result: StatisticsResult): boolean {
  return Object.values(result.tables).every((t) => t.rows.every((row) => t.columns.slice(1).every((c) => !row[c.key])));
}

/**
 * /statistics: eight panels, each one read (GET /api/statistics/{panel}), with the shared date
 * range and department filter, a chart, a "View as table" toggle, a CSV export per table, a
 * loading skeleton and an empty state.
 */
export function StatisticsScreen() {
  const [from, setFrom] = useState(() => todayKey(-89));
  const [to, setTo] = useState(() => todayKey());
  const [unitId, setUnitId] = useState<string | null>(null);
  const invalid = !from || !to || from > to ? "The start must be on or before the end" : (Date.parse(to) - Date.parse(from)) / 86_400_000 > STATISTICS_MAX_DAYS ? `The range is at most ${STATISTICS_MAX_DAYS} days` : null;
  const [applied, setApplied] = useState<StatisticsFilters>({ from, to, unitId: null });
  const apply = (next: Partial<StatisticsFilters>) => {
    const merged = { from, to, unitId, ...next };
    if (merged.from && merged.to && merged.from <= merged.to && (Date.parse(merged.to) - Date.parse(merged.from)) / 86_400_000 <= STATISTICS_MAX_DAYS) setApplied(merged);
  };
  const preset = (days: number) => {
    const f = todayKey(-(days - 1));
    const t = todayKey();
    setFrom(f);
    setTo(t);
    apply({ from: f, to: t });
  };

  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-semibold text-slate-900">Statistics</h1>
      <section aria-label="Filters" className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-1.5">
          <Label htmlFor="stats-from">From</Label>
          <Input id="stats-from" type="date" value={from} max={to} aria-invalid={invalid ? true : undefined} onChange={(e) => { setFrom(e.target.value); apply({ from: e.target.value }); }} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="stats-to">To</Label>
          <Input id="stats-to" type="date" value={to} min={from} aria-invalid={invalid ? true : undefined} onChange={(e) => { setTo(e.target.value); apply({ to: e.target.value }); }} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="stats-department">Department</Label>
          <DepartmentPicker loadOnUse id="stats-department" value={unitId} placeholder="All departments" onChange={(v) => { setUnitId(v); apply({ unitId: v }); }} />
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <Button variant="secondary" size="sm" onClick={() => preset(30)}>Last 30 days</Button>
          <Button variant="secondary" size="sm" onClick={() => preset(90)}>Last 90 days</Button>
          <Button variant="secondary" size="sm" onClick={() => preset(365)}>Last year</Button>
        </div>
        {invalid && <p className="text-sm text-red-600 sm:col-span-2 lg:col-span-4" role="alert">{invalid}</p>}
      </section>
      <p className="text-xs text-slate-500">Days and weeks are in the business time zone ({BUSINESS_TIME_ZONE}). Hours are raw punch and task-time durations.</p>
      <div className="grid gap-5 xl:grid-cols-2">
        {PANELS.map((p) => (
          <StatisticsPanelCard key={p.panel} {...p} filters={applied} wide={p.panel === "hours" || p.panel === "punch-patterns" || p.panel === "pickups" || p.panel === "on-time"} />
        ))}
      </div>
    </div>
  );
}

function StatisticsPanelCard({ panel, title, question, filters, wide }: { panel: StatisticsPanel; title: string; question: string; filters: StatisticsFilters; wide: boolean }) {
  const query = useStatistics(panel, filters);
  const [asTable, setAsTable] = useState(false);
  const data = query.data;
  const empty = data ? isEmptyResult(data) : false;
  let body: ReactNode;
  if (query.isPending) body = <ChartSkeleton />;
  else if (query.isError) body = <EmptyState title="Could not load this chart" description={getFriendlyError(query.error).description} action={<Button size="sm" onClick={() => query.refetch()}>Try Again</Button>} />;
  else if (!data || empty) body = <EmptyState title="No data for this range" description="Try a longer date range or another department." />;
  else if (asTable) body = <Tables data={data} title={title} />;
  else body = <PanelChart panel={panel} data={data} />;

  return (
    // min-w-0: a grid item may shrink below its content, so a wide table scrolls inside its region instead of widening the page.
    <Card className={wide ? "min-w-0 xl:col-span-2" : "min-w-0"} data-testid={`stat-panel-${panel}`} aria-busy={query.isFetching || undefined}>
      <CardHeader className="flex flex-wrap items-start justify-between gap-2 space-y-0">
        <div className="min-w-0 flex-1 space-y-1">
          <CardTitle as="h2">{title}</CardTitle>
          <p className="text-sm text-slate-600">{question}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" aria-pressed={asTable} disabled={!data || empty} onClick={() => setAsTable((v) => !v)}>
            {asTable ? "View as chart" : "View as table"}
          </Button>
          {data && !empty &&
            Object.entries(data.tables).map(([id, table]) => (
              <Button key={id} variant="ghost" size="sm" onClick={() => downloadCsv(`${panel}-${id}-${data.from}-${data.to}.csv`, table)} aria-label={`Export CSV: ${title}, ${TABLE_TITLES[id] ?? id}`}>
                {Object.keys(data.tables).length > 1 ? `CSV: ${TABLE_TITLES[id] ?? id}` : "Export CSV"}
              </Button>
            ))}
        </div>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

function Tables({ data, title }: { data: StatisticsResult; title: string }) {
  return (
    <div className="space-y-4">
      {Object.entries(data.tables).map(([id, table]) => (
        // A scrollable region: focusable and named, so keyboard users can scroll it (axe scrollable-region-focusable).
        <div key={id} className="max-h-96 overflow-auto rounded-md border border-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-600" tabIndex={0} role="region" aria-label={`${title}: ${TABLE_TITLES[id] ?? id}`}>
          <table className="w-full text-sm" data-testid="stat-table">
            <caption className="bg-slate-50 px-3 py-2 text-left text-xs font-medium text-slate-700">
              {title}: {TABLE_TITLES[id] ?? id}
            </caption>
            <thead className="sticky top-0 bg-white text-left text-xs text-slate-600">
              <tr>
                {table.columns.map((c) => (
                  <th key={c.key} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {table.rows.map((row, i) => (
                <tr key={i}>
                  {table.columns.map((c, j) =>
                    j === 0 ? (
                      <th key={c.key} scope="row" className="px-3 py-1.5 text-left font-normal whitespace-nowrap">
                        {row[c.key] ?? "—"}
                      </th>
                    ) : (
                      <td key={c.key} className="px-3 py-1.5 text-right tabular-nums">
                        {row[c.key] ?? "—"}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}

function downloadCsv(name: string, table: StatisticsTable) {
  const blob = new Blob([toCsv(table)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
