"use client";

import Link from "next/link";
import { useState } from "react";
import { ProgressBar } from "@/components/projects/progress-bar";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { getFriendlyError } from "@/lib/api-client";
import { STEP_ASSIGNEE_LABELS } from "@/lib/processes/options";
import { useProcess, type ProcessDetail as Process } from "@/lib/queries/processes";
import { formatDateTime, formatDay } from "@/lib/dates";
import { ProcessActions } from "./process-actions";
import { LazyStartProcessDialog } from "./lazy-process-dialogs";

/** /processes/{id}: the template's steps and its runs, each with its progress and a link. */
export function ProcessDetail({ id, initial }: { id: string; initial?: { data: Process; readAt: number } }) {
  const process = useProcess(id, initial);
  const [starting, setStarting] = useState(false);
  if (process.isError) {
    const friendly = getFriendlyError(process.error);
    return <EmptyState title={friendly.title} description={friendly.description} action={<Link href="/processes" className="text-sm font-medium text-indigo-600 hover:underline">Back to processes</Link>} />;
  }
  if (!process.data) {
    return (
      <div className="flex justify-center py-16">
        <Spinner size="lg" />
      </div>
    );
  }
  const p: Process = process.data;
  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <Link href="/processes" className="text-sm text-indigo-600 hover:underline">
        ← Processes
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold break-words text-slate-900">{p.name}</h1>
          <p className="mt-1 text-sm text-slate-600">
            {p.department?.name ?? "No department"} · {p.stepCount} steps · started {p.runCount} {p.runCount === 1 ? "time" : "times"}
            {!p.isActive && (
              <Badge className="ml-2" variant="warning">
                Archived
              </Badge>
            )}
          </p>
          {p.description && <p className="mt-2 max-w-2xl text-sm whitespace-pre-line text-slate-700">{p.description}</p>}
        </div>
        <ProcessActions process={p} onStart={() => setStarting(true)} size="md" />
      </div>

      <section aria-labelledby="steps-title" className="rounded-lg border border-slate-200 bg-white">
        <h2 id="steps-title" className="border-b border-slate-200 px-4 py-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">
          Steps
        </h2>
        <ol className="divide-y divide-slate-100">
          {p.steps.map((s) => (
            <li key={s.id} className="px-4 py-3">
              <p className="text-sm font-medium text-slate-900">
                <span className="mr-1.5 text-slate-500">{s.position}.</span>
                {s.title}
              </p>
              <p className="mt-0.5 text-xs text-slate-600">
                Day +{s.offsetDays} · {s.durationDays} business {s.durationDays === 1 ? "day" : "days"} · {s.department?.name ?? "Department chosen at start"} ·{" "}
                {s.assigneeKind === "member" && s.assignee ? `${s.assignee.firstName} ${s.assignee.lastName}` : s.assigneeKind === "vendor" && s.vendor ? s.vendor.name : STEP_ASSIGNEE_LABELS[s.assigneeKind]}
                {s.dependsOn.length ? ` · after step ${s.dependsOn.join(", ")}` : ""}
                {s.checklist.length ? ` · ${s.checklist.length} checklist items` : ""}
                {s.availableForPickup ? " · available for pickup" : ""}
              </p>
              {s.description && <p className="mt-1 text-sm text-slate-700">{s.description}</p>}
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="runs-title" className="rounded-lg border border-slate-200 bg-white">
        <h2 id="runs-title" className="border-b border-slate-200 px-4 py-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">
          Runs
        </h2>
        {p.runs.length === 0 ? (
          <p className="px-4 py-6 text-sm text-slate-500">Not started yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Runs">
            {p.runs.map((run) => (
              <li key={run.id} className="grid gap-2 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_12rem] sm:items-center">
                <div className="min-w-0">
                  {run.href ? (
                    <Link href={run.href} className="text-sm font-medium break-words text-indigo-700 hover:underline">
                      {run.name}
                    </Link>
                  ) : (
                    <span className="text-sm font-medium text-slate-900">{run.name}</span>
                  )}
                  <p className="text-xs text-slate-600">
                    From {formatDay(run.startDate)} · started {formatDateTime(run.createdAt)} by {run.createdBy.firstName} {run.createdBy.lastName}
                  </p>
                </div>
                <ProgressBar done={run.progress.done} total={run.progress.total} percent={run.progress.percent} label={`Progress of ${run.name}`} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <LazyStartProcessDialog processId={p.id} open={starting} onClose={() => setStarting(false)} />
    </div>
  );
}
