import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { forbidden, notFound } from "@/lib/http/app-error";
import { loadViewer } from "@/lib/services/tasks/task-access";
import { visibleTaskWhere } from "@/lib/services/visibility/tasks";
import { canEditTask } from "@/lib/tasks/permissions";
import { isUuid } from "@/lib/validations/tasks";

export const SERIES_NOT_FOUND = "Recurring task not found";

/** A series the caller may see (404 otherwise, like a task); with `edit`, one they may edit (403). */
export async function loadSeriesOrThrow(caller: Caller, id: string, opts: { edit?: boolean } = {}) {
  if (!isUuid(id)) throw notFound(SERIES_NOT_FOUND);
  const [viewer, series] = await Promise.all([
    loadViewer(db, caller),
    db.task.findFirst({
      where: { id, isRecurring: true, ...visibleTaskWhere(caller) },
      select: {
        id: true,
        createdById: true,
        assigneeId: true,
        vendorId: true,
        organizationalUnitId: true,
        isPrivate: true,
        availableForPickup: true,
        status: true,
        deletedAt: true,
        recurrencePausedAt: true,
        recurrenceEndedAt: true,
        assignments: { select: { userId: true } },
      },
    }),
  ]);
  if (!series) throw notFound(SERIES_NOT_FOUND);
  const canEdit = canEditTask(viewer, { ...series, teamUserIds: series.assignments.map((a) => a.userId) });
  if (opts.edit && !canEdit) throw forbidden("You may not change this recurring task");
  return { series, canEdit };
}
