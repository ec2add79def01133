"use client";

import { ariaKeyShortcuts, useShortcut, withKeyHint } from "@/components/shell/shortcuts";
import { Button } from "@/components/ui/button";
import { Tooltip } from "@/components/ui/tooltip";
import { toast, toastError } from "@/components/ui/use-toast";
import { usePunchStatus } from "@/lib/queries/punch";
import { useTaskClockIn, useTaskClockOut } from "@/lib/queries/task-clock";
import { ElapsedTimer } from "./elapsed-timer";

/**
 * Clock into / out of one task, for the task detail page. Reads the shared punch status (so it
 * agrees with the header), needs an open punch, and allows one task clock at a time: the server
 * refuses a second task with "Cannot punch into task ..." (see docs/punch.md). Failures go
 * through the spec's friendly-error table (toastError).
 */
export function TaskClockButton({ taskId }: { taskId: string }) {
  const status = usePunchStatus();
  const clockIn = useTaskClockIn();
  const clockOut = useTaskClockOut(taskId);
  const current = status.data;
  const active = current?.activeTask ?? null;
  const onThisTask = active?.id === taskId;
  const pending = clockIn.isPending || clockOut.isPending;
  const ready = Boolean(current) && !status.isError;

  const onClockOut = () =>
    clockOut.mutate(undefined, {
      onSuccess: () => toast({ title: "Clocked Out of Task", description: `You are no longer clocked into task #${active?.displayNumber}.` }),
      onError: (error) => toastError(error),
    });
  const onClockIn = () =>
    clockIn.mutate(taskId, {
      onSuccess: () => toast({ title: "Clocked Into Task", description: "Your time on this task is being recorded." }),
      // Spec §8's table: a 409 "Cannot punch into task" reads "Unable to Start Work", a
      // missing punch "Not punched in" with the server's message, a lost network "Connection Lost".
      onError: (error) => toastError(error),
    });
  // "." presses whichever of the two buttons shows (components/shell/shortcuts).
  useShortcut("task.clock", () => (onThisTask ? onClockOut() : onClockIn()), { enabled: ready && !pending });

  // Like the header's button: after a failed poll the cached state may be false.
  if (!current || status.isError) {
    return (
      <Button type="button" variant="secondary" size="sm" disabled data-testid="task-clock-button">
        {status.isError ? "Error loading" : "Loading"}
      </Button>
    );
  }

  if (onThisTask) {
    return (
      <Tooltip content={withKeyHint("Clock out of this task", "task.clock")}>
        <Button
          type="button"
          size="sm"
          data-testid="task-clock-button"
          disabled={pending}
          className="bg-green-700 hover:bg-green-800"
          onClick={onClockOut}
          aria-keyshortcuts={ariaKeyShortcuts("task.clock")}
        >
          Clock Out of Task <ElapsedTimer since={active.startedAt} className="ml-1 font-mono tabular-nums" />
        </Button>
      </Tooltip>
    );
  }

  const hint = !current.isPunchedIn
    ? "Punch in for work first"
    : active
      ? `You are clocked into task #${active.displayNumber}; clock out of it first`
      : undefined;

  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Tooltip content={withKeyHint("Clock into this task", "task.clock")}>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          data-testid="task-clock-button"
          disabled={pending}
          aria-describedby={hint ? `task-clock-hint-${taskId}` : undefined}
          onClick={onClockIn}
          aria-keyshortcuts={ariaKeyShortcuts("task.clock")}
        >
          Clock Into Task
        </Button>
      </Tooltip>
      {hint ? (
        <span id={`task-clock-hint-${taskId}`} className="text-xs text-slate-500">
          {hint}
        </span>
      ) : null}
    </span>
  );
}
