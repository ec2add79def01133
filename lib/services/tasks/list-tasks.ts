import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { VENDOR_PREFIX } from "@/lib/tasks/options";
import type { ListTasksQuery, TaskSort } from "@/lib/validations/tasks";
import { descendantIds } from "./assert-parent-allowed";
import { loadViewer, mineWhere, pickupWhere, visibleTaskWhere } from "./task-access";
import { countVisibleSubTasks, taskSelect, toTaskDto, type TaskDto } from "./task-shape";

export interface TaskPage {
  items: TaskDto[];
  total: number;
  page: number;
  pageSize: number;
  hasMore: boolean;
}

/**
 * The caller's visible tasks, filtered, sorted and paginated (GET /api/tasks). One count and
 * one select with batched relation reads: the same number of queries for 1 row or 200.
 */
export async function listTasks(caller: Caller, query: ListTasksQuery): Promise<TaskPage> {
  const viewer = await loadViewer(db, caller);
  const filters: Prisma.TaskWhereInput[] = [visibleTaskWhere(caller)];

  if (query.status?.length) filters.push({ status: { in: query.status } });
  if (query.priority?.length) filters.push({ priority: { in: query.priority } });
  if (query.unitId) filters.push({ organizationalUnitId: query.unitId });
  if (query.projectId) filters.push({ projectId: query.projectId });
  if (query.parentTaskId) filters.push({ parentTaskId: query.parentTaskId });
  if (query.mine) filters.push(mineWhere(caller.userId));
  if (query.available) filters.push(pickupWhere(viewer.unitIds));
  if (query.assigneeId) filters.push(assigneeFilter(query.assigneeId, caller.userId));
  if (query.dueFrom || query.dueTo) filters.push({ dueDate: { ...(query.dueFrom && { gte: query.dueFrom }), ...(query.dueTo && { lt: query.dueTo }) } });
  if (query.q) filters.push(textFilter(query.q));
  if (query.excludeTree) {
    const below = await descendantIds(db, query.excludeTree);
    filters.push({ id: { notIn: [query.excludeTree, ...below] } });
  }

  const where: Prisma.TaskWhereInput = { AND: filters };
  const skip = (query.page - 1) * query.pageSize;
  const [total, rows] = await Promise.all([
    db.task.count({ where }),
    db.task.findMany({ where, select: taskSelect(), orderBy: orderByFor(query.sort, query.order), skip, take: query.pageSize }),
  ]);
  const subTaskCounts = await countVisibleSubTasks(db, caller, rows.map((row) => row.id));
  return {
    items: rows.map((row) => toTaskDto(row, viewer, subTaskCounts.get(row.id) ?? 0)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    hasMore: skip + rows.length < total,
  };
}

function assigneeFilter(value: string, me: string): Prisma.TaskWhereInput {
  if (value === "me") return mineWhere(me);
  if (value === "unassigned") return { assigneeId: null, vendorId: null };
  if (value.startsWith(VENDOR_PREFIX)) return { vendorId: value.slice(VENDOR_PREFIX.length) };
  return mineWhere(value);
}

/** Every word in the title (trigram-indexed ILIKE), or a task number ("42" or "#42"). */
function textFilter(q: string): Prisma.TaskWhereInput {
  const number = /^#?(\d{1,9})$/.exec(q);
  const words = q.split(/\s+/).filter(Boolean).slice(0, 8);
  const title: Prisma.TaskWhereInput = { AND: words.map((word) => ({ title: { contains: word, mode: "insensitive" as const } })) };
  return number ? { OR: [{ displayNumber: Number(number[1]) }, title] } : title;
}

function orderByFor(sort: TaskSort, order?: "asc" | "desc"): Prisma.TaskOrderByWithRelationInput[] {
  const tie: Prisma.TaskOrderByWithRelationInput = { displayNumber: "asc" };
  switch (sort) {
    case "dueDate":
      return [{ dueDate: order ?? "asc" }, tie];
    case "priority":
      // Enum order is low < normal < high < critical: most urgent first by default.
      return [{ priority: order ?? "desc" }, { dueDate: "asc" }, tie];
    case "department":
      return [{ organizationalUnit: { name: order ?? "asc" } }, { dueDate: "asc" }, tie];
    case "createdAt":
      return [{ createdAt: order ?? "desc" }, tie];
    case "updatedAt":
      return [{ updatedAt: order ?? "desc" }, tie];
    case "displayNumber":
      return [{ displayNumber: order ?? "desc" }];
    case "title":
      return [{ title: order ?? "asc" }, tie];
    case "status":
      return [{ status: order ?? "asc" }, { dueDate: "asc" }, tie];
  }
}
