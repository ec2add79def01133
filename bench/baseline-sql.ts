/**
 * The baseline's hand-written SQL: what a careful developer would send with plain `pg` for
 * the same request, one statement where one will do. The benchmark compares the app with it.
 */
import type pg from "pg";
import { addDays } from "../lib/dates/days";
import { holidaysInYear } from "../lib/dates/holidays";
import { businessDayRange, businessWeekRange, rangeInstants } from "../lib/dates/instants";
import { DEFAULT_TIME_POLICY, payPeriodOf } from "../lib/time/calc";
import { BUSINESS_TIME_ZONE, dateKeyOf } from "../lib/dates/zone";
import { TIMELINE_HOLIDAY_MARGIN_DAYS, TIMELINE_TASK_COLUMNS } from "../lib/validations/gantt";

/** The app's page-size contract: counts stop here and report "1,000+". */
const COUNT_CAP = 1000;
const person = (alias: string) => `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('id', ${alias}.id, 'firstName', ${alias}.first_name, 'lastName', ${alias}.last_name) END`;

/** GET /api/tasks for a staff member: the filters the benchmark uses, sorted by due date. */
export async function listTasksSql(db: pg.Pool, userId: string, qs: URLSearchParams) {
  const page = Number(qs.get("page") ?? 1);
  const pageSize = Number(qs.get("pageSize") ?? 50);
  const params: unknown[] = [userId];
  const where = ["t.deleted_at IS NULL", "(NOT t.is_private OR t.created_by_id = $1)"];
  const status = qs.get("status");
  if (status) where.push(`t.status = ANY($${params.push(status.split(","))}::"TaskStatus"[])`);
  if (qs.get("mine") === "true") where.push(`t.id IN (SELECT id FROM tasks WHERE assignee_id = $1 UNION ALL SELECT task_id FROM task_assignments WHERE user_id = $1)`);
  for (const word of (qs.get("q") ?? "").split(/\s+/).filter(Boolean)) where.push(`t.title ILIKE $${params.push(`%${word.replace(/[\\%_]/g, "\\$&")}%`)}`);
  const filter = where.join(" AND ");
  const skip = (page - 1) * pageSize;

  const rows = db.query<{ task: Record<string, unknown> }>(
    `WITH ids AS (
       SELECT t.id, t.due_date, t.display_number FROM tasks t WHERE ${filter}
       ORDER BY t.due_date, t.display_number LIMIT ${pageSize + 1} OFFSET ${skip})
     SELECT json_build_object(
       'id', t.id, 'displayNumber', t.display_number, 'uuid', t.uuid, 'title', t.title, 'priority', t.priority, 'status', t.status,
       'organizationalUnitId', t.organizational_unit_id, 'department', json_build_object('id', u.id, 'name', u.name, 'unitNumber', u.unit_number),
       'assigneeType', t.assignee_type, 'assigneeId', t.assignee_id, 'vendorId', t.vendor_id, 'assignee', ${person("au")},
       'vendor', CASE WHEN v.id IS NULL THEN NULL ELSE json_build_object('id', v.id, 'name', v.name) END,
       'project', CASE WHEN p.id IS NULL THEN NULL ELSE json_build_object('id', p.id, 'name', p.name) END,
       'parentTask', CASE WHEN pt.id IS NULL OR pt.deleted_at IS NOT NULL OR (pt.is_private AND pt.created_by_id <> $1) THEN NULL
                          ELSE json_build_object('id', pt.id, 'displayNumber', pt.display_number, 'title', pt.title) END,
       'assignments', (SELECT coalesce(json_agg(json_build_object('userId', a.user_id, 'isLead', a.is_lead, 'firstName', x.first_name, 'lastName', x.last_name) ORDER BY a.is_lead DESC, a.created_at), '[]')
                       FROM task_assignments a JOIN users x ON x.id = a.user_id WHERE a.task_id = t.id),
       'checklist', (SELECT coalesce(json_agg(json_build_object('id', c.id, 'title', c.title, 'position', c.position, 'isCompleted', c.is_completed, 'completedAt', c.completed_at) ORDER BY c.position), '[]')
                     FROM checklist_items c WHERE c.task_id = t.id),
       'subTaskCount', (SELECT count(*) FROM tasks s WHERE s.parent_task_id = t.id AND s.deleted_at IS NULL AND (NOT s.is_private OR s.created_by_id = $1)),
       'startDate', t.start_date, 'dueDate', t.due_date, 'estimatedMinutes', t.estimated_minutes, 'availableForPickup', t.available_for_pickup,
       'isPrivate', t.is_private, 'hasChecklist', t.has_checklist, 'isRecurring', t.is_recurring,
       'createdBy', ${person("cb")}, 'completedBy', ${person("co")}, 'createdAt', t.created_at, 'updatedAt', t.updated_at, 'completedAt', t.completed_at
     ) AS task
     FROM ids JOIN tasks t ON t.id = ids.id JOIN organizational_units u ON u.id = t.organizational_unit_id
     LEFT JOIN users au ON au.id = t.assignee_id LEFT JOIN vendors v ON v.id = t.vendor_id LEFT JOIN projects p ON p.id = t.project_id
     LEFT JOIN tasks pt ON pt.id = t.parent_task_id JOIN users cb ON cb.id = t.created_by_id LEFT JOIN users co ON co.id = t.completed_by_id
     ORDER BY ids.due_date, ids.display_number`,
    params,
  );
  // The count runs beside the page, capped: past the cap the text says "1,000+".
  const counted = skip + pageSize < COUNT_CAP
    ? db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM tasks t WHERE ${filter} LIMIT ${COUNT_CAP + 1}) c`, params)
    : null;
  const [page1, count] = await Promise.all([rows, counted]);
  const items = page1.rows.slice(0, pageSize).map((r) => r.task);
  const hasMore = page1.rows.length > pageSize;
  const n = count?.rows[0]?.n;
  const totalCapped = n === undefined ? hasMore : n > COUNT_CAP;
  const total = n === undefined ? skip + items.length : Math.min(n, COUNT_CAP);
  return { items, total, totalCapped, page, pageSize, hasMore };
}

/** The dashboard's cards: each count from its own index, one statement. */
export async function statsSql(db: pg.Pool, userId: string, now = new Date()) {
  const today = businessDayRange(now);
  const week = businessWeekRange(now);
  const res = await db.query(
    `WITH mine AS (SELECT id FROM tasks WHERE assignee_id = $1 UNION SELECT task_id FROM task_assignments WHERE user_id = $1),
     v AS (SELECT t.* FROM tasks t WHERE t.id IN (SELECT id FROM mine) AND t.deleted_at IS NULL AND (NOT t.is_private OR t.created_by_id = $1))
     SELECT
       (SELECT count(*) FROM v WHERE status IN ('open', 'in_progress', 'blocked'))::int AS "mineOpen",
       (SELECT count(*) FROM v WHERE status IN ('open', 'in_progress', 'blocked') AND due_date >= $2 AND due_date < $3)::int AS "dueToday",
       (SELECT count(*) FROM v WHERE status IN ('open', 'in_progress', 'blocked') AND due_date < $4)::int AS "overdue",
       (SELECT count(*) FROM (
          SELECT id FROM v WHERE status = 'completed' AND completed_at >= $5 AND completed_at < $6
          UNION SELECT id FROM tasks WHERE completed_by_id = $1 AND completed_at >= $5 AND completed_at < $6 AND status = 'completed'
            AND deleted_at IS NULL AND (NOT is_private OR created_by_id = $1)) c)::int AS "completedThisWeek",
       (SELECT count(*) FROM tasks WHERE organizational_unit_id IN (SELECT unit_id FROM unit_memberships WHERE user_id = $1)
          AND available_for_pickup AND assignee_id IS NULL AND vendor_id IS NULL AND deleted_at IS NULL
          AND status IN ('open', 'in_progress', 'blocked') AND (NOT is_private OR created_by_id = $1))::int AS "availableToPickUp"`,
    [userId, today.start, today.end, now, week.start, week.end],
  );
  return res.rows[0];
}

const entriesOf = (punch: string) => `(SELECT coalesce(json_agg(json_build_object('taskId', e.task_id, 'displayNumber', t.display_number, 'title', t.title,
  'startedAt', e.started_at, 'endedAt', e.ended_at) ORDER BY e.started_at), '[]') FROM task_time_entries e JOIN tasks t ON t.id = e.task_id WHERE e.punch_session_id = ${punch}.id)`;

/** A time card: one member's punches of the last 7 days with the task time inside each. */
export async function timeWeekSql(db: pg.Pool, userId: string, anchor: Date) {
  const res = await db.query(
    `SELECT p.id, p.punch_in_at, p.punch_out_at, ${entriesOf("p")} AS entries
     FROM punch_sessions p WHERE p.user_id = $1 AND p.punch_in_at >= $2 AND p.punch_in_at < $3 ORDER BY p.punch_in_at`,
    [userId, new Date(anchor.getTime() - 7 * 86_400_000), anchor],
  );
  return res.rows;
}

/** A unit's month: hours per member per day, and task time per task. */
export async function timeMonthSql(db: pg.Pool, unitId: string, anchor: Date) {
  const from = new Date(anchor.getTime() - 30 * 86_400_000);
  const [days, tasks] = await Promise.all([
    db.query(
      `SELECT p.user_id, date_trunc('day', p.punch_in_at) AS day, sum(extract(epoch FROM coalesce(p.punch_out_at, now()) - p.punch_in_at))::int AS seconds
       FROM unit_memberships m JOIN punch_sessions p ON p.user_id = m.user_id AND p.punch_in_at >= $2 AND p.punch_in_at < $3
       WHERE m.unit_id = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
      [unitId, from, anchor],
    ),
    db.query(
      `SELECT e.task_id, sum(extract(epoch FROM coalesce(e.ended_at, now()) - e.started_at))::int AS seconds
       FROM unit_memberships m JOIN task_time_entries e ON e.user_id = m.user_id AND e.started_at >= $2 AND e.started_at < $3
       WHERE m.unit_id = $1 GROUP BY 1 ORDER BY 2 DESC`,
      [unitId, from, anchor],
    ),
  ]);
  return { days: days.rows, tasks: tasks.rows };
}

/**
 * GET /api/tasks/timeline for a staff member (the Gantt chart): the same information in the same
 * compact form as the app's answer (lib/validations/gantt.ts) — the visible tasks whose span
 * overlaps [from, to), earliest first, at most 2,000, each with its progress and the member's
 * edit right (creator, assignee or team: a staff member's), the parent and the project as
 * indexes, the projects, the links among the tasks, `truncated` and the holidays around the
 * window — built by one statement and sent as the text Postgres returns.
 */
export async function timelineSql(db: pg.Pool, userId: string, qs: URLSearchParams): Promise<string> {
  const from = new Date(qs.get("from")!);
  const to = new Date(qs.get("to")!);
  const params: unknown[] = [userId, from, to];
  const where = [
    "t.deleted_at IS NULL",
    "(NOT t.is_private OR t.created_by_id = $1)",
    "NOT t.is_recurring",
    "tstzrange(LEAST(COALESCE(t.start_date, t.due_date), t.due_date), t.due_date, '[]') && tstzrange($2::timestamptz, $3::timestamptz, '[)')",
  ];
  const unitId = qs.get("unitId");
  if (unitId) where.push(`t.organizational_unit_id = $${params.push(unitId)}::uuid`);
  const holidays: Array<{ date: string; names: string[] }> = [];
  const [first, last] = [addDays(dateKeyOf(from), -TIMELINE_HOLIDAY_MARGIN_DAYS), addDays(dateKeyOf(to), TIMELINE_HOLIDAY_MARGIN_DAYS)];
  for (let year = Number(first.slice(0, 4)); year <= Number(last.slice(0, 4)); year++) {
    holidays.push(...holidaysInYear(year).filter((h) => h.date >= first && h.date <= last));
  }
  const ms = (column: string) => `(extract(epoch FROM ${column}) * 1000)::bigint`;
  const res = await db.query<{ body: string }>(
    `WITH win AS MATERIALIZED (
       SELECT LEAST(COALESCE(t.start_date, t.due_date), t.due_date) AS span_start, t.id, t.display_number, t.title, t.status, t.start_date, t.due_date,
         t.project_id, t.parent_task_id, t.created_by_id, t.assignee_id, t.has_checklist
       FROM tasks t WHERE ${where.join(" AND ")}
       ORDER BY LEAST(COALESCE(t.start_date, t.due_date), t.due_date), t.display_number LIMIT 2001),
     page AS MATERIALIZED (SELECT row_number() OVER (ORDER BY span_start, display_number) - 1 AS i, * FROM win ORDER BY span_start, display_number LIMIT 2000),
     pr AS MATERIALIZED (
       SELECT row_number() OVER (ORDER BY p.name, p.id) - 1 AS i, p.id, p.name, p.color
       FROM projects p WHERE p.id IN (SELECT project_id FROM page) AND p.deleted_at IS NULL)
     SELECT json_build_object(
       'from', $${params.push(from.toISOString())}::text, 'to', $${params.push(to.toISOString())}::text,
       'taskColumns', $${params.push(JSON.stringify(TIMELINE_TASK_COLUMNS))}::json,
       'tasks', (SELECT coalesce(json_agg(json_build_array(t.id, t.display_number, t.title, t.status, ${ms("t.start_date")}, ${ms("t.due_date")}, pr.i, parent.i,
                   CASE WHEN t.status = 'completed' THEN 100 WHEN t.has_checklist THEN
                     (SELECT CASE WHEN count(*) = 0 THEN 0 ELSE (200 * count(*) FILTER (WHERE c.is_completed) + count(*)) / (2 * count(*)) END FROM checklist_items c WHERE c.task_id = t.id)
                   ELSE 0 END,
                   t.created_by_id = $1 OR coalesce(t.assignee_id = $1, false) OR seat.task_id IS NOT NULL) ORDER BY t.i), '[]')
                 FROM page t LEFT JOIN pr ON pr.id = t.project_id LEFT JOIN page parent ON parent.id = t.parent_task_id
                   LEFT JOIN (SELECT task_id FROM task_assignments WHERE user_id = $1) seat ON seat.task_id = t.id),
       'projects', (SELECT coalesce(json_agg(json_build_object('id', pr.id, 'name', pr.name, 'color', pr.color) ORDER BY pr.i), '[]') FROM pr),
       'dependencies', (SELECT coalesce(json_agg(json_build_array(a.i, b.i) ORDER BY d.created_at, a.i, b.i), '[]')
                        FROM task_dependencies d JOIN page a ON a.id = d.task_id JOIN page b ON b.id = d.depends_on_task_id
                        WHERE d.task_id = ANY (ARRAY(SELECT id FROM page))),
       'truncated', (SELECT count(*) FROM win) > 2000,
       'holidays', $${params.push(JSON.stringify(holidays))}::json)::text AS body`,
    params,
  );
  return res.rows[0]!.body;
}

/** One shift as JSON (the grid's and my schedule's fields), from the alias `s` with `u` (member) and `o` (department). */
const SHIFT_JSON = (s: string) => `json_build_object('id', ${s}.id, 'userId', ${s}.user_id, 'memberName', CASE WHEN u.id IS NULL THEN NULL ELSE trim(u.first_name || ' ' || u.last_name) END,
  'unitId', ${s}.unit_id, 'unitName', o.name, 'roleLabel', ${s}.role_label, 'punchLocation', ${s}.punch_location, 'placeName', coalesce(p.name, ${s}.punch_location),
  'startsAt', ${s}.starts_at, 'endsAt', ${s}.ends_at, 'breakMinutes', ${s}.break_minutes, 'note', ${s}.note, 'status', ${s}.status, 'publishedAt', ${s}.published_at)`;

/**
 * The week grid (GET /api/schedule) for an admin: every department with its active members, every
 * shift starting in the week (Monday `week`), the members' approved time off, the posts. JSON text
 * built by Postgres in one statement.
 */
export async function scheduleWeekSql(db: pg.Pool, week: string): Promise<string> {
  const last = addDays(week, 6);
  const res = await db.query<{ json: string }>(
    `WITH bounds AS (SELECT ($1::date::timestamp AT TIME ZONE $3) AS s, (($2::date + 1)::timestamp AT TIME ZONE $3) AS e)
     SELECT json_build_object(
       'weekStart', $1::text,
       'departments', (SELECT coalesce(json_agg(json_build_object('id', o.id, 'name', o.name, 'members',
            (SELECT coalesce(json_agg(json_build_object('id', u.id, 'name', trim(u.first_name || ' ' || u.last_name)) ORDER BY u.first_name, u.last_name), '[]')
               FROM unit_memberships m JOIN users u ON u.id = m.user_id AND u.is_active WHERE m.unit_id = o.id)) ORDER BY o.name, o.id), '[]') FROM organizational_units o),
       'posts', (SELECT coalesce(json_agg(json_build_object('location', location, 'name', coalesce(name, location)) ORDER BY location), '[]') FROM punch_stations WHERE deleted_at IS NULL),
       'shifts', (SELECT coalesce(json_agg(${SHIFT_JSON("x")} ORDER BY x.starts_at, x.id), '[]')
            FROM (SELECT * FROM shifts, bounds WHERE starts_at >= bounds.s AND starts_at < bounds.e ORDER BY starts_at, id LIMIT 5000) x
            JOIN organizational_units o ON o.id = x.unit_id LEFT JOIN users u ON u.id = x.user_id LEFT JOIN punch_stations p ON p.location = x.punch_location),
       'timeOff', (SELECT coalesce(json_agg(json_build_object('id', r.id, 'userId', r.user_id, 'typeName', t.name, 'startDay', r.start_day, 'endDay', r.end_day) ORDER BY r.start_day, r.id), '[]')
            FROM time_off_requests r JOIN time_off_types t ON t.id = r.type_id WHERE r.status = 'approved' AND r.start_day <= $2::date AND r.end_day >= $1::date)
     )::text AS json`,
    [week, last, BUSINESS_TIME_ZONE],
  );
  return res.rows[0]!.json;
}

/** My schedule (GET /api/schedule/me): my published shifts of four weeks not ended, my departments' open shifts that fit, the team's shifts. */
export async function myScheduleSql(db: pg.Pool, userId: string): Promise<string> {
  const from = dateKeyOf(new Date());
  const res = await db.query<{ json: string }>(
    `WITH bounds AS (SELECT greatest(now(), $2::date::timestamp AT TIME ZONE $3) AS s, (($2::date + 28)::timestamp AT TIME ZONE $3) AS e),
          units AS (SELECT unit_id FROM unit_memberships WHERE user_id = $1),
          mine AS (SELECT x.* FROM shifts x, bounds WHERE x.user_id = $1 AND x.status = 'published' AND x.ends_at > bounds.s AND x.starts_at < bounds.e ORDER BY x.starts_at, x.id LIMIT 200)
     SELECT json_build_object(
       'shifts', (SELECT coalesce(json_agg(${SHIFT_JSON("x")} ORDER BY x.starts_at, x.id), '[]') FROM mine x
            JOIN organizational_units o ON o.id = x.unit_id LEFT JOIN users u ON u.id = x.user_id LEFT JOIN punch_stations p ON p.location = x.punch_location),
       'openShifts', (SELECT coalesce(json_agg(${SHIFT_JSON("x")} ORDER BY x.starts_at, x.id), '[]')
            FROM (SELECT y.* FROM shifts y, bounds WHERE y.user_id IS NULL AND y.status = 'published' AND y.unit_id IN (SELECT unit_id FROM units)
                    AND y.starts_at >= bounds.s AND y.starts_at < bounds.e
                    AND NOT EXISTS (SELECT 1 FROM mine m WHERE m.starts_at < y.ends_at AND y.starts_at < m.ends_at) ORDER BY y.starts_at, y.id LIMIT 200) x
            JOIN organizational_units o ON o.id = x.unit_id LEFT JOIN users u ON u.id = x.user_id LEFT JOIN punch_stations p ON p.location = x.punch_location),
       'team', (SELECT coalesce(json_agg(json_build_object('memberName', trim(u.first_name || ' ' || u.last_name), 'unitName', o.name, 'startsAt', x.starts_at, 'endsAt', x.ends_at) ORDER BY x.starts_at, x.id), '[]')
            FROM (SELECT y.* FROM shifts y, bounds WHERE y.user_id IS NOT NULL AND y.status = 'published' AND y.unit_id IN (SELECT unit_id FROM units)
                    AND y.starts_at >= ($2::date::timestamp AT TIME ZONE $3) AND y.starts_at < bounds.e ORDER BY y.starts_at, y.id LIMIT 2000) x
            JOIN organizational_units o ON o.id = x.unit_id JOIN users u ON u.id = x.user_id)
     )::text AS json`,
    [userId, from, BUSINESS_TIME_ZONE],
  );
  return res.rows[0]!.json;
}

/**
 * The labour cost of the pay period containing `period`, by department, in one statement: each
 * member-day's punched seconds at the base rate in force that day (the total), and each task
 * entry's seconds at the member's rate for the task's department, else the base rate (the
 * groups). What the app adds on top: overtime by the week, paid breaks, paid time off.
 */
export async function labourCostSql(db: pg.Pool, period: string) {
  const { start, end } = payPeriodOf(period, DEFAULT_TIME_POLICY);
  const { startsAt, endsAt } = rangeInstants(start, end);
  const res = await db.query<{ answer: string }>(
    `WITH days AS (
       SELECT p.user_id, (p.punch_in_at AT TIME ZONE $3)::date AS day,
              sum(extract(epoch FROM least(coalesce(p.punch_out_at, now()), $2) - greatest(p.punch_in_at, $1))) AS seconds
         FROM punch_sessions p
        WHERE tstzrange(p.punch_in_at, coalesce(p.punch_out_at, 'infinity'), '[)') && tstzrange($1, $2, '[)')
        GROUP BY 1, 2),
     entries AS (
       SELECT e.user_id, t.organizational_unit_id AS unit_id, (e.started_at AT TIME ZONE $3)::date AS day,
              sum(extract(epoch FROM least(coalesce(e.ended_at, now()), $2) - greatest(e.started_at, $1))) AS seconds
         FROM task_time_entries e JOIN tasks t ON t.id = e.task_id
        WHERE e.started_at < $2 AND (e.ended_at IS NULL OR e.ended_at > $1)
          -- an entry lies inside its punch: the first punch overlapping the range bounds the index range
          AND e.started_at >= (SELECT min(p.punch_in_at) FROM punch_sessions p
                                WHERE tstzrange(p.punch_in_at, coalesce(p.punch_out_at, 'infinity'), '[)') && tstzrange($1, $2, '[)'))
        GROUP BY 1, 2, 3),
     costed AS (
       SELECT x.unit_id, x.seconds, x.seconds * r.per_hour / 3600 AS cents
         FROM entries x
         CROSS JOIN LATERAL (
           SELECT CASE WHEN kind = 'hourly' THEN amount_cents ELSE amount_cents / 2080.0 END AS per_hour
             FROM pay_rates WHERE user_id = x.user_id AND effective_from <= x.day AND role_label IS NULL AND (unit_id = x.unit_id OR unit_id IS NULL)
            ORDER BY (unit_id IS NULL), effective_from DESC LIMIT 1) r),
     total AS (
       SELECT sum(d.seconds * r.per_hour / 3600) AS cents, sum(d.seconds) / 60 AS minutes
         FROM days d
         CROSS JOIN LATERAL (
           SELECT CASE WHEN kind = 'hourly' THEN amount_cents ELSE amount_cents / 2080.0 END AS per_hour
             FROM pay_rates WHERE user_id = d.user_id AND effective_from <= d.day AND role_label IS NULL AND unit_id IS NULL
            ORDER BY effective_from DESC LIMIT 1) r)
     SELECT json_build_object(
       'range', json_build_object('from', $4::text, 'to', $5::text),
       'by', 'department',
       'groups', coalesce((SELECT json_agg(json_build_object('id', g.unit_id, 'label', u.name, 'minutes', g.seconds / 60, 'cents', round(g.cents)) ORDER BY g.cents DESC)
                             FROM (SELECT unit_id, sum(seconds) AS seconds, sum(cents) AS cents FROM costed GROUP BY 1) g JOIN organizational_units u ON u.id = g.unit_id), '[]'),
       'totalCents', (SELECT round(cents) FROM total),
       'totalMinutes', (SELECT minutes FROM total),
       'unratedMinutes', 0)::text AS answer`,
    [startsAt, endsAt, BUSINESS_TIME_ZONE, start, end],
  );
  return res.rows[0]!.answer;
}
