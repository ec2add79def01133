"use client";

import Link from "next/link";
import { ElapsedTimer } from "@/components/punch/elapsed-timer";
import { usePunchInAction } from "@/components/punch/use-punch-in-action";
import { Button } from "@/components/ui/button";
import { useMyTasksForToday } from "@/lib/queries/my-tasks-today";
import { useNow } from "@/components/punch/use-now";
import { PUNCH_LABELS, completedWhileClockedText } from "@/lib/punch/messages";
import { usePunchStatus } from "@/lib/queries/punch";
import { useTasks, type Task } from "@/lib/queries/tasks";
import { MY_DAY_PICKUP_FILTERS } from "@/lib/tasks/dashboard-defaults";
import type { DashboardInitialData } from "@/lib/validations/tasks";
import { TaskRow } from "./task-row";
import { MyShiftsCard } from "@/components/schedule/my-shifts";

/**
 * The top of "My day" at `/` (a staff member's home; anyone may choose it): the running punch and
 * task timers, my tasks that are overdue or due today, then tasks I can pick up. The task list
 * with the spec's filters follows it (components/tasks/dashboard.tsx).
 */
export function MyDay({ initial }: { initial?: DashboardInitialData["myDay"] }) {
  const now = useNow(true, 60_000);
  // The page read both lists with the same filters: the first paint has them, so the list below does not move.
  const today = useMyTasksForToday(now, true, initial?.today);
  const pickup = useTasks(MY_DAY_PICKUP_FILTERS, { initialData: initial?.pickup.data, initialDataUpdatedAt: initial?.pickup.readAt });
  return (
    <div className="space-y-4" data-testid="my-day">
      <MyShiftsCard initial={initial?.schedule} />
      <RunningTimers />
      <TaskSection
        title="Overdue and due today"
        testId="my-day-today"
        tasks={today.items}
        hasMore={today.hasMore}
        pending={today.isPending}
        empty="Nothing overdue or due today."
      />
      <TaskSection
        title="Tasks I can pick up"
        testId="my-day-pickup"
        tasks={pickup.data?.items ?? []}
        hasMore={pickup.data?.hasMore ?? false}
        pending={pickup.isPending}
        empty="No tasks are waiting to be picked up in your departments."
        more={pickup.data?.hasMore ? { href: "/available-tasks", label: "All available tasks" } : undefined}
      />
    </div>
  );
}

/**
 * Green means on the clock (spec §4: the punched-in button is green), as in the header and
 * /mobile-punch. Not punched in, the card has its own Punch In (the header's action).
 */
function RunningTimers() {
  const status = usePunchStatus();
  // Here, not in the card: the card goes when the punch lands, and the toast must still show.
  const punchIn = usePunchInAction();
  const data = status.data;
  if (!data) return null;
  const task = data.isPunchedIn ? data.activeTask : null;
  return (
    <section aria-label="My timers" className="grid grid-cols-1 gap-2 sm:grid-cols-2" data-testid="my-day-timers">
      {data.isPunchedIn ? (
        <div className="flex min-w-0 items-center justify-between gap-3 rounded-lg border border-green-600 bg-green-50 px-4 py-3">
          <div className="min-w-0">
            <p className="text-sm font-semibold text-green-900">On the clock</p>
            <p className="text-xs text-green-800">Punch Out is in the header</p>
          </div>
          <ElapsedTimer since={data.lastPunchIn} className="shrink-0 font-mono text-xl font-semibold tabular-nums text-green-900" />
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3" data-testid="my-day-not-punched-in">
          <div className="min-w-0">
            <p className="text-sm font-semibold text-slate-900">Not punched in</p>
            <p className="text-xs text-slate-600">Punch in to start your day.</p>
          </div>
          {/* Neutral, like every Punch In (docs/punch.md: green means on the clock). */}
          <Button size="sm" variant="secondary" onClick={punchIn.run} isLoading={punchIn.pending} className="min-h-11 sm:min-h-8">
            {PUNCH_LABELS.punchIn}
          </Button>
        </div>
      )}
      {task ? (
        <Link
          href={`/tasks/${task.id}`}
          className={`flex min-w-0 items-center justify-between gap-3 rounded-lg border px-4 py-3 hover:bg-green-100 ${task.completedAt ? "border-amber-300 bg-amber-50" : "border-green-600 bg-green-50"}`}
        >
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-slate-900">
              #{task.displayNumber} — {task.title}
            </p>
            <p className="text-xs text-slate-700">{task.completedAt ? completedWhileClockedText(task) : "Task timer running"}</p>
          </div>
          <ElapsedTimer since={task.startedAt} className="shrink-0 font-mono text-lg font-semibold tabular-nums text-green-900" />
        </Link>
      ) : data.isPunchedIn ? (
        <div className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-600">No task timer running. Open a task to clock in.</div>
      ) : null}
    </section>
  );
}

/** `hasMore`: the list shows the first of more; its count says so ("20+"), never as if it were all. */
function TaskSection({
  title,
  testId,
  tasks,
  hasMore,
  pending,
  empty,
  more,
}: {
  title: string;
  testId: string;
  tasks: Task[];
  hasMore: boolean;
  pending: boolean;
  empty: string;
  more?: { href: string; label: string };
}) {
  return (
    <section aria-label={title} className="overflow-hidden rounded-lg border border-slate-200 bg-white" data-testid={testId}>
      <h2 className="flex items-baseline justify-between border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm font-semibold text-slate-700">
        <span>
          {title} {pending ? null : <span className="font-normal text-slate-500">({tasks.length}{hasMore ? "+" : ""})</span>}
        </span>
        {more ? (
          <Link href={more.href} className="text-xs font-medium text-indigo-600 hover:underline">
            {more.label}
          </Link>
        ) : null}
      </h2>
      {pending ? (
        <p className="px-4 py-3 text-sm text-slate-500">Loading…</p>
      ) : tasks.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {tasks.map((task) => (
            <TaskRow key={task.id} task={task} />
          ))}
        </ul>
      )}
    </section>
  );
}
