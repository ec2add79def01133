import "server-only";
import { assertNotLocked } from "@/lib/services/time/locks";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { badRequest, conflict, notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { z } from "zod";
import type { TaskClockInput, taskClockInResultSchema } from "@/lib/validations/punch";
import { INVARIANT_SQLSTATES } from "@/prisma/sql-invariants";
import { activeTaskSelect, loadActiveTask, presentActiveTask, taskConflictFields, taskLabel, type ActiveTask } from "./active-task";
import { isInvariantViolation } from "@/lib/db-errors";
import { isFinishedStatus } from "@/lib/tasks/options";
import { findVisibleTaskOrThrow } from "./find-visible-task";
import { latest, lockOpenEntry, lockOpenPunch } from "./locks";
import { PUNCH_TX_OPTIONS, punchOrigin, type RequestClient } from "./origin";

/**
 * The spec's client flags any 400 whose text says "punch in for work" (§8), and its friendly
 * table shows a "Not punched in" message as it is: this text carries both.
 */
export const PUNCH_IN_FIRST = "Not punched in: you need to punch in for work before clocking into a task.";

export const SERIES_NOT_CLOCKABLE = "A recurring series can't be clocked into: clock into one of its tasks instead.";

/** A finished task takes no more time: completing one stops its clocks, and the page offers no Clock Into Task. */
export const finishedNotClockable = (task: ActiveTask, status: string) =>
  conflict(`Task #${task.displayNumber} is ${status}: reopen it before clocking into it.`, { status });

export const timeEntrySelect = {
  id: true,
  taskId: true,
  punchSessionId: true,
  startedAt: true,
  endedAt: true,
  source: true,
  location: true,
  endedByForce: true,
} as const;

/** The contract's answer (taskClockInResultSchema); `created` is false when the caller was already clocked into this very task (the call is idempotent). */
export type TaskClockResult = z.input<typeof taskClockInResultSchema>;

const requiresPunchIn = () => badRequest(PUNCH_IN_FIRST, { requiresPunchIn: true });

const cannotPunchInto = (task: ActiveTask, current: ActiveTask) =>
  conflict(`Cannot punch into task #${task.displayNumber} while you are clocked into ${taskLabel(current)}. Clock out of it first.`, taskConflictFields(current));

/**
 * POST /api/tasks/{id}/clock-in. Needs an open punch (else 400 + requiresPunchIn). One task
 * clock at a time: clocking into another task is refused with 409 "Cannot punch into task ..."
 * naming the running one (the spec's error catalogue has this message and its advice "punch out
 * of the current task first"); clocking into the task already running is a no-op. A completed or
 * cancelled task is refused with 409 (reopen it first).
 */
export async function clockIntoTask(
  caller: Pick<Caller, "userId" | "role">,
  taskId: string,
  input: TaskClockInput,
  client: RequestClient,
): Promise<TaskClockResult> {
  const task = await findVisibleTaskOrThrow(caller, taskId);
  const origin = punchOrigin(client, input);
  try {
    return await db.$transaction(async (tx) => {
      // Locking the punch serialises this with a concurrent punch-out (see locks.ts).
      const punch = await lockOpenPunch(tx, caller.userId);
      if (!punch) throw requiresPunchIn();
      await assertNotLocked(tx, caller.userId, punch.punchInAt, latest(new Date(), punch.punchInAt), caller);
      // The task row, shared-locked: a delete holds it while it closes the task's clocks, so a
      // clock-in racing a delete is either closed by it or refused here, never left open after it.
      const [live] = await tx.$queryRaw<Array<{ is_recurring: boolean; status: string }>>`SELECT is_recurring, status FROM tasks WHERE id = ${task.id}::uuid AND deleted_at IS NULL FOR SHARE`;
      if (!live) throw notFound("Task not found");
      // A series is the template its occurrences are made from: time goes on an occurrence.
      if (live.is_recurring) throw badRequest(SERIES_NOT_CLOCKABLE);
      const running = await lockOpenEntry(tx, caller.userId);
      if (running) {
        if (running.taskId !== task.id) throw cannotPunchInto(task, await loadActiveTask(tx, caller, running.taskId));
        const entry = await tx.taskTimeEntry.findUniqueOrThrow({ where: { id: running.id }, select: timeEntrySelect });
        return { created: false, entry, activeTask: { ...task, startedAt: entry.startedAt } };
      }
      // Read under the share lock that a completion's update waits for: a clock-in racing a completion sees it and is refused, or comes first like any running clock.
      if (isFinishedStatus(live.status)) throw finishedNotClockable(task, live.status);
      const entry = await tx.taskTimeEntry.create({
        data: {
          userId: caller.userId,
          taskId: task.id,
          punchSessionId: punch.id,
          startedAt: latest(new Date(), punch.punchInAt),
          source: origin.source,
          location: origin.location,
          userAgent: origin.userAgent,
          ip: origin.ip,
        },
        select: timeEntrySelect,
      });
      await recordAudit(tx, {
        actorId: caller.userId,
        action: "task.clock_in",
        entityType: "task_time_entry",
        entityId: entry.id,
        after: { taskId: task.id, punchSessionId: punch.id, startedAt: entry.startedAt },
        metadata: { source: origin.source, location: origin.location, ip: origin.ip, userAgent: origin.userAgent },
      });
      return { created: true, entry, activeTask: { ...task, startedAt: entry.startedAt } };
    }, PUNCH_TX_OPTIONS);
  } catch (error) {
    // Backstops for writers that skip the punch lock: the database invariants still hold, and
    // the caller still gets the answer the locked path would have given.
    if (isInvariantViolation(error, "task_time_entries_one_open_per_user")) {
      const current = await db.taskTimeEntry.findFirst({
        where: { userId: caller.userId, endedAt: null },
        select: { task: { select: activeTaskSelect } },
      });
      throw current ? cannotPunchInto(task, presentActiveTask(caller, current.task)) : conflict(`Cannot punch into task #${task.displayNumber}. Please try again.`);
    }
    if (isInvariantViolation(error, "task_time_entries_inside_punch", INVARIANT_SQLSTATES.timeEntryOutsidePunch)) {
      throw requiresPunchIn();
    }
    throw error;
  }
}
