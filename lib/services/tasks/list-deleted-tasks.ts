import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { containsText } from "@/lib/search/contains-text";

/** Deleted tasks for the admin list (who deleted them, when), newest deletion first. */
export async function listDeletedTasks(query: { q?: string; page: number; pageSize: number }) {
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
    items: rows.map(({ _count, parentTask, ...row }) => ({
      ...row,
      parentTask,
      /** Deleted together with its parent: restoring the parent brings it back. */
      deletedWithParent: Boolean(parentTask?.deletedAt && row.deletedAt && parentTask.deletedAt.getTime() === row.deletedAt.getTime()),
      subTaskCount: _count.subTasks,
      checklistCount: _count.checklistItems,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
    hasMore: skip + rows.length < total,
  };
}
