import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db, type Db } from "@/lib/db";
import { badRequest, forbidden, notFound } from "@/lib/http/app-error";
import { canEditTask } from "@/lib/tasks/permissions";
import { isUuid } from "@/lib/validations/ids";
import { TASK_NOT_FOUND } from "./get-task";
import { loadViewer } from "./task-access";
import { visibleTaskWhere } from "@/lib/services/visibility/tasks";
import { taskSummarySelect } from "./task-summary";

export const DEPENDENCY_SELF = "A task cannot depend on itself";

export const DEPENDENCY_CYCLE = "That dependency would create a cycle";

export const DEPENDENCY_NOT_FOUND = "Prerequisite task not found";

/**
 * Finish-to-start dependencies between tasks ("taskId waits for dependsOnTaskId"), read by the
 * Gantt chart. No task waits for itself (also a database check) and no chain of waits comes
 * back to where it started: every change takes one transaction-scoped advisory lock, so two
 * concurrent additions (A→B and B→A) cannot both pass the cycle check.
 */

/** Serializes changes to the dependency graph. */
export async function lockDependencyGraph(tx: Db): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('bfs.task_dependencies'))`;
}

/** Every task `taskId` already waits for, directly or through others. */
async function prerequisitesOf(client: Db, taskId: string): Promise<Set<string>> {
  const rows = await client.$queryRaw<{ id: string }[]>(Prisma.sql`
    WITH RECURSIVE chain(id) AS (
      SELECT depends_on_task_id FROM task_dependencies WHERE task_id = ${taskId}::uuid
      UNION
      SELECT d.depends_on_task_id FROM task_dependencies d JOIN chain ON d.task_id = chain.id
    )
    SELECT id::text AS id FROM chain`);
  return new Set(rows.map((r) => r.id));
}

/**
 * Records "taskId waits for dependsOnTaskId" inside `tx` (which must hold the lock): refuses a
 * self edge and any edge that closes a cycle. Repeating an existing edge changes nothing.
 */
export async function insertDependency(tx: Db, taskId: string, dependsOnTaskId: string): Promise<void> {
  if (taskId === dependsOnTaskId) throw badRequest(DEPENDENCY_SELF, { field: "dependsOnTaskId" });
  // A cycle appears when the prerequisite already (transitively) waits for the task.
  if ((await prerequisitesOf(tx, dependsOnTaskId)).has(taskId)) throw badRequest(DEPENDENCY_CYCLE, { field: "dependsOnTaskId" });
  await tx.taskDependency.createMany({ data: [{ taskId, dependsOnTaskId }], skipDuplicates: true });
}

export async function editableTask(caller: Caller, taskId: string) {
  if (!isUuid(taskId)) throw notFound(TASK_NOT_FOUND);
  const [viewer, task] = await Promise.all([
    loadViewer(db, caller),
    db.task.findFirst({
      where: { id: taskId, ...visibleTaskWhere(caller) },
      select: { id: true, createdById: true, assigneeId: true, vendorId: true, organizationalUnitId: true, isPrivate: true, availableForPickup: true, status: true, deletedAt: true, assignments: { select: { userId: true } } },
    }),
  ]);
  if (!task) throw notFound(TASK_NOT_FOUND);
  if (!canEditTask(viewer, { ...task, teamUserIds: task.assignments.map((a) => a.userId) })) throw forbidden("You may not edit this task");
  return task;
}

export const dependencySelect = {
  id: true,
  type: true,
  createdAt: true,
  dependsOn: { select: taskSummarySelect },
} satisfies Prisma.TaskDependencySelect;
