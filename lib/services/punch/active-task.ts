import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isTaskVisible } from "@/lib/services/visibility/tasks";
import { titleForReader } from "@/lib/tasks/task-title";
import type { z } from "zod";
import type { activeTaskSchema } from "@/lib/validations/punch";

/** What is read to name a task in a 409 or the punch status (spec §3 "Active task"). */
export const activeTaskSelect = { id: true, displayNumber: true, title: true, isPrivate: true, createdById: true } as const;
type ActiveTaskRow = Prisma.TaskGetPayload<{ select: typeof activeTaskSelect }>;

/** The task named in a 409 and in the punch status: id, displayNumber, title. */
export type ActiveTask = z.output<typeof activeTaskSchema>;

/**
 * The task as this caller may see it: a task the caller is clocked into may
 * since have become someone else's private task; the clock keeps working, but its title is not
 * shown (`titleForReader`, lib/tasks/task-title.ts). Visibility is the one rule of lib/services/visibility/tasks.ts.
 */
export function presentActiveTask(caller: Pick<Caller, "userId" | "role">, row: ActiveTaskRow): ActiveTask {
  const visible = isTaskVisible(caller, { createdById: row.createdById, isPrivate: row.isPrivate, deletedAt: null });
  return { id: row.id, displayNumber: row.displayNumber, title: titleForReader(visible, row.title) };
}

/**
 * The extra fields of a 409 caused by the task the caller is clocked into. The spec's client
 * reads `hasConflict` and `conflictingTask` (§3 "Error response fields read"); `activeTask` is
 * the same task under the name of the punch-out call's 409 (§7), kept for that contract.
 */
export const taskConflictFields = (task: ActiveTask) => ({ hasConflict: true, conflictingTask: task, activeTask: task });

export const taskLabel = (task: ActiveTask) => `task #${task.displayNumber} (${task.title})`;

export async function loadActiveTask(client: Db | Prisma.TransactionClient, caller: Pick<Caller, "userId" | "role">, taskId: string): Promise<ActiveTask> {
  return presentActiveTask(caller, await client.task.findUniqueOrThrow({ where: { id: taskId }, select: activeTaskSelect }));
}
