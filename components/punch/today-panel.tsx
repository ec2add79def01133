"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { toast, toastError } from "@/components/ui/use-toast";
import { useMyTasksForToday } from "@/lib/queries/my-tasks-today";
import type { Task } from "@/lib/queries/tasks";
import type { PunchStatus } from "@/lib/queries/punch";
import { useTaskClockIn } from "@/lib/queries/task-clock";
import { useNow } from "./use-now";

/** GET /api/time/logs?range=day: only the day's totals are read here (docs/time.md has the whole answer). */
interface DayLog {
  days: { date: string; workedMs: number; paidBreakMs: number; unpaidBreakMs: number }[];
}

export const DAY_LOG_KEY = ["/api/time/logs", { range: "day" }] as const;
const MINUTE = 60_000;

/** "3h 05m", "45m": a total, not a running clock. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h}h ${String(m).padStart(2, "0")}m` : `${m}m`;
}

/**
 * Under the big punch button: today so far (worked time and breaks, from the time log of the day,
 * ticking on while punched in) and my tasks for today with one-tap clock-in. Read once and after
 * every punch and task clock change (invalidateAfterPunch refreshes the tasks and the day's log).
 */
export function TodayPanel({ status, large = true }: { status: PunchStatus; large?: boolean }) {
  const log = useQuery<DayLog>({ queryKey: DAY_LOG_KEY });
  const now = useNow(true, 30_000);
  const day = log.data?.days.at(-1);
  const worked = day ? day.workedMs + (status.isPunchedIn ? Math.max(0, now - log.dataUpdatedAt) : 0) : null;
  const breaks = day ? day.paidBreakMs + day.unpaidBreakMs : null;
  const tasks = useMyTasksForToday(now);

  return (
    <div className="space-y-4" data-testid="today-panel">
      <section aria-label="Today so far" className="rounded-2xl border border-slate-200 bg-white p-4">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Today so far</h2>
        <dl className="mt-2 grid grid-cols-2 gap-3">
          <div>
            <dt className="text-sm text-slate-600">Worked</dt>
            <dd className={`font-semibold tabular-nums text-slate-900 ${large ? "text-2xl" : "text-xl"}`} data-testid="today-worked">
              {worked === null ? "–" : formatDuration(worked)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Breaks</dt>
            <dd className={`font-semibold tabular-nums text-slate-900 ${large ? "text-2xl" : "text-xl"}`} data-testid="today-breaks">
              {breaks === null ? "–" : formatDuration(breaks)}
            </dd>
          </div>
        </dl>
      </section>
      <section aria-label="My tasks for today" className="rounded-2xl border border-slate-200 bg-white">
        <h2 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold uppercase tracking-wide text-slate-500">My tasks for today</h2>
        {tasks.isPending ? (
          <p className="px-4 py-3 text-base text-slate-500">Loading…</p>
        ) : tasks.items.length === 0 ? (
          <p className="px-4 py-3 text-base text-slate-600">Nothing due today.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {tasks.items.map((task) => (
              <TodayTaskRow key={task.id} task={task} status={status} now={now} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function TodayTaskRow({ task, status, now }: { task: Task; status: PunchStatus; now: number }) {
  const clockIn = useTaskClockIn();
  const running = status.activeTask?.id === task.id;
  const overdue = new Date(task.dueDate).getTime() < now;
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <div className="min-w-0 flex-1">
        <Link href={`/tasks/${task.id}`} className="block truncate text-base font-medium text-slate-900 hover:underline">
          <span className="mr-1.5 text-slate-500">#{task.displayNumber}</span>
          {task.title}
        </Link>
        {overdue ? <p className="text-sm text-red-700">Overdue</p> : <p className="text-sm text-slate-500">Due today</p>}
      </div>
      {running ? (
        <span className="shrink-0 rounded-full bg-green-100 px-3 py-1.5 text-sm font-semibold text-green-800">On the clock</span>
      ) : status.isPunchedIn ? (
        <button
          type="button"
          disabled={clockIn.isPending}
          aria-label={`Clock in to #${task.displayNumber}`}
          onClick={() =>
            clockIn.mutate(task.id, {
              onSuccess: () => toast({ title: "Clocked Into Task", description: "Your time on this task is being recorded." }),
              onError: (error) => toastError(error),
            })
          }
          className="shrink-0 rounded-lg px-3 py-2 text-sm font-semibold text-slate-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 disabled:opacity-60"
        >
          Clock In
        </button>
      ) : null}
    </li>
  );
}
