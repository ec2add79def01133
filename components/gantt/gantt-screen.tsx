"use client";

import dynamic from "next/dynamic";
import { offlineSafe } from "@/components/ui/offline-safe";
import { useMemo, useState, useSyncExternalStore } from "react";
import { useMinuteClock } from "@/components/shell/use-minute-clock";
import { AssigneePicker } from "@/components/org/assignee-picker";
import { DepartmentPicker } from "@/components/org/department-picker";
import { ProjectSelect } from "@/components/projects/project-select";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { getFriendlyError } from "@/lib/api-client";
import { businessDayOf } from "@/lib/gantt/timeline-model";
import { ZOOM_LABELS, ZOOMS, type Zoom } from "@/lib/gantt/scale";
import { useTimeline, type TimelineFilters } from "@/lib/queries/gantt";
import { combineDayAndTime } from "@/lib/dates/day-time";
import { ACTIVE_STATUSES } from "@/lib/tasks/dashboard-defaults";
import { STATUS_LABELS, TASK_STATUSES } from "@/lib/tasks/options";
import { GanttAgenda } from "./gantt-agenda";
import { formatCount } from "@/lib/numbers";
import { addDays } from "@/lib/dates";

/** The chart (pointer drag, virtualised rows) is its own chunk, loaded on /gantt only. */
const GanttChart = dynamic(offlineSafe(() => import("./gantt-chart").then((m) => m.GanttChart)), {
  ssr: false,
  loading: () => (
    <div className="flex justify-center py-16">
      <Spinner size="lg" label="Loading the chart" />
    </div>
  ),
});

const PHONE = "(max-width: 639px)";
const subscribePhone = (onChange: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};

function useIsPhone(): boolean | null {
  return useSyncExternalStore(
    subscribePhone,
    () => window.matchMedia(PHONE).matches,
    () => null,
  );
}

/** A month back and two ahead, as business days (the same all day long, so the query key holds). */
const defaultRange = (now: number) => ({ from: addDays(businessDayOf(now), -30), to: addDays(businessDayOf(now), 60) });

/**
 * /gantt (spec §2, "Gantt Chart"): the task list's filters, a date range and a zoom; the chart
 * from 640 px up, a dated agenda grouped by week below (docs/gantt.md).
 */
export function GanttScreen() {
  const isPhone = useIsPhone();
  const clock = useMinuteClock();
  // The default window is around today, known only in the browser; a chosen one replaces it.
  const [chosenRange, setRange] = useState<{ from: string; to: string } | null>(null);
  const range = chosenRange ?? (clock === null ? null : defaultRange(clock));
  const [scope, setScope] = useState<"all" | "mine">("all");
  const [status, setStatus] = useState<string>(ACTIVE_STATUSES);
  const [unitId, setUnitId] = useState<string | null>(null);
  const [assigneeId, setAssigneeId] = useState<string | null>(null);
  const [projectId, setProjectId] = useState<string>("");
  const [zoom, setZoom] = useState<Zoom>("day");
  const [shiftSuccessors, setShiftSuccessors] = useState(false);

  const filters: TimelineFilters | null = useMemo(() => {
    if (!range) return null;
    return {
      from: combineDayAndTime(range.from, null, "start").toISOString(),
      to: new Date(combineDayAndTime(range.to, null, "due").getTime() + 1).toISOString(),
      status: status || undefined,
      unitId,
      assigneeId,
      projectId: projectId || undefined,
      mine: scope === "mine" || undefined,
    };
  }, [range, status, unitId, assigneeId, projectId, scope]);

  const validRange = range !== null && range.from !== "" && range.to !== "" && range.from <= range.to;
  const timeline = useTimeline(filters ?? { from: "", to: "" }, { enabled: Boolean(filters) && validRange });
  const data = timeline.data;

  return (
    <div className="mx-auto max-w-[100rem] space-y-4 px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Gantt Chart</h1>
        {isPhone === false && (
          <div className="flex flex-wrap items-center gap-2">
            <div role="group" aria-label="Zoom" className="inline-flex overflow-hidden rounded-lg border border-slate-300">
              {ZOOMS.map((z) => (
                <button
                  key={z}
                  type="button"
                  aria-pressed={zoom === z}
                  onClick={() => setZoom(z)}
                  className={`px-3 py-1.5 text-sm font-medium ${zoom === z ? "bg-indigo-600 text-white" : "bg-white text-slate-700 hover:bg-slate-50"}`}
                >
                  {ZOOM_LABELS[z]}
                </button>
              ))}
            </div>
            <label className="inline-flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" className="size-4 rounded border-slate-300" checked={shiftSuccessors} onChange={(e) => setShiftSuccessors(e.target.checked)} />
              Shift successors
            </label>
          </div>
        )}
      </div>

      <section aria-label="Filters" className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid grid-cols-2 gap-2 sm:col-span-2 lg:col-span-1">
          <label className="grid gap-1 text-xs font-medium text-slate-600">
            From
            <Input type="date" className="min-w-0" value={range?.from ?? ""} max={range?.to} onChange={(e) => setRange({ from: e.target.value, to: range?.to ?? "" })} />
          </label>
          <label className="grid gap-1 text-xs font-medium text-slate-600">
            To
            <Input type="date" className="min-w-0" value={range?.to ?? ""} min={range?.from} onChange={(e) => setRange({ from: range?.from ?? "", to: e.target.value })} />
          </label>
        </div>
        <Select aria-label="Show" value={scope} onChange={(e) => setScope(e.target.value as "all" | "mine")}>
          <option value="all">All tasks</option>
          <option value="mine">My tasks</option>
        </Select>
        <Select aria-label="Status" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value={ACTIVE_STATUSES}>Active (open, in progress, blocked)</option>
          <option value="">Any status</option>
          {TASK_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
        <ProjectSelect aria-label="Project" blank="All projects" value={projectId} onChange={(e) => setProjectId(e.target.value)} />
        <div>
          <DepartmentPicker loadOnUse value={unitId} onChange={setUnitId} id="gantt-department" placeholder="All departments" />
        </div>
        <div className="sm:col-span-2 lg:col-span-1">
          <label htmlFor="gantt-assignee" className="sr-only">
            Assignee
          </label>
          <AssigneePicker id="gantt-assignee" value={assigneeId} onChange={setAssigneeId} placeholder="All assignees" />
        </div>
      </section>

      {!validRange && range !== null ? (
        <p role="alert" className="text-sm text-red-700">
          Choose a From date on or before the To date.
        </p>
      ) : timeline.isError ? (
        <EmptyState
          title={getFriendlyError(timeline.error).title}
          description={getFriendlyError(timeline.error).description}
          action={<Button onClick={() => timeline.refetch()}>Try Again</Button>}
        />
      ) : !data || isPhone === null || !filters ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" />
        </div>
      ) : data.tasks.length === 0 ? (
        <EmptyState title="No tasks in this range" description="Change the dates or the filters to see more of the schedule." />
      ) : (
        <>
          {data.truncated && (
            <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              Showing the first {formatCount(data.tasks.length)} tasks of this range. Narrow the dates or the filters to see the rest.
            </p>
          )}
          {isPhone ? (
            <GanttAgenda timeline={data} />
          ) : (
            <GanttChart timeline={data} zoom={zoom} shiftSuccessors={shiftSuccessors} from={filters.from} to={filters.to} />
          )}
        </>
      )}
    </div>
  );
}
