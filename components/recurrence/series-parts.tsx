"use client";

import Link from "next/link";
import { StatusBadge } from "@/components/tasks/task-badges";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast, toastError } from "@/components/ui/use-toast";
import { useSeries, useSeriesAction } from "@/lib/queries/recurrence";
import { useTasks, type Task } from "@/lib/queries/tasks";
import { formatDue } from "@/lib/dates";
import { RowLink } from "@/components/ui/row-link";

/** On an occurrence: "Occurrence of ⟨series⟩ · ⟨n⟩ of ⟨N⟩" with a link to the series (∞ when it never ends). */
export function OccurrenceLine({ task }: { task: Task }) {
  const series = useSeries(task.recurrenceSourceId);
  if (!task.recurrenceSourceId) return null;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="occurrence-line">
      <span>
        Occurrence of{" "}
        {series.data ? (
          <Link href={`/tasks/${series.data.id}`} className="font-medium text-indigo-700 hover:underline">
            {series.data.title}
          </Link>
        ) : (
          "a recurring task"
        )}{" "}
        · {task.occurrenceIndex ?? "?"} of {series.data ? (series.data.total ?? "∞") : "…"}
      </span>
      {task.occurrenceLate && <Badge variant="warning">Created late</Badge>}
    </p>
  );
}

/** On a series: its state, the rule in words, pause/resume, and its occurrences (newest due first). */
export function SeriesOccurrences({ seriesId }: { seriesId: string }) {
  const series = useSeries(seriesId);
  const occurrences = useTasks({ seriesId, sort: "dueDate", order: "desc", pageSize: 100 });
  const action = useSeriesAction();
  const s = series.data;

  return (
    <section id="occurrences" className="rounded-lg border border-slate-200 bg-white p-4" aria-label="Occurrences">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Occurrences{occurrences.data ? ` (${occurrences.data.total})` : ""}</h2>
          {s && (
            <p className="text-sm text-slate-600">
              {s.description}
              {s.nextDate ? ` · next ${formatDue(s.nextDate)}` : ""}
            </p>
          )}
        </div>
        {s && (
          <div className="flex items-center gap-2">
            <Badge variant={s.state === "active" ? "success" : s.state === "paused" ? "warning" : "neutral"}>{s.state === "active" ? "Active" : s.state === "paused" ? "Paused" : "Ended"}</Badge>
            {s.permissions.canEdit && s.state !== "ended" && (
              <Button
                size="sm"
                variant="secondary"
                isLoading={action.isPending}
                onClick={() =>
                  action.mutate(
                    { id: s.id, action: s.state === "paused" ? "resume" : "pause" },
                    { onSuccess: () => toast({ title: s.state === "paused" ? "Recurring task resumed" : "Recurring task paused" }), onError: (e) => toastError(e) },
                  )
                }
              >
                {s.state === "paused" ? "Resume" : "Pause"}
              </Button>
            )}
          </div>
        )}
      </div>
      {!occurrences.data ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : occurrences.data.items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">No occurrence yet: each one is created up to a week before it is due.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {occurrences.data.items.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <RowLink href={`/tasks/${o.id}`} className="font-medium text-slate-900 hover:text-indigo-700 hover:underline">
                <span className="mr-1.5 text-slate-500">#{o.displayNumber}</span>
                {formatDue(o.dueDate)}
              </RowLink>
              <span className="flex items-center gap-2">
                {o.occurrenceLate && <Badge variant="warning">Created late</Badge>}
                <StatusBadge status={o.status} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
