import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db, type Db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { TASK_NOT_FOUND } from "./get-task";
import { visibleTaskWhere } from "@/lib/services/visibility/tasks";

/**
 * The id of the task people call "#32", when the caller may see it. A missing number and
 * someone else's private task are the same 404 from the same single indexed query, so a number
 * says nothing about a task the caller may not see.
 */
export async function findTaskIdByNumber(caller: Pick<Caller, "userId" | "role">, displayNumber: number, client: Db = db): Promise<string> {
  const row = await client.task.findFirst({ where: { displayNumber, ...visibleTaskWhere(caller) }, select: { id: true } });
  if (!row) throw notFound(TASK_NOT_FOUND);
  return row.id;
}
