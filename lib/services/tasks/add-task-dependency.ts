import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { badRequest } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { visibleTaskWhere } from "@/lib/services/visibility/tasks";
import { DEPENDENCY_NOT_FOUND, editableTask, insertDependency, lockDependencyGraph } from "./task-dependencies";
import { listTaskDependencies } from "./list-task-dependencies";

/** POST /api/tasks/{id}/dependencies { dependsOnTaskId }: whoever may edit the task. */
export async function addTaskDependency(caller: Caller, taskId: string, dependsOnTaskId: string) {
  await editableTask(caller, taskId);
  const prerequisite = await db.task.findFirst({ where: { id: dependsOnTaskId, ...visibleTaskWhere(caller) }, select: { id: true } });
  if (!prerequisite) throw badRequest(DEPENDENCY_NOT_FOUND, { field: "dependsOnTaskId" });
  await db.$transaction(async (tx) => {
    await lockDependencyGraph(tx);
    await insertDependency(tx, taskId, dependsOnTaskId);
    await recordAudit(tx, { actorId: caller.userId, action: "task.dependency.add", entityType: "task", entityId: taskId, after: { dependsOnTaskId } });
  });
  return listTaskDependencies(caller, taskId);
}
