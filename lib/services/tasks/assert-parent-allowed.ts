import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Caller } from "@/lib/auth/resolve-caller";
import type { Db } from "@/lib/db";
import { badRequest } from "@/lib/http/app-error";
import { visibleTaskWhere } from "@/lib/services/visibility/tasks";

export const PARENT_NOT_FOUND = "Parent task not found";
export const PARENT_IS_SELF = "A task cannot be its own parent";
export const PARENT_IS_DESCENDANT = "A task cannot be the sub-task of its own sub-task";

/** Every task below `rootId` (children, grandchildren ...), deleted or not; the root excluded. */
export async function descendantIds(client: Db, rootId: string): Promise<string[]> {
  // UNION (not UNION ALL) stops even on a cycle that should never exist.
  const rows = await client.$queryRaw<{ id: string }[]>(Prisma.sql`
    WITH RECURSIVE tree(id) AS (
      SELECT id FROM tasks WHERE parent_task_id = ${rootId}::uuid
      UNION
      SELECT t.id FROM tasks t JOIN tree ON t.parent_task_id = tree.id
    )
    SELECT id::text AS id FROM tree`);
  return rows.map((r) => r.id);
}

/**
 * A parent must be a task the caller can see, not the task itself and not one of its own
 * descendants (spec §5). Call it inside the write's transaction after `lockTaskTree`, so two
 * concurrent re-parentings cannot build a cycle between them.
 */
export async function assertParentAllowed(client: Db, caller: Pick<Caller, "userId" | "role">, taskId: string | null, parentId: string) {
  if (taskId && parentId === taskId) throw badRequest(PARENT_IS_SELF, { field: "parentTaskId" });
  const parent = await client.task.findFirst({
    where: { id: parentId, ...visibleTaskWhere(caller) },
    select: {
      id: true, organizationalUnitId: true, projectId: true, priority: true, title: true,
      dueDate: true, assigneeType: true, assigneeId: true, vendorId: true,
    },
  });
  if (!parent) throw badRequest(PARENT_NOT_FOUND, { field: "parentTaskId" });
  if (taskId && (await descendantIds(client, taskId)).includes(parentId)) {
    throw badRequest(PARENT_IS_DESCENDANT, { field: "parentTaskId" });
  }
  return parent;
}

/** Serializes changes to the task tree (a transaction-scoped advisory lock). */
export async function lockTaskTree(tx: Db): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('bfs.task_tree'))`;
}
