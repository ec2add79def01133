"use client";

import { useState } from "react";
import { DepartmentPicker } from "@/components/org/department-picker";
import { CreateTaskDialog } from "@/components/tasks/create-task-dialog";
import { StatusBadge } from "@/components/tasks/task-badges";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Pagination } from "@/components/ui/pagination";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { toast, toastError } from "@/components/ui/use-toast";
import { getFriendlyError } from "@/lib/api-client";
import { useSeriesAction, useSeriesList } from "@/lib/queries/recurrence";
import { formatDue } from "@/lib/dates";
import type { SeriesDto, SeriesState } from "@/lib/validations/recurrence";
import { RowLink } from "@/components/ui/row-link";

const STATE_BADGE: Record<SeriesState, { label: string; variant: "success" | "warning" | "neutral" }> = {
  active: { label: "Active", variant: "success" },
  paused: { label: "Paused", variant: "warning" },
  ended: { label: "Ended", variant: "neutral" },
};

/** /recurring-tasks: every series the caller can see, with its rule, next date and last occurrence. */
export function RecurringTasks() {
  const [mine, setMine] = useState(false);
  const [unitId, setUnitId] = useState<string | null>(null);
  const [state, setState] = useState<"" | "active" | "paused">("");
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [ending, setEnding] = useState<SeriesDto | null>(null);
  const list = useSeriesList({ mine: mine || undefined, unitId, paused: state === "" ? undefined : state === "paused", page });
  const action = useSeriesAction();
  const filtered = mine || unitId !== null || state !== "";

  const act = (series: SeriesDto, verb: "pause" | "resume" | "end") =>
    action.mutate(
      { id: series.id, action: verb },
      {
        onSuccess: () => {
          const title = verb === "pause" ? "Recurring task paused" : verb === "resume" ? "Recurring task resumed" : "Recurring task ended";
          toast({ title, description: series.title });
          setEnding(null);
        },
        onError: (e) => toastError(e),
      },
    );

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Recurring Tasks</h1>
          <p className="mt-1 text-sm text-slate-600">Each occurrence is created as its own task, up to a week before it is due.</p>
        </div>
        <Button onClick={() => setCreating(true)}>Create Task</Button>
      </div>

      <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Filters">
        <label className="flex h-10 items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={mine} onChange={(e) => (setMine(e.target.checked), setPage(1))} />
          Mine
        </label>
        <div className="w-full sm:w-64">
          <label htmlFor="series-department" className="sr-only">
            Department
          </label>
          <DepartmentPicker loadOnUse id="series-department" value={unitId} onChange={(v) => (setUnitId(v), setPage(1))} placeholder="All departments" />
        </div>
        <Select aria-label="State" className="w-full sm:w-52" value={state} onChange={(e) => (setState(e.target.value as typeof state), setPage(1))}>
          <option value="">Active and paused</option>
          <option value="active">Active</option>
          <option value="paused">Paused</option>
        </Select>
      </div>

      {list.isError ? (
        <EmptyState title={getFriendlyError(list.error).title} description={getFriendlyError(list.error).description} />
      ) : !list.data ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" />
        </div>
      ) : list.data.items.length === 0 ? (
        filtered ? (
          <EmptyState title="No recurring tasks match these filters" description="Clear a filter to see more." />
        ) : (
          <EmptyState
            title="No recurring tasks yet"
            description="Create a task and switch on Recurring in its form: choose how often it repeats (daily, weekly, monthly or yearly), when it ends, and whether weekends and holidays are skipped. Each occurrence then appears as its own task before it is due."
            action={<Button onClick={() => setCreating(true)}>Create a recurring task</Button>}
          />
        )
      ) : (
        <>
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white" aria-label="Recurring tasks">
            {list.data.items.map((s) => (
              <li key={s.id} className="space-y-2 p-4" aria-label={s.title}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <RowLink href={`/tasks/${s.id}`} className="font-medium break-words text-slate-900 hover:text-indigo-700 hover:underline">
                      {s.title}
                    </RowLink>
                    <p className="text-sm text-slate-600">{s.description}</p>
                  </div>
                  <div className="flex items-center gap-2">
                    {s.isPrivate && <Badge>Private</Badge>}
                    <Badge variant={STATE_BADGE[s.state].variant}>{STATE_BADGE[s.state].label}</Badge>
                  </div>
                </div>
                <dl className="grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-2">
                  <div className="flex gap-1.5">
                    <dt className="text-slate-500">Next:</dt>
                    <dd>{s.nextDate ? formatDue(s.nextDate) : s.state === "paused" ? "Paused" : "None"}</dd>
                  </div>
                  <div className="flex flex-wrap items-center gap-1.5">
                    <dt className="text-slate-500">Last:</dt>
                    <dd className="flex items-center gap-1.5">
                      {s.lastOccurrence ? (
                        <>
                          <RowLink href={`/tasks/${s.lastOccurrence.id}`} className="text-indigo-700 hover:underline">
                            #{s.lastOccurrence.displayNumber}
                          </RowLink>
                          <StatusBadge status={s.lastOccurrence.status} />
                        </>
                      ) : (
                        "Not created yet"
                      )}
                    </dd>
                  </div>
                  <div className="flex gap-1.5">
                    <dt className="text-slate-500">Department:</dt>
                    <dd>{s.department?.name ?? "—"}</dd>
                  </div>
                  <div className="flex gap-1.5">
                    <dt className="text-slate-500">Assignee:</dt>
                    <dd>{s.assigneeName ?? "Unassigned"}</dd>
                  </div>
                </dl>
                <div className="flex flex-wrap gap-2 pt-1">
                  {s.permissions.canEdit && s.state === "active" && (
                    <Button size="sm" variant="secondary" aria-label={`Pause ${s.title}`} onClick={() => act(s, "pause")} disabled={action.isPending}>
                      Pause
                    </Button>
                  )}
                  {s.permissions.canEdit && s.state === "paused" && (
                    <Button size="sm" variant="secondary" aria-label={`Resume ${s.title}`} onClick={() => act(s, "resume")} disabled={action.isPending}>
                      Resume
                    </Button>
                  )}
                  {s.permissions.canEdit && s.state !== "ended" && (
                    <RowLink href={`/tasks/${s.id}`} className={buttonClasses({ variant: "secondary", size: "sm" })} aria-label={`Edit series ${s.title}`}>
                      Edit series
                    </RowLink>
                  )}
                  <RowLink href={`/tasks/${s.id}#occurrences`} className={buttonClasses({ variant: "secondary", size: "sm" })} aria-label={`View occurrences of ${s.title}`}>
                    View occurrences ({s.occurrenceCount})
                  </RowLink>
                  {s.permissions.canEdit && s.state !== "ended" && (
                    <Button size="sm" variant="destructive" aria-label={`End ${s.title}`} onClick={() => setEnding(s)}>
                      End
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <Pagination page={list.data.page} pages={Math.ceil(list.data.total / list.data.pageSize)} onPageChange={setPage} />
        </>
      )}

      <CreateTaskDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={ending !== null}
        onClose={() => setEnding(null)}
        title="End this recurring task?"
        description={ending ? `${ending.title}: no further occurrences will be created. Occurrences already created stay as they are.` : undefined}
        size="md"
        confirmLabel="End series"
        pending={action.isPending}
        onConfirm={() => ending && act(ending, "end")}
      />
    </div>
  );
}
