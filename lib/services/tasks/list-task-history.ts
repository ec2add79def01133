import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { isUuid } from "@/lib/validations/tasks";
import { TASK_NOT_FOUND } from "./get-task";
import { visibleTaskWhere } from "./task-access";

/** The task's audit rows (create, updates with before/after, claim, complete ...), newest first. */
export async function listTaskHistory(caller: Caller, taskId: string) {
  if (!isUuid(taskId)) throw notFound(TASK_NOT_FOUND);
  const task = await db.task.findFirst({ where: { id: taskId, ...visibleTaskWhere(caller) }, select: { id: true } });
  if (!task) throw notFound(TASK_NOT_FOUND);
  const rows = await db.auditLog.findMany({
    where: { entityType: "task", entityId: taskId },
    orderBy: { createdAt: "desc" },
    take: 200,
    select: {
      id: true,
      action: true,
      before: true,
      after: true,
      metadata: true,
      createdAt: true,
      actor: { select: { id: true, firstName: true, lastName: true } },
    },
  });
  return { items: rows };
}
