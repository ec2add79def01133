import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { isUuid } from "@/lib/validations/ids";
import { editableTask } from "./task-dependencies";
import { listTaskDependencies } from "./list-task-dependencies";

/** DELETE /api/tasks/{id}/dependencies/{dependsOnTaskId}. */
export async function removeTaskDependency(caller: Caller, taskId: string, dependsOnTaskId: string) {
  await editableTask(caller, taskId);
  if (!isUuid(dependsOnTaskId)) throw notFound("Dependency not found");
  await db.$transaction(async (tx) => {
    const { count } = await tx.taskDependency.deleteMany({ where: { taskId, dependsOnTaskId } });
    if (!count) throw notFound("Dependency not found");
    await recordAudit(tx, { actorId: caller.userId, action: "task.dependency.remove", entityType: "task", entityId: taskId, before: { dependsOnTaskId } });
  });
  return listTaskDependencies(caller, taskId);
}
