"use client";

import Link from "next/link";
import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { toast, toastError } from "@/components/ui/use-toast";
import { clockTime, dateKeyOf } from "@/lib/dates";
import type { KeptMyDay, KeptTask } from "@/lib/offline/kept-my-day";
import { useOnline } from "@/lib/queries/offline-queue";
import { useMyTasksForToday } from "@/lib/queries/my-tasks-today";
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

/** What the tasks part of the panel says when it has no list from the server. */
export const TODAY_TASKS_OFFLINE = "Your tasks can't be loaded offline. They show again when the signal returns.";
export const TODAY_TASKS_FAILED = "Your tasks couldn't be loaded.";

/**
 * Under the big punch button: today so far (worked time and breaks, from the time log of the day,
 * ticking on while punched in) and my tasks for today with one-tap clock-in. Read once and after
 * every punch and task clock change (invalidateAfterPunch refreshes the tasks and the day's log).
 * Without a signal it never claims "Nothing due today.": it says the tasks can't be loaded, or
 * (the offline start page, `kept`) shows the list this device kept, with its time. The task
 * clock is not kept offline, so Clock In shows only with a connection.
 */
export function TodayPanel({ status, large = true, kept }: { status: PunchStatus; large?: boolean; kept?: KeptMyDay["today"] }) {
  const log = useQuery<DayLog>({ queryKey: DAY_LOG_KEY });
  const now = useNow(true, 30_000);
  const day = log.data?.days.at(-1);
  const worked = day ? day.workedMs + (status.isPunchedIn ? Math.max(0, now - log.dataUpdatedAt) : 0) : null;
  const breaks = day ? day.paidBreakMs + day.unpaidBreakMs : null;
  const tasks = useMyTasksForToday(now);
  const online = useOnline();
  // A page loaded without a signal: React Query took itself for online all along, so the return
  // of the connection is no news to it. Read again what failed.
  const refetchTasks = tasks.refetch;
  const refetchLog = log.refetch;
  useEffect(() => {
    if (!online) return;
    if (tasks.isError) void refetchTasks();
    if (log.isError) void refetchLog();
  }, [online, tasks.isError, log.isError, refetchTasks, refetchLog]);
  // Another day's kept list is not today's.
  const keptToday = kept && kept.date === dateKeyOf(now) ? kept : null;

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
        {tasks.data === undefined && keptToday ? (
          <>
            <p className="px-4 pt-3 text-sm text-amber-800" data-testid="today-kept">
              As of {clockTime(keptToday.at)}, saved on this phone.
            </p>
            <TaskRows tasks={keptToday.items} status={status} now={now} canClockIn={false} />
          </>
        ) : tasks.data === undefined && (!online || tasks.isError) ? (
          <p role="status" className="px-4 py-3 text-base text-slate-700" data-testid="today-tasks-unavailable">
            {online ? TODAY_TASKS_FAILED : TODAY_TASKS_OFFLINE}
          </p>
        ) : tasks.isPending ? (
          <p className="px-4 py-3 text-base text-slate-500">Loading…</p>
        ) : tasks.items.length === 0 ? (
          <p className="px-4 py-3 text-base text-slate-600">Nothing due today.</p>
        ) : (
          <TaskRows tasks={tasks.items} status={status} now={now} canClockIn={online} />
        )}
      </section>
    </div>
  );
}

function TaskRows({ tasks, status, now, canClockIn }: { tasks: readonly KeptTask[]; status: PunchStatus; now: number; canClockIn: boolean }) {
  if (tasks.length === 0) return <p className="px-4 py-3 text-base text-slate-600">Nothing due today.</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {tasks.map((task) => (
        <TodayTaskRow key={task.id} task={task} status={status} now={now} canClockIn={canClockIn} />
      ))}
    </ul>
  );
}

/** A row needs only the task's number, title and due date: the server's rows and the kept ones alike. */
function TodayTaskRow({ task, status, now, canClockIn }: { task: KeptTask; status: PunchStatus; now: number; canClockIn: boolean }) {
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
      ) : status.isPunchedIn && canClockIn ? (
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
