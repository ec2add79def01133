import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { isUuid } from "@/lib/validations/ids";
import { TASK_NOT_FOUND } from "./get-task";
import { visibleTaskWhere } from "@/lib/services/visibility/tasks";
import { taskSummarySelect } from "./task-summary";
import { dependencySelect } from "./task-dependencies";

/** GET /api/tasks/{id}/dependencies: what the task waits for and what waits for it (visible tasks only). */
export async function listTaskDependencies(caller: Caller, taskId: string) {
  if (!isUuid(taskId)) throw notFound(TASK_NOT_FOUND);
  const task = await db.task.findFirst({ where: { id: taskId, ...visibleTaskWhere(caller) }, select: { id: true } });
  if (!task) throw notFound(TASK_NOT_FOUND);
  const visible = visibleTaskWhere(caller);
  const [waitsFor, blocks] = await Promise.all([
    db.taskDependency.findMany({ where: { taskId, dependsOn: visible }, select: dependencySelect, orderBy: { createdAt: "asc" } }),
    db.taskDependency.findMany({
      where: { dependsOnTaskId: taskId, task: visible },
      select: { id: true, type: true, createdAt: true, task: { select: taskSummarySelect } },
      orderBy: { createdAt: "asc" },
    }),
  ]);
  return { waitsFor, blocks };
}
