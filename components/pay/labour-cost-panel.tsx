"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { businessToday } from "@/lib/dates";
import { longDay } from "@/lib/dates/day-labels";
import { formatMoney } from "@/lib/money";
import { useLabourCost, useLabourCostLines } from "@/lib/queries/pay";
import { LABOUR_COST_GROUPS, type LabourCostAnswer } from "@/lib/validations/pay";
import { CostLinesTable, minutesText } from "./labour-cost-card";

const GROUP_LABELS: Record<(typeof LABOUR_COST_GROUPS)[number], string> = {
  department: "Department",
  member: "Member",
  project: "Project",
  run: "Process run",
  case: "Memorial case",
};
const FILTER_OF = { department: "unitId", member: "userId", project: "projectId", run: "processRunId", case: "caseId" } as const;

/**
 * Labour cost on the statistics page (docs/time.md "Pay rates and labour cost"), for a caller with
 * pay.read only (the page decides; the API refuses everyone else): the pay period's cost by
 * department, member, project, process run or memorial case; each row opens to its minutes.
 */
export function LabourCostPanel() {
  const [by, setBy] = useState<(typeof LABOUR_COST_GROUPS)[number]>("department");
  const [day, setDay] = useState(businessToday());
  const [opened, setOpened] = useState<string | null>(null);
  const cost = useLabourCost(`by=${by}&period=${day}`);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Labour cost</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-end gap-3">
          <label className="text-sm text-slate-700">
            <span className="mb-1 block font-medium">By</span>
            <Select
              aria-label="Group labour cost by"
              value={by}
              onChange={(e) => {
                setBy(e.target.value as typeof by);
                setOpened(null);
              }}
              options={GROUP_LABELS}
            />
          </label>
          <label className="text-sm text-slate-700">
            <span className="mb-1 block font-medium">Pay period containing</span>
            <Input type="date" value={day} onChange={(e) => e.target.value && setDay(e.target.value)} />
          </label>
        </div>
        {cost.isError ? <p className="text-sm text-red-700">Could not load the labour cost.</p> : null}
        {cost.data ? <CostGroups data={cost.data} opened={opened} setOpened={setOpened} /> : null}
      </CardContent>
    </Card>
  );
}

function CostGroups({ data, opened, setOpened }: { data: LabourCostAnswer; opened: string | null; setOpened: (key: string | null) => void }) {
  const filterOf = (id: string | null) => (id === null ? (data.by === "department" ? "noTask=true" : null) : `${FILTER_OF[data.by]}=${id}`);
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">
        {longDay(data.range.from)} – {longDay(data.range.to)}: <span className="font-semibold text-slate-900" data-testid="labour-cost-period-total">{formatMoney(data.totalCents)}</span> for{" "}
        {minutesText(data.totalMinutes)}
        {data.unratedMinutes > 0 ? ` (${minutesText(data.unratedMinutes)} without a pay rate count as nothing)` : ""}
      </p>
      {data.groups.length === 0 ? <p className="text-sm text-slate-500">No time in this pay period.</p> : null}
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {data.groups.map((g) => {
          const filter = filterOf(g.id);
          const key = g.id ?? "none";
          return (
            <li key={key} className="px-3 py-2 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0 font-medium text-slate-900">{g.label}</span>
                <span className="flex items-center gap-3">
                  <span className="text-slate-600">{minutesText(g.minutes)}</span>
                  <span className="font-semibold text-slate-900">{formatMoney(g.cents)}</span>
                  {filter ? (
                    <Button variant="ghost" size="sm" aria-expanded={opened === key} onClick={() => setOpened(opened === key ? null : key)} aria-label={`The minutes behind ${g.label}`}>
                      {opened === key ? "Hide" : "Minutes"}
                    </Button>
                  ) : null}
                </span>
              </div>
              {opened === key && filter ? <GroupLines query={`${filter}&from=${data.range.from}&to=${data.range.to}`} /> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function GroupLines({ query }: { query: string }) {
  const lines = useLabourCostLines(query);
  if (lines.isError) return <p className="text-sm text-red-700">Could not load the minutes.</p>;
  if (!lines.data) return <p className="text-sm text-slate-500">Loading the minutes…</p>;
  return (
    <div className="mt-2">
      <CostLinesTable data={lines.data} />
    </div>
  );
}
