import "server-only";
import { businessWeekRange } from "@/lib/dates/instants";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { BUSINESS_TIME_ZONE } from "@/lib/dates";
import { TASK_STATUSES, VENDOR_PREFIX } from "@/lib/tasks/options";
import { rangeInstants } from "@/lib/dates/instants";
import type { ListTasksQuery, TaskSort } from "@/lib/validations/tasks";
import { descendantIds } from "./assert-parent-allowed";
import { loadViewer, pickupWhere } from "./task-access";
import { visibleTaskWhere } from "@/lib/services/visibility/tasks";
import { loadListRows } from "./task-rows";
import { toTaskDto, type TaskDto } from "./task-shape";
import { containsText } from "@/lib/search/contains-text";
import { taskNumberOf } from "@/lib/tasks/number-search";

/** Counting stops here: past it a list says "1,000+" (an exact count scans every match). */
export const TASK_COUNT_CAP = 1000;

/**
 * The order the capped count reads its rows in. Any order counts the same (the first cap + 1
 * matches, or all of them), but Prisma gives a `take` without `orderBy` an ORDER BY id, which
 * makes Postgres walk the primary key and filter every row (10 ms for the dashboard's default
 * view at 100k tasks). In the covering index's order it is an index-only scan that stops at the
 * cap (2 ms); see docs/performance.md.
 */
const COUNT_ORDER: Prisma.TaskOrderByWithRelationInput[] = [{ dueDate: "asc" }, { displayNumber: "asc" }];

export interface TaskPage {
  items: TaskDto[];
  /**
   * The number of matching tasks when `totalCapped` is false. When true, a lower bound: there
   * are more than `total` (the count stopped at TASK_COUNT_CAP, or the page lies past it).
   */
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
  hasMore: boolean;
}

/**
 * The caller's visible tasks, filtered, sorted and paginated (GET /api/tasks).
 *
 * At 100k tasks the cost was the exact count (a scan of every visible row per page) and the
 * offset walk over whole rows. So: the page's ids first (pageSize + 1 of them: the extra one
 * says `hasMore`), served by the covering partial index tasks_visible_due_idx for the default
 * sort, beside a count that stops at TASK_COUNT_CAP + 1 rows (skipped past the cap, exact with
 * `exactTotal=true`); then the rows, their relations and sub-task counts for those ids only, in
 * one statement (task-rows.ts).
 */
export async function listTasks(caller: Caller, query: ListTasksQuery): Promise<TaskPage> {
  const assigneeMember = memberOf(query.assigneeId, caller.userId);
  const [viewer, mineIds, assigneeIds] = await Promise.all([
    loadViewer(db, caller),
    query.mine || query.completedThisWeek ? assignedTaskIds(caller.userId) : null,
    assigneeMember ? assignedTaskIds(assigneeMember) : null,
  ]);
  // A recurring series is a template (docs/recurrence.md): its occurrences are the tasks listed.
  const filters: Prisma.TaskWhereInput[] = [visibleTaskWhere(caller), { isRecurring: false }];

  if (query.status?.length) filters.push(statusWhere(query.status, Boolean(mineIds || assigneeIds)));
  if (query.priority?.length) filters.push({ priority: { in: query.priority } });
  if (query.unitId) filters.push({ organizationalUnitId: query.unitId });
  if (query.projectId) filters.push({ projectId: query.projectId });
  if (query.parentTaskId) filters.push({ parentTaskId: query.parentTaskId });
  if (query.seriesId) filters.push({ recurrenceSourceId: query.seriesId });
  if (query.mine && mineIds) filters.push({ id: { in: mineIds } });
  if (query.completedThisWeek) {
    // The dashboard card's count (get-dashboard-stats.ts): a task of mine, or one I completed.
    const week = businessWeekRange(new Date());
    filters.push({ status: "completed", completedAt: { gte: week.start, lt: week.end }, OR: [{ id: { in: mineIds ?? [] } }, { completedById: caller.userId }] });
  }
  if (query.available) filters.push(pickupWhere(viewer.unitIds));
  if (query.assigneeId) filters.push(assigneeFilter(query.assigneeId, assigneeIds));
  if (query.dueFrom || query.dueTo) filters.push({ dueDate: { ...(query.dueFrom && { gte: query.dueFrom }), ...(query.dueTo && { lt: query.dueTo }) } });
  if (query.dueOn) {
    const day = rangeInstants(query.dueOn, query.dueOn, BUSINESS_TIME_ZONE);
    filters.push({ dueDate: { gte: day.startsAt, lt: day.endsAt } });
  }
  if (query.q) filters.push(textFilter(query.q));
  if (query.excludeTree) {
    const below = await descendantIds(db, query.excludeTree);
    filters.push({ id: { notIn: [query.excludeTree, ...below] } });
  }

  const where: Prisma.TaskWhereInput = { AND: filters };
  const skip = (query.page - 1) * query.pageSize;
  const orderBy = orderByFor(query.sort, query.order);
  const toItems = async (pageIds: string[]) => {
    const byId = new Map((await loadListRows(db, caller, pageIds)).map((loaded) => [loaded.row.id, loaded]));
    return pageIds.flatMap((id) => {
      const loaded = byId.get(id);
      return loaded ? [toTaskDto(loaded.row, viewer, loaded.subTaskCount)] : [];
    });
  };

  // A member's tasks (`mine`, an assignee) are a list of ids (≈ 590 for the bench member) that
  // both statements below would bind. Up to the cap, reading every match once gives the page and
  // the exact count, and Prisma builds and binds the ids once instead of twice.
  const boundingIds = mineIds ?? assigneeIds;
  if (boundingIds && boundingIds.length <= TASK_COUNT_CAP) {
    const matches = (await db.task.findMany({ where, select: { id: true }, orderBy })).map((row) => row.id);
    const items = await toItems(matches.slice(skip, skip + query.pageSize));
    return { items, total: matches.length, totalCapped: false, page: query.page, pageSize: query.pageSize, hasMore: matches.length > skip + query.pageSize };
  }

  const countNow = query.exactTotal || skip + query.pageSize <= TASK_COUNT_CAP;
  const [ids, counted] = await Promise.all([
    db.task.findMany({ where, select: { id: true }, orderBy, skip, take: query.pageSize + 1 }),
    countNow ? db.task.count({ where, ...(query.exactTotal ? {} : { take: TASK_COUNT_CAP + 1, orderBy: COUNT_ORDER }) }) : null,
  ]);
  const hasMore = ids.length > query.pageSize;
  const items = await toItems(ids.slice(0, query.pageSize).map((row) => row.id));
  if (counted !== null) {
    const capped = !query.exactTotal && counted > TASK_COUNT_CAP;
    return { items, total: capped ? TASK_COUNT_CAP : counted, totalCapped: capped, page: query.page, pageSize: query.pageSize, hasMore };
  }
  // Past the cap no count ran: the rows before this page and this page's rows are known to
  // exist, and `hasMore` says whether there are more. A page past the end counts what is there
  // (at most `skip` rows, so never more work than the offset walk just done).
  const total = items.length > 0 ? skip + items.length : await db.task.count({ where, take: skip });
  return { items, total, totalCapped: hasMore, page: query.page, pageSize: query.pageSize, hasMore };
}

/**
 * The status filter. Beside a member's task ids (`mine`, an assignee) it names the statuses left
 * out: the search index (GIN on status and title) can serve `status IN`, and the planner then
 * ANDs its bitmap of every active task (22,841 at 100k tasks) with the member's few hundred ids:
 * 17 ms for the page's ids and 36 ms for the capped count. It cannot serve a NOT IN, so the plan
 * starts from the ids (7 ms each). The same rows: status is never null.
 */
function statusWhere(statuses: NonNullable<ListTasksQuery["status"]>, besideIds: boolean): Prisma.TaskWhereInput {
  if (!besideIds) return { status: { in: statuses } };
  return { status: { notIn: TASK_STATUSES.filter((status) => !statuses.includes(status)) } };
}

/** The member whose assignments `assigneeId` asks for (the caller for "me"), or null. */
function memberOf(value: string | undefined, me: string): string | null {
  if (!value || value === "unassigned" || value.startsWith(VENDOR_PREFIX)) return null;
  return value === "me" ? me : value;
}

/**
 * Ids of the tasks a member is assigned to, directly or on the team: two index lookups in one
 * statement. An OR across the two tables in the list query cannot use either index, so the
 * planner walked the whole due-date order filtering row by row (1.5 s p97.5 at 100k tasks).
 */
async function assignedTaskIds(userId: string): Promise<string[]> {
  const rows = await db.$queryRaw<Array<{ id: string }>>(Prisma.sql`
    SELECT id FROM tasks WHERE assignee_id = ${userId}::uuid
    UNION SELECT task_id FROM task_assignments WHERE user_id = ${userId}::uuid`);
  return rows.map((r) => r.id);
}
function assigneeFilter(value: string, assignedIds: string[] | null): Prisma.TaskWhereInput {
  if (value === "unassigned") return { assigneeId: null, vendorId: null };
  if (value.startsWith(VENDOR_PREFIX)) return { vendorId: value.slice(VENDOR_PREFIX.length) };
  return { id: { in: assignedIds ?? [] } };
}

/** Every word in the title (trigram-indexed ILIKE), or a task number ("42" or "#42"). */
function textFilter(q: string): Prisma.TaskWhereInput {
  const number = taskNumberOf(q);
  const words = q.split(/\s+/).filter(Boolean).slice(0, 8);
  const title: Prisma.TaskWhereInput = { AND: words.map((word) => ({ title: containsText(word) })) };
  return number !== null ? { OR: [{ displayNumber: number }, title] } : title;
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
