import "server-only";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

/** The task named in a 409 (spec §3 "Active task"): id, displayNumber, title. */
export const activeTaskSelect = { id: true, displayNumber: true, title: true } as const;
export type ActiveTask = Prisma.TaskGetPayload<{ select: typeof activeTaskSelect }>;

export const taskLabel = (task: ActiveTask) => `task #${task.displayNumber} (${task.title})`;

export async function loadActiveTask(client: Db | Prisma.TransactionClient, taskId: string): Promise<ActiveTask> {
  return client.task.findUniqueOrThrow({ where: { id: taskId }, select: activeTaskSelect });
}
