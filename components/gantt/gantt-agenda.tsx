"use client";

import Link from "next/link";
import { useMemo } from "react";
import { useMinuteClock } from "@/components/shell/use-minute-clock";
import { StatusBadge } from "@/components/tasks/task-badges";
import { groupByWeek, NO_PROJECT } from "@/lib/gantt/timeline-model";
import type { Timeline } from "@/lib/queries/gantt";
import { formatDay, formatDue } from "@/lib/dates";

/**
 * The phone view of /gantt (below 640 px): the same tasks as a dated list grouped by the
 * business week of their due date, with the chart's filters. No horizontal scrolling.
 */
export function GanttAgenda({ timeline }: { timeline: Timeline }) {
  const weeks = useMemo(() => groupByWeek(timeline.tasks), [timeline.tasks]);
  const projectName = useMemo(() => new Map(timeline.projects.map((p) => [p.id, p.name])), [timeline.projects]);
  const now = useMinuteClock();
  return (
    <div className="space-y-5" aria-label="Agenda">
      {weeks.map((week) => (
        <section key={week.weekStart} aria-labelledby={`week-${week.weekStart}`}>
          <h2 id={`week-${week.weekStart}`} className="mb-2 text-sm font-semibold text-slate-700">
            Week of {formatDay(new Date(week.weekStart))}
          </h2>
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white">
            {week.tasks.map((task) => {
              const overdue = now !== null && task.status !== "completed" && task.status !== "cancelled" && Date.parse(task.dueDate) < now;
              return (
                <li key={task.id} className="p-3">
                  <Link href={`/tasks/${task.id}`} className="block min-w-0 font-medium text-slate-900 hover:text-indigo-700">
                    <span className="text-slate-500">#{task.displayNumber}</span> <span className="break-words">{task.title}</span>
                  </Link>
                  <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
                    <StatusBadge status={task.status} />
                    <span>
                      {task.startDate ? `${formatDay(task.startDate)} → ` : ""}
                      <span className={overdue ? "font-semibold text-red-700" : undefined}>Due {formatDue(task.dueDate)}</span>
                      {overdue && <span className="sr-only"> (overdue)</span>}
                    </span>
                    <span className="text-slate-500">{task.projectId ? projectName.get(task.projectId) : NO_PROJECT}</span>
                    {task.progress > 0 && <span>{task.progress}% done</span>}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
