"use client";

import { useMinuteClock } from "@/components/shell/use-minute-clock";
import { Spinner } from "@/components/ui/spinner";
import { useTasks } from "@/lib/queries/tasks";
import { formatDay, formatDue } from "@/lib/dates";
import { RowLink } from "@/components/ui/row-link";

const DAY = 86_400_000;

/**
 * A small timeline of the project's tasks (the ones the viewer may see): one bar per task from
 * its start (or due day when it has none) to its due date, on one shared scale with today
 * marked. The full chart with dependencies is the Gantt screen's.
 */
export function ProjectTimeline({ projectId }: { projectId: string }) {
  const tasks = useTasks({ projectId, sort: "dueDate", pageSize: 200 });
  const clock = useMinuteClock();
  if (!tasks.data) return tasks.isError ? <p className="text-sm text-slate-500">The timeline is unavailable.</p> : <Spinner />;
  const items = tasks.data.items;
  if (items.length === 0) return <p className="text-sm text-slate-500">No tasks to place on the timeline yet.</p>;

  const spans = items.map((t) => {
    const end = new Date(t.dueDate).getTime();
    const start = Math.min(t.startDate ? new Date(t.startDate).getTime() : end - DAY / 2, end);
    return { task: t, start, end };
  });
  const min = Math.min(...spans.map((s) => s.start));
  const max = Math.max(...spans.map((s) => s.end));
  const range = Math.max(max - min, DAY);
  const now = clock ?? min;
  const todayAt = clock !== null && now >= min && now <= max ? ((now - min) / range) * 100 : null;

  return (
    <div>
      <div className="mb-2 flex justify-between text-xs text-slate-500">
        <span>{formatDay(new Date(min))}</span>
        <span>{formatDay(new Date(max))}</span>
      </div>
      <ol className="space-y-1.5" aria-label="Timeline">
        {spans.map(({ task, start, end }) => {
          const left = ((start - min) / range) * 100;
          const width = Math.max(((end - start) / range) * 100, 1.5);
          const done = task.status === "completed";
          const late = !done && task.status !== "cancelled" && end < now;
          return (
            <li key={task.id} className="grid grid-cols-[minmax(0,9rem)_1fr] items-center gap-2 text-xs sm:grid-cols-[minmax(0,14rem)_1fr]">
              <RowLink href={`/tasks/${task.id}`} className="truncate text-slate-700 hover:text-indigo-700 hover:underline" title={task.title}>
                #{task.displayNumber} {task.title}
              </RowLink>
              <div className="relative h-4 rounded bg-slate-50">
                {todayAt !== null && <span aria-hidden className="absolute inset-y-0 w-px bg-amber-500" style={{ left: `${todayAt}%` }} />}
                <span
                  className={`absolute inset-y-0.5 rounded ${done ? "bg-emerald-500" : late ? "bg-red-500" : "bg-indigo-500"}`}
                  style={{ left: `${Math.min(left, 98.5)}%`, width: `${Math.min(width, 100 - left)}%` }}
                  title={`${task.startDate ? formatDue(task.startDate) + " → " : ""}${formatDue(task.dueDate)}`}
                />
              </div>
            </li>
          );
        })}
      </ol>
      {tasks.data.total > items.length && <p className="mt-2 text-xs text-slate-500">Showing the first {items.length} of {tasks.data.total} tasks.</p>}
    </div>
  );
}
