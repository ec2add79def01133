import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { visibleProjectWhere } from "@/lib/services/projects/project-access";
import { loadViewer } from "@/lib/services/tasks/task-access";
import { visibleTaskSql } from "@/lib/services/tasks/visibility";
import { VENDOR_PREFIX } from "@/lib/tasks/options";
import { canEditTask } from "@/lib/tasks/permissions";
import { addDays, dateKeyOf } from "@/lib/dates";
import { holidaysInYear } from "@/lib/dates/holidays";
import { TIMELINE_TASK_LIMIT, type Timeline, type TimelineQuery } from "@/lib/validations/gantt";

interface TaskRow {
  id: string;
  display_number: number;
  title: string;
  status: string;
  priority: string;
  start_date: Date | null;
  due_date: Date;
  project_id: string | null;
  organizational_unit_id: string;
  created_by_id: string;
  assignee_id: string | null;
  vendor_id: string | null;
  is_private: boolean;
  /** Null when the task has no parent or the caller cannot see it (withheld, as in the task list). */
  parent_task_id: string | null;
  on_team: boolean;
  checklist_total: number;
  checklist_done: number;
}

/** The task's span as the range the GiST index tasks_timeline_span_idx holds (keep them equal). */
const SPAN = Prisma.sql`tstzrange(LEAST(COALESCE(t.start_date, t.due_date), t.due_date), t.due_date, '[]')`;

/**
 * GET /api/tasks/timeline: the caller's visible tasks whose span overlaps [from, to), their
 * projects and the dependencies among them, in two round trips (viewer + the window with its
 * per-row facts; then projects and links side by side). The links' statement binds the window's
 * ids once: binding the 2,000 ids twice took 10 ms of the read. The window is
 * served by the GiST index on the span (migration 20261123130000_gantt_timeline_index);
 * visibility is visibleTaskSql, as everywhere. Project summary bars are drawn from the tasks
 * returned (aggregating a project's whole history took 140 ms at 100k tasks).
 */
export async function getTimeline(caller: Caller, query: TimelineQuery): Promise<Timeline> {
  const visible = visibleTaskSql(caller, "t");
  const filters: Prisma.Sql[] = [visible, Prisma.sql`NOT t.is_recurring`, Prisma.sql`${SPAN} && tstzrange(${query.from}::timestamptz, ${query.to}::timestamptz, '[)')`];
  if (query.status?.length) filters.push(Prisma.sql`t.status::text IN (${Prisma.join(query.status)})`);
  if (query.unitId) filters.push(Prisma.sql`t.organizational_unit_id = ${query.unitId}::uuid`);
  if (query.projectId) filters.push(Prisma.sql`t.project_id = ${query.projectId}::uuid`);
  if (query.mine) filters.push(assignedTo(caller.userId));
  if (query.assigneeId) filters.push(assigneeSql(query.assigneeId, caller.userId));

  // One statement: the window (served by the span index) first, materialized with its limit,
  // then per-row lookups by primary key for the parent's visibility and the checklist counts (as
  // joins or EXISTS the planner hashed the whole tasks table: 230 ms). The caller's team seats are
  // one small set (their task_assignments by user_id, one row per task: unique (task_id, user_id))
  // hashed against the window: probing task_assignments once per row cost 2,000 index scans,
  // ≈ 5 ms of the statement's 45.
  const [viewer, rows] = await Promise.all([
    loadViewer(db, caller),
    db.$queryRaw<TaskRow[]>(Prisma.sql`
      WITH w AS MATERIALIZED (
        SELECT t.id, t.display_number, t.title, t.status, t.priority, t.start_date, t.due_date, t.project_id, t.parent_task_id,
          t.organizational_unit_id, t.created_by_id, t.assignee_id, t.vendor_id, t.is_private, t.has_checklist
        FROM tasks t
        WHERE ${Prisma.join(filters, " AND ")}
        ORDER BY LEAST(COALESCE(t.start_date, t.due_date), t.due_date), t.display_number
        LIMIT ${TIMELINE_TASK_LIMIT + 1}
      )
      SELECT w.id::text, w.display_number, w.title, w.status::text, w.priority::text, w.start_date, w.due_date, w.project_id::text,
        w.organizational_unit_id::text, w.created_by_id::text, w.assignee_id::text, w.vendor_id::text, w.is_private,
        (SELECT p.id::text FROM tasks p WHERE p.id = w.parent_task_id AND ${visibleTaskSql(caller, "p")} LIMIT 1) AS parent_task_id,
        (seat.task_id IS NOT NULL) AS on_team,
        CASE WHEN w.has_checklist THEN (SELECT count(*)::int FROM checklist_items ci WHERE ci.task_id = w.id) ELSE 0 END AS checklist_total,
        CASE WHEN w.has_checklist THEN (SELECT count(*)::int FROM checklist_items ci WHERE ci.task_id = w.id AND ci.is_completed) ELSE 0 END AS checklist_done
      FROM w LEFT JOIN (SELECT a.task_id FROM task_assignments a WHERE a.user_id = ${caller.userId}::uuid) seat ON seat.task_id = w.id
      ORDER BY LEAST(COALESCE(w.start_date, w.due_date), w.due_date), w.display_number`),
  ]);
  const truncated = rows.length > TIMELINE_TASK_LIMIT;
  const taskRows = rows.slice(0, TIMELINE_TASK_LIMIT);
  const ids = taskRows.map((r) => r.id);
  const projectIds = [...new Set(taskRows.flatMap((r) => (r.project_id ? [r.project_id] : [])))];

  const [projects, links] = await Promise.all([
    projectIds.length
      ? db.project.findMany({ where: { id: { in: projectIds }, ...visibleProjectWhere(caller) }, select: { id: true, name: true, color: true } })
      : [],
    ids.length > 1
      ? db.$queryRaw<Array<{ task_id: string; depends_on_task_id: string }>>(Prisma.sql`
          SELECT d.task_id::text, d.depends_on_task_id::text
          FROM task_dependencies d, (SELECT ${ids}::uuid[] AS ids) w
          WHERE d.task_id = ANY(w.ids) AND d.depends_on_task_id = ANY(w.ids)
          ORDER BY d.created_at`)
      : [],
  ]);
  const shownProjects = new Set(projects.map((p) => p.id));

  return {
    from: query.from.toISOString(),
    to: query.to.toISOString(),
    tasks: taskRows.map((r) => ({
      id: r.id,
      displayNumber: r.display_number,
      title: r.title,
      status: r.status,
      priority: r.priority,
      startDate: r.start_date ? r.start_date.toISOString() : null,
      dueDate: r.due_date.toISOString(),
      // A deleted project (hidden from non-admins) puts its tasks under "No project".
      projectId: r.project_id && shownProjects.has(r.project_id) ? r.project_id : null,
      parentTaskId: r.parent_task_id,
      progress: progressOf(r.status, { total: r.checklist_total, done: r.checklist_done }),
      canEdit: canEditTask(viewer, {
        createdById: r.created_by_id,
        assigneeId: r.assignee_id,
        vendorId: r.vendor_id,
        organizationalUnitId: r.organizational_unit_id,
        isPrivate: r.is_private,
        availableForPickup: false,
        status: r.status,
        deletedAt: null,
        teamUserIds: r.on_team ? [caller.userId] : [],
      }),
    })),
    projects: projects
      .map((p) => ({ id: p.id, name: p.name, color: p.color }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    dependencies: links.map((l) => ({ taskId: l.task_id, dependsOnTaskId: l.depends_on_task_id })),
    truncated,
    holidays: holidaysAround(query.from, query.to),
  };
}

/** How far past the window the holidays reach: a bar that spans its edge, or a drag past it, still lands right. */
const HOLIDAY_MARGIN_DAYS = 31;

/** The organization's holidays (lib/dates/holidays, its default calendar) around the window. */
export function holidaysAround(from: Date, to: Date): Array<{ date: string; names: string[] }> {
  const first = addDays(dateKeyOf(from), -HOLIDAY_MARGIN_DAYS);
  const last = addDays(dateKeyOf(to), HOLIDAY_MARGIN_DAYS);
  const out: Array<{ date: string; names: string[] }> = [];
  for (let year = Number(first.slice(0, 4)); year <= Number(last.slice(0, 4)); year++) {
    for (const day of holidaysInYear(year)) if (day.date >= first && day.date <= last) out.push(day);
  }
  return out;
}

/** 100 when completed, else the ticked share of the checklist (0 without one). */
function progressOf(status: string, checklist: { total: number; done: number } | undefined): number {
  if (status === "completed") return 100;
  return checklist && checklist.total ? Math.round((checklist.done / checklist.total) * 100) : 0;
}

/** Assigned to the member directly or on the team (the task list's `mine` / `assigneeId`). */
function assignedTo(userId: string): Prisma.Sql {
  return Prisma.sql`(t.assignee_id = ${userId}::uuid OR EXISTS (SELECT 1 FROM task_assignments a WHERE a.task_id = t.id AND a.user_id = ${userId}::uuid))`;
}

function assigneeSql(value: string, me: string): Prisma.Sql {
  if (value === "unassigned") return Prisma.sql`(t.assignee_id IS NULL AND t.vendor_id IS NULL)`;
  if (value.startsWith(VENDOR_PREFIX)) return Prisma.sql`t.vendor_id = ${value.slice(VENDOR_PREFIX.length)}::uuid`;
  return assignedTo(value === "me" ? me : value);
}
