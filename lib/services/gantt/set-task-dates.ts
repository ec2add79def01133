import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { forbidden, notFound } from "@/lib/http/app-error";
import { requestAlertEvaluation } from "@/lib/services/alerts/request-evaluation";
import { loadViewer } from "@/lib/services/tasks/task-access";
import { TASK_NOT_FOUND } from "@/lib/services/tasks/get-task";
import { lockDependencyGraph } from "@/lib/services/tasks/task-dependencies";
import { visibleTaskWhere } from "@/lib/services/visibility/tasks";
import { canEditTask } from "@/lib/tasks/permissions";
import type { SetTaskDatesInput, TaskDatesSet } from "@/lib/validations/gantt";

/**
 * PUT /api/tasks/timeline/dates (docs/gantt.md): the chart's Undo of a move that shifted
 * successors sets the moved task and every shifted one back, all or nothing. Every task must be
 * visible to the caller (404, as a missing task) and editable by them (403); then, in one
 * transaction under the dependency graph's lock (the lock "shift successors" takes, so an Undo
 * and a shift of the same chain do not interleave), one UPDATE and a `task.update` audit row per
 * task whose dates change. Sending the same dates again changes nothing (a retry is harmless).
 */
export async function setTaskDates(caller: Caller, input: SetTaskDatesInput): Promise<TaskDatesSet> {
  const ids = input.tasks.map((t) => t.id);
  const [viewer, found] = await Promise.all([
    loadViewer(db, caller),
    db.task.findMany({
      where: { AND: [visibleTaskWhere(caller), { id: { in: ids }, deletedAt: null }] },
      select: {
        id: true, startDate: true, dueDate: true, createdById: true, assigneeId: true, vendorId: true, organizationalUnitId: true,
        isPrivate: true, availableForPickup: true, status: true, deletedAt: true, assignments: { select: { userId: true } },
      },
    }),
  ]);
  if (found.length !== ids.length) throw notFound(TASK_NOT_FOUND);
  if (!found.every((t) => canEditTask(viewer, { ...t, teamUserIds: t.assignments.map((a) => a.userId) }))) {
    throw forbidden("You may not edit every one of these tasks");
  }
  const was = new Map(found.map((t) => [t.id, t]));
  const changes = input.tasks.filter((t) => {
    const old = was.get(t.id)!;
    return old.dueDate.getTime() !== t.dueDate.getTime() || (old.startDate?.getTime() ?? null) !== (t.startDate?.getTime() ?? null);
  });

  if (changes.length > 0) {
    await db.$transaction(async (tx) => {
      await lockDependencyGraph(tx);
      const changedIds = changes.map((t) => t.id);
      await tx.$executeRaw`
        UPDATE tasks t SET start_date = v.start_date, due_date = v.due_date, updated_at = now()
        FROM unnest(${changedIds}::uuid[], ${changes.map((t) => t.startDate)}::timestamptz[], ${changes.map((t) => t.dueDate)}::timestamptz[]) AS v(id, start_date, due_date)
        WHERE t.id = v.id AND t.deleted_at IS NULL`;
      await tx.auditLog.createMany({
        data: changes.map((t) => {
          const old = was.get(t.id)!;
          return {
            actorId: caller.userId,
            action: "task.update",
            entityType: "task",
            entityId: t.id,
            before: { dueDate: old.dueDate.toISOString(), startDate: old.startDate?.toISOString() ?? null },
            after: { dueDate: t.dueDate.toISOString(), startDate: t.startDate?.toISOString() ?? null },
            metadata: { setTogether: changedIds.length },
          };
        }),
      });
    });
    requestAlertEvaluation("task-update");
  }
  return { tasks: input.tasks.map((t) => ({ id: t.id, startDate: t.startDate?.toISOString() ?? null, dueDate: t.dueDate.toISOString() })) };
}
