import "server-only";
import { assertNotLocked } from "@/lib/services/time/locks";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { conflict } from "@/lib/http/app-error";
import type { z } from "zod";
import type { TaskClockInput, taskClockOutResultSchema } from "@/lib/validations/punch";
import { loadActiveTask } from "./active-task";
import { endTaskClock } from "./end-task-clock";

export type TaskClockOutResult = z.input<typeof taskClockOutResultSchema>;
import { findVisibleTaskOrThrow } from "./find-visible-task";
import { latest, lockOpenEntry } from "./locks";
import { PUNCH_TX_OPTIONS, punchOrigin, type RequestClient } from "./origin";

/**
 * POST /api/tasks/{id}/clock-out. Closes the caller's running clock on this task. The caller's
 * own running clock is always closable (even if the task has since become invisible to them,
 * so nobody is trapped on a clock); otherwise an invisible task is 404 and a visible task the
 * caller is not clocked into is 409.
 */
export async function clockOutOfTask(
  caller: Pick<Caller, "userId" | "role">,
  taskId: string,
  input: TaskClockInput,
  client: RequestClient,
): Promise<TaskClockOutResult> {
  const origin = punchOrigin(client, input);
  const result = await db.$transaction(async (tx) => {
    const running = await lockOpenEntry(tx, caller.userId);
    if (!running || running.taskId !== taskId.toLowerCase()) return null;
    await assertNotLocked(tx, caller.userId, running.startedAt, latest(new Date(), running.startedAt), caller);
    const endedAt = latest(new Date(), running.startedAt);
    const entry = await endTaskClock(tx, { actorId: caller.userId, entry: running, endedAt, origin });
    return { entry, activeTask: null };
  }, PUNCH_TX_OPTIONS);
  if (result) return result;
  const task = await findVisibleTaskOrThrow(caller, taskId);
  const running = await db.taskTimeEntry.findFirst({ where: { userId: caller.userId, endedAt: null }, select: { taskId: true } });
  throw conflict(`You are not clocked into task #${task.displayNumber}.`, {
    activeTask: running ? await loadActiveTask(db, caller, running.taskId) : null,
  });
}
