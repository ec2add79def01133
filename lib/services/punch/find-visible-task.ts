import "server-only";
import { isUuid } from "@/lib/validations/ids";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { visibleTaskWhere } from "@/lib/services/visibility/tasks";
import { activeTaskSelect, presentActiveTask, type ActiveTask } from "./active-task";

/** A task the caller may clock into: the tasks domain's visibility rule, so "not yours" and "not there" are one 404. */
export async function findVisibleTaskOrThrow(caller: Pick<Caller, "userId" | "role">, taskId: string): Promise<ActiveTask> {
  if (!isUuid(taskId)) throw notFound("Task not found");
  const task = await db.task.findFirst({ where: { id: taskId, ...visibleTaskWhere(caller) }, select: activeTaskSelect });
  if (!task) throw notFound("Task not found");
  return presentActiveTask(caller, task);
}
