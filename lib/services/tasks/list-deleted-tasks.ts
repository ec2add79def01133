import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { containsText } from "@/lib/search/contains-text";
import type { z } from "zod";
import type { deletedTaskListSchema } from "@/lib/validations/tasks";

/** Deleted tasks for the admin list (who deleted them, when), newest deletion first. */
export async function listDeletedTasks(query: { q?: string; page: number; pageSize: number }): Promise<z.input<typeof deletedTaskListSchema>> {
  const where: Prisma.TaskWhereInput = {
    deletedAt: { not: null },
    ...(query.q && { title: containsText(query.q) }),
  };
  const skip = (query.page - 1) * query.pageSize;
  const [total, rows] = await Promise.all([
    db.task.count({ where }),
    db.task.findMany({
      where,
      orderBy: [{ deletedAt: "desc" }, { displayNumber: "desc" }],
      skip,
      take: query.pageSize,
      select: {
        id: true,
        displayNumber: true,
        title: true,
        status: true,
        priority: true,
        isPrivate: true,
        dueDate: true,
        deletedAt: true,
        deletedBy: { select: { id: true, firstName: true, lastName: true } },
        createdBy: { select: { id: true, firstName: true, lastName: true } },
        organizationalUnit: { select: { id: true, name: true } },
        parentTask: { select: { id: true, displayNumber: true, title: true, deletedAt: true } },
        _count: { select: { subTasks: true, checklistItems: true } },
      },
    }),
  ]);
  return {
    items: rows.map(({ _count, parentTask, deletedAt, ...row }) => ({
      ...row,
      deletedAt: deletedAt as Date, // the where clause keeps only deleted tasks
      parentTask,
      /** Deleted together with its parent: restoring the parent brings it back. */
      deletedWithParent: Boolean(parentTask?.deletedAt && deletedAt && parentTask.deletedAt.getTime() === deletedAt?.getTime()),
      subTaskCount: _count.subTasks,
      checklistCount: _count.checklistItems,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
    hasMore: skip + rows.length < total,
  };
}
