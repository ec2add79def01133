import "server-only";
import { isUuid } from "@/lib/validations/ids";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/http/app-error";
import { activeTaskSelect, type ActiveTask } from "./active-task";


/**
 * The tasks a caller may see (spec §6): not deleted, and a private task only by its creator
 * and administrators. The scope is in the query, so "not yours" and "not there" are one 404.
 */
export function visibleTaskWhere(caller: Pick<Caller, "userId" | "role">): Prisma.TaskWhereInput {
  if (caller.role === "admin") return { deletedAt: null };
  return { deletedAt: null, OR: [{ isPrivate: false }, { createdById: caller.userId }] };
}

export async function findVisibleTaskOrThrow(caller: Pick<Caller, "userId" | "role">, taskId: string): Promise<ActiveTask> {
  if (!isUuid(taskId)) throw notFound("Task not found");
  const task = await db.task.findFirst({ where: { id: taskId, ...visibleTaskWhere(caller) }, select: activeTaskSelect });
  if (!task) throw notFound("Task not found");
  return task;
}
