import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

/** Why a task clock was closed by a change to its task (stored as the entry's end location and in the audit row). */
export type TaskClockCloseCause = "task-completed" | "task-deleted" | "unassigned";

export interface ClosedTaskClock {
  entryId: string;
  userId: string;
  taskId: string;
  startedAt: Date;
  endedAt: Date;
}

/**
 * Closes the running task clocks on the given tasks, in the transaction of the change that ends
 * the work (a completion, a delete, an unassignment): a timer follows its task. `userIds` narrows
 * it to those people (the one who completes, the ones taken off the task); without it every
 * running clock on the tasks closes. The punch stays open; the close time is the app server's clock, never before the clock's start. A clock closed for someone other than
 * the actor is marked `ended_by_force`, like punch-out's "Punch Out Anyway". One UPDATE (the row
 * locks serialise it with that person's punch-out and clock-out) and one audit row per clock.
 * Not refused by a locked pay period: completing or deleting a task must always work.
 */
export async function closeTaskClocks(
  tx: Prisma.TransactionClient,
  opts: { taskIds: string[]; userIds?: string[]; actorId: string; cause: TaskClockCloseCause },
): Promise<ClosedTaskClock[]> {
  if (opts.taskIds.length === 0 || (opts.userIds && opts.userIds.length === 0)) return [];
  const userFilter = opts.userIds ? opts.userIds : null;
  const rows = await tx.$queryRaw<{ id: string; user_id: string; task_id: string; started_at: Date; ended_at: Date }[]>`
    UPDATE task_time_entries
       SET ended_at = GREATEST(${new Date()}::timestamptz, started_at),
           end_location = ${opts.cause},
           ended_by_force = (user_id <> ${opts.actorId}::uuid)
     WHERE ended_at IS NULL
       AND task_id = ANY(${opts.taskIds}::uuid[])
       AND (${userFilter}::uuid[] IS NULL OR user_id = ANY(${userFilter}::uuid[]))
    RETURNING id, user_id, task_id, started_at, ended_at`;
  if (rows.length === 0) return [];
  await tx.auditLog.createMany({
    data: rows.map((row) => ({
      actorId: opts.actorId,
      action: "task.clock_out",
      entityType: "task_time_entry",
      entityId: row.id,
      before: { endedAt: null },
      after: { taskId: row.task_id, userId: row.user_id, startedAt: row.started_at.toISOString(), endedAt: row.ended_at.toISOString(), endedByForce: row.user_id !== opts.actorId },
      metadata: { via: opts.cause },
    })),
  });
  return rows.map((row) => ({ entryId: row.id, userId: row.user_id, taskId: row.task_id, startedAt: row.started_at, endedAt: row.ended_at }));
}
