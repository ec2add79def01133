import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db, hotPathPool } from "@/lib/db";
import { visibleProjectSql } from "@/lib/services/projects/project-access";
import { editableTaskSql } from "@/lib/services/tasks/edit-rights";
import { loadViewer } from "@/lib/services/tasks/task-access";
import { visibleTaskSql } from "@/lib/services/visibility/tasks";
import { VENDOR_PREFIX } from "@/lib/tasks/options";
import { addDays, dateKeyOf } from "@/lib/dates";
import { holidaysInYear } from "@/lib/dates/holidays";
import { TIMELINE_HOLIDAY_MARGIN_DAYS, TIMELINE_TASK_COLUMNS, TIMELINE_TASK_LIMIT, type TimelineQuery } from "@/lib/validations/gantt";

/** The task's span as the range the GiST index tasks_timeline_span_idx holds (keep them equal). */
const SPAN = Prisma.sql`tstzrange(LEAST(COALESCE(t.start_date, t.due_date), t.due_date), t.due_date, '[]')`;
/** The chart's order: earliest start first (a milestone starts at its due date), then by number. */
const ORDER = Prisma.sql`LEAST(COALESCE(t.start_date, t.due_date), t.due_date), t.display_number`;
const epochMs = (column: string) => Prisma.raw(`(extract(epoch FROM ${column}) * 1000)::bigint`);

/**
 * GET /api/tasks/timeline: the caller's visible tasks whose span overlaps [from, to), their
 * projects and the dependencies among them, as the answer's JSON text, built by Postgres in one
 * statement (the compact form of lib/validations/gantt.ts) and handed to the response as it is:
 * Node neither decodes 2,000 rows nor serialises them (docs/performance.md, the timeline).
 *
 * - The window is served by the GiST index on the span (migration
 *   20261123130000_gantt_timeline_index), materialized with its limit (+1: `truncated`) before
 *   anything is looked up per row; as joins against the window the planner hashed the whole tasks
 *   table (230 ms). Visibility is visibleTaskSql, as everywhere. The window's rows are numbered
 *   after the limit: a row_number() beside the LIMIT made Postgres sort all ≈ 3,500 matches in
 *   full instead of keeping the first 2,001 (top-N).
 * - `canEdit` is editableTaskSql (the rule of canEditTask, from the same clauses); the caller's
 *   team seats are one small set hashed against the page (probing task_assignments once per row
 *   cost 2,000 index scans).
 * - The links are read by the page's ids (`= ANY (ARRAY(…))`, the (task_id, depends_on_task_id)
 *   index): as a plain join against the page the planner hashed the whole task_dependencies table
 *   (11 ms at 33,000 links; ≈ 4 ms this way).
 * - A parent is an index into the page: a parent the caller cannot see is never on the page, so it
 *   is withheld by construction, and so is a link to a hidden task.
 * - Project summary bars are drawn from the tasks returned (aggregating a project's whole history
 *   took 140 ms at 100k tasks); a deleted project (hidden by visibleProjectSql) puts its tasks
 *   under "No project".
 */
export async function getTimeline(caller: Caller, query: TimelineQuery): Promise<string> {
  const filters: Prisma.Sql[] = [visibleTaskSql(caller, "t"), Prisma.sql`NOT t.is_recurring`, Prisma.sql`${SPAN} && tstzrange(${query.from}::timestamptz, ${query.to}::timestamptz, '[)')`];
  if (query.status?.length) filters.push(Prisma.sql`t.status::text IN (${Prisma.join(query.status)})`);
  if (query.unitId) filters.push(Prisma.sql`t.organizational_unit_id = ${query.unitId}::uuid`);
  if (query.projectId) filters.push(Prisma.sql`t.project_id = ${query.projectId}::uuid`);
  if (query.mine) filters.push(assignedTo(caller.userId));
  if (query.assigneeId) filters.push(assigneeSql(query.assigneeId, caller.userId));

  const viewer = await loadViewer(db, caller);
  const canEdit = editableTaskSql(viewer, "t", { teamSeat: Prisma.sql`(seat.task_id IS NOT NULL)` });
  // 100 when completed, else the ticked share of the checklist rounded half up, in integers (0 without one).
  const progress = Prisma.sql`CASE WHEN t.status = 'completed' THEN 100 WHEN t.has_checklist THEN (
      SELECT CASE WHEN count(*) = 0 THEN 0 ELSE ((200 * count(*) FILTER (WHERE ci.is_completed) + count(*)) / (2 * count(*)))::int END
      FROM checklist_items ci WHERE ci.task_id = t.id) ELSE 0 END`;
  const statement = Prisma.sql`
    WITH win AS MATERIALIZED (
      SELECT LEAST(COALESCE(t.start_date, t.due_date), t.due_date) AS span_start,
        t.id, t.display_number, t.title, t.status, t.start_date, t.due_date, t.project_id, t.parent_task_id,
        t.organizational_unit_id, t.created_by_id, t.assignee_id, t.is_private, t.deleted_at, t.has_checklist
      FROM tasks t
      WHERE ${Prisma.join(filters, " AND ")}
      ORDER BY ${ORDER}
      LIMIT ${TIMELINE_TASK_LIMIT + 1}
    ),
    page AS MATERIALIZED (
      SELECT (row_number() OVER (ORDER BY w.span_start, w.display_number) - 1)::int AS i, w.*
      FROM win w ORDER BY w.span_start, w.display_number LIMIT ${TIMELINE_TASK_LIMIT}
    ),
    pr AS MATERIALIZED (
      SELECT (row_number() OVER (ORDER BY p.name, p.id) - 1)::int AS i, p.id, p.name, p.color
      FROM projects p
      WHERE p.id IN (SELECT project_id FROM page) AND ${visibleProjectSql(caller, "p")}
    ),
    seat AS (SELECT a.task_id FROM task_assignments a WHERE a.user_id = ${caller.userId}::uuid)
    SELECT json_build_object(
      'from', ${query.from.toISOString()}::text,
      'to', ${query.to.toISOString()}::text,
      'taskColumns', ${JSON.stringify(TIMELINE_TASK_COLUMNS)}::json,
      'tasks', COALESCE((
        SELECT json_agg(json_build_array(t.id, t.display_number, t.title, t.status, ${epochMs("t.start_date")}, ${epochMs("t.due_date")},
          pr.i, parent.i, ${progress}, ${canEdit}) ORDER BY t.i)
        FROM page t
          LEFT JOIN pr ON pr.id = t.project_id
          LEFT JOIN page parent ON parent.id = t.parent_task_id
          LEFT JOIN seat ON seat.task_id = t.id
      ), '[]'),
      'projects', COALESCE((SELECT json_agg(json_build_object('id', pr.id, 'name', pr.name, 'color', pr.color) ORDER BY pr.i) FROM pr), '[]'),
      'dependencies', COALESCE((
        SELECT json_agg(json_build_array(a.i, b.i) ORDER BY d.created_at, a.i, b.i)
        FROM task_dependencies d JOIN page a ON a.id = d.task_id JOIN page b ON b.id = d.depends_on_task_id
        WHERE d.task_id = ANY (ARRAY(SELECT id FROM page))
      ), '[]'),
      'truncated', (SELECT count(*) FROM win) > ${TIMELINE_TASK_LIMIT},
      'holidays', ${JSON.stringify(holidaysAround(query.from, query.to))}::json
    )::text AS body`;
  // One text value of up to ≈ 300 KB: through node-postgres it costs the process ≈ 1.6 ms of CPU,
  // through Prisma's raw query 2.3-2.7 ms (docs/performance.md, the timeline).
  const { rows } = await hotPathPool().query<{ body: string }>(statement.text, statement.values);
  return rows[0]!.body;
}

/** The organization's holidays (lib/dates/holidays, its default calendar) around the window. */
export function holidaysAround(from: Date, to: Date): Array<{ date: string; names: string[] }> {
  const first = addDays(dateKeyOf(from), -TIMELINE_HOLIDAY_MARGIN_DAYS);
  const last = addDays(dateKeyOf(to), TIMELINE_HOLIDAY_MARGIN_DAYS);
  const out: Array<{ date: string; names: string[] }> = [];
  for (let year = Number(first.slice(0, 4)); year <= Number(last.slice(0, 4)); year++) {
    for (const day of holidaysInYear(year)) if (day.date >= first && day.date <= last) out.push(day);
  }
  return out;
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
