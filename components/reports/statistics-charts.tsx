"use client";

/**
 * The statistics page's charts (recharts). Loaded only by /statistics, through next/dynamic
 * (components/reports/statistics-screen.tsx), so recharts never enters another page's bundle.
 * Every chart draws one panel's table; the "View as table" toggle shows the same numbers.
 */
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { StatisticsResult, StatisticsTable } from "@/lib/validations/reports";
import type { StatisticsPanel } from "@/lib/validations/reports";

const COLORS = { a: "#4f46e5", b: "#0d9488", c: "#f59e0b", d: "#e11d48" };
const HEIGHT = 260;
/** Legend text in the body colour (series colours such as amber fail contrast as text). */
const legendProps = { wrapperStyle: { fontSize: 12 }, formatter: (value: string) => <span style={{ color: "#334155" }}>{value}</span> };
const shortWeek = (v: string) => {
  const [, m, d] = String(v).split("-");
  return m && d ? `${Number(m)}/${Number(d)}` : String(v);
};

function Frame({ label, children }: { label: string; children: React.ReactElement }) {
  return (
    <figure aria-label={label} className="w-full">
      <ResponsiveContainer width="100%" height={HEIGHT}>
        {children}
      </ResponsiveContainer>
    </figure>
  );
}

function WeeklyBarsAndLine({ table, bars, line, label, lineUnit }: { table: StatisticsTable; bars: Array<[string, string]>; line?: [string, string]; label: string; lineUnit?: string }) {
  const name = (key: string) => table.columns.find((c) => c.key === key)?.label ?? key;
  return (
    <Frame label={label}>
      <ComposedChart data={table.rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis dataKey={table.columns[0]!.key} tickFormatter={shortWeek} fontSize={12} minTickGap={12} />
        <YAxis yAxisId="left" fontSize={12} allowDecimals={false} />
        {line && <YAxis yAxisId="right" orientation="right" fontSize={12} unit={lineUnit} />}
        <Tooltip />
        <Legend {...legendProps} />
        {bars.map(([key, color]) => (
          <Bar key={key} yAxisId="left" dataKey={key} name={name(key)} fill={color} isAnimationActive={false} />
        ))}
        {line && <Line yAxisId={line ? "right" : "left"} type="monotone" dataKey={line[0]} name={name(line[0])} stroke={line[1]} strokeWidth={2} dot={false} isAnimationActive={false} />}
      </ComposedChart>
    </Frame>
  );
}

function CategoryBars({ table, bars, label, unit, max }: { table: StatisticsTable; bars: Array<[string, string]>; label: string; unit?: string; max?: number }) {
  const name = (key: string) => table.columns.find((c) => c.key === key)?.label ?? key;
  const height = Math.max(HEIGHT, table.rows.length * 28 + 60);
  return (
    <figure aria-label={label} className="w-full">
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={table.rows} layout="vertical" margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis type="number" fontSize={12} unit={unit} domain={max ? [0, max] : undefined} />
          <YAxis type="category" dataKey={table.columns[0]!.key} fontSize={12} width={110} tickFormatter={(v: string) => (v.length > 16 ? `${v.slice(0, 15)}…` : v)} />
          <Tooltip />
          {bars.length > 1 && <Legend {...legendProps} />}
          {bars.map(([key, color]) => (
            <Bar key={key} dataKey={key} name={name(key)} fill={color} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** Punch-ins by weekday and hour: a grid of cells shaded by count. */
function Heatmap({ table }: { table: StatisticsTable }) {
  const hours = table.columns.slice(1);
  const max = Math.max(1, ...table.rows.flatMap((r) => hours.map((h) => Number(r[h.key] ?? 0))));
  return (
    // Scrolls sideways on a narrow phone: focusable, so a keyboard can scroll it too (axe
    // scrollable-region-focusable; the table view's regions do the same).
    <figure aria-label="Punch-ins by weekday and hour" tabIndex={0} className="overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-indigo-600">
      <div className="grid min-w-[320px] gap-px text-[10px]" style={{ gridTemplateColumns: `2.5rem repeat(${hours.length}, minmax(0, 1fr))` }}>
        <span />
        {hours.map((h, i) => (
          <span key={h.key} className="text-center text-slate-500">
            {i % 2 === 0 ? h.label.slice(0, 2) : ""}
          </span>
        ))}
        {table.rows.map((r) => (
          <div key={String(r.weekday)} className="contents">
            <span className="pr-1 text-right text-xs leading-5 text-slate-600">{r.weekday}</span>
            {hours.map((h) => {
              const n = Number(r[h.key] ?? 0);
              return <span key={h.key} title={`${r.weekday} ${h.label}: ${n}`} className="h-5 rounded-sm" style={{ backgroundColor: n ? `rgba(79, 70, 229, ${0.15 + (0.85 * n) / max})` : "#f1f5f9" }} />;
            })}
          </div>
        ))}
      </div>
    </figure>
  );
}

function RecurringLines({ table }: { table: StatisticsTable }) {
  return (
    <Frame label="Recurring occurrences created and completed by week">
      <LineChart data={table.rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis dataKey="week" tickFormatter={shortWeek} fontSize={12} minTickGap={12} />
        <YAxis fontSize={12} allowDecimals={false} />
        <Tooltip />
        <Legend {...legendProps} />
        <Line type="monotone" dataKey="created" name="Occurrences created" stroke={COLORS.a} strokeWidth={2} isAnimationActive={false} />
        <Line type="monotone" dataKey="completed" name="Occurrences completed" stroke={COLORS.b} strokeWidth={2} isAnimationActive={false} />
      </LineChart>
    </Frame>
  );
}

function Sub({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0 space-y-1">
      <h3 className="text-sm font-medium text-slate-700">{title}</h3>
      {children}
    </div>
  );
}

/** The chart(s) of one panel. */
export default function PanelChart({ panel, data }: { panel: StatisticsPanel; data: StatisticsResult }) {
  const t = data.tables;
  switch (panel) {
    case "throughput":
      return <WeeklyBarsAndLine label="Tasks created and completed by week, with the open backlog" table={t.weekly!} bars={[["created", COLORS.a], ["completed", COLORS.b]]} line={["backlog", COLORS.c]} />;
    case "on-time":
      return (
        <div className="grid gap-4 md:grid-cols-2">
          <Sub title="By department">
            <CategoryBars label="On-time rate by department" table={t.byDepartment!} bars={[["rate", COLORS.b]]} unit="%" max={100} />
          </Sub>
          <Sub title="By priority">
            <CategoryBars label="On-time rate by priority" table={t.byPriority!} bars={[["rate", COLORS.a]]} unit="%" max={100} />
          </Sub>
        </div>
      );
    case "cycle-time":
      return <CategoryBars label="Cycle time by department, median and 90th percentile, in hours" table={t.byDepartment!} bars={[["median", COLORS.a], ["p90", COLORS.c]]} unit="h" />;
    case "overdue":
      return <CategoryBars label="Overdue tasks by age" table={t.byAge!} bars={[["tasks", COLORS.d]]} />;
    case "hours":
      return (
        <div className="grid gap-4 md:grid-cols-2">
          <Sub title="By week">
            <WeeklyBarsAndLine label="Hours worked and hours on tasks by week, with the focus rate" table={t.byWeek!} bars={[["punchHours", COLORS.a], ["taskHours", COLORS.b]]} line={["focusRate", COLORS.c]} lineUnit="%" />
          </Sub>
          <Sub title="Focus rate by department">
            <CategoryBars label="Focus rate by department" table={t.byDepartment!} bars={[["focusRate", COLORS.c]]} unit="%" />
          </Sub>
        </div>
      );
    case "punch-patterns":
      return (
        <div className="grid gap-4 md:grid-cols-2">
          <Sub title="Punch-ins by weekday and hour">
            <Heatmap table={t.heatmap!} />
          </Sub>
          <Sub title="Forgotten punch-outs by week">
            {t.forgotten!.rows.length ? <WeeklyBarsAndLine label="Forgotten punch-outs by week" table={t.forgotten!} bars={[["forgotten", COLORS.d]]} /> : <p className="text-sm text-slate-500">No forgotten punch-outs in this range.</p>}
          </Sub>
        </div>
      );
    case "pickups":
      return (
        <div className="grid gap-4 md:grid-cols-2">
          <Sub title="By week">
            <WeeklyBarsAndLine label="Pickups claimed and completed by week" table={t.byWeek!} bars={[["claimed", COLORS.a], ["completed", COLORS.b]]} line={["medianHours", COLORS.c]} lineUnit="h" />
          </Sub>
          <Sub title="By member">
            <CategoryBars label="Pickups by member" table={t.byMember!} bars={[["claimed", COLORS.a], ["completed", COLORS.b]]} />
          </Sub>
        </div>
      );
    case "recurring":
      return <RecurringLines table={t.weekly!} />;
  }
}
