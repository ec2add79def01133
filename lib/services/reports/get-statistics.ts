import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { addDays, BUSINESS_TIME_ZONE, type DateKey, dateKeyOfDateColumn, WEEK_STARTS_ON, weekStart } from "@/lib/dates";
import { dayRange } from "@/lib/reports/period";
import { startOfDay } from "@/lib/dates/instants";
import { getScoreboardSettings } from "@/lib/services/reports/scoreboard-settings";
import { namesVisibleTo } from "@/lib/services/reports/get-scoreboard";
import type { StatisticsPanel, StatisticsQuery, StatisticsResult } from "@/lib/validations/reports";

/**
 * The statistics page's reads (docs/reports.md): one statement per panel, computed in
 * SQL (date_trunc in the business time zone, window sums, percentile_cont), never a JavaScript
 * loop over rows. Aggregates cover the organization's tasks (private ones too: no read returns a
 * title), except deleted tasks and recurring series templates; cancelled tasks are left out of
 * throughput and backlog. Hours are raw durations of closed punches and task time entries.
 */


/** A punch still open (or closed) this long after punching in counts as a forgotten punch-out. */
export const FORGOTTEN_PUNCH_HOURS = 12;

interface Ctx {
  start: Date;
  end: Date;
  unitId: string | null;
  tz: string;
  /** The business weeks the range touches: each week's first day, and the instant it starts. */
  weekDates: string[];
  weekStarts: string[];
  now: Date;
  caller: Caller;
}

/**
 * The business week (a date) of a timestamp column: a binary search of the week starts
 * (width_bucket), computed once in JavaScript, instead of a time-zone conversion per row (the
 * hours panel buckets a quarter's ~125k punches and task time rows: 78 → 29 ms).
 */
const week = (c: Ctx, column: string) => Prisma.sql`(${c.weekDates}::date[])[width_bucket(${Prisma.raw(column)}, ${c.weekStarts}::timestamptz[])]`;
const weeks = (c: Ctx) => Prisma.sql`SELECT unnest(${c.weekDates}::date[]) AS week`;

/** The business weeks from the one holding `from` to the one holding `to`. */
function businessWeeks(from: DateKey, to: DateKey, timeZone: string): Pick<Ctx, "weekDates" | "weekStarts"> {
  const weekDates: string[] = [];
  for (let key = weekStart(from, WEEK_STARTS_ON); key <= to; key = addDays(key, 7)) weekDates.push(key);
  return { weekDates, weekStarts: weekDates.map((key) => startOfDay(key, timeZone).toISOString()) };
}
const taskScope = (c: Ctx, alias = "t") =>
  Prisma.sql`${Prisma.raw(alias)}.deleted_at IS NULL AND NOT ${Prisma.raw(alias)}.is_recurring ${c.unitId ? Prisma.sql`AND ${Prisma.raw(alias)}.organizational_unit_id = ${c.unitId}::uuid` : Prisma.empty}`;
const userScope = (c: Ctx, column: string) =>
  c.unitId ? Prisma.sql`AND ${Prisma.raw(column)} IN (SELECT user_id FROM unit_memberships WHERE unit_id = ${c.unitId}::uuid)` : Prisma.empty;
const num = (v: unknown, digits = 0): number | null => (v === null || v === undefined ? null : Math.round(Number(v) * 10 ** digits) / 10 ** digits);
const day = (v: unknown): string => (v instanceof Date ? dateKeyOfDateColumn(v) : String(v));

async function throughput(c: Ctx): Promise<StatisticsResult["tables"]> {
  const rows = await db.$queryRaw<Array<{ week: Date; created: number; completed: number; backlog: number }>>(Prisma.sql`
    WITH weeks AS (${weeks(c)}),
    created AS (
      SELECT ${week(c, "t.created_at")} AS week, count(*)::int AS n FROM tasks t
      WHERE t.created_at >= ${c.start} AND t.created_at < ${c.end} AND t.status <> 'cancelled' AND ${taskScope(c)} GROUP BY 1),
    completed AS (
      SELECT ${week(c, "t.completed_at")} AS week, count(*)::int AS n FROM tasks t
      WHERE t.completed_at >= ${c.start} AND t.completed_at < ${c.end} AND t.status = 'completed' AND ${taskScope(c)} GROUP BY 1),
    opening AS (
      SELECT count(*)::int AS n FROM tasks t
      WHERE t.created_at < ${c.start} AND t.status <> 'cancelled' AND (t.completed_at IS NULL OR t.completed_at >= ${c.start}) AND ${taskScope(c)})
    SELECT w.week, coalesce(cr.n, 0)::int AS created, coalesce(co.n, 0)::int AS completed,
           ((SELECT n FROM opening) + sum(coalesce(cr.n, 0) - coalesce(co.n, 0)) OVER (ORDER BY w.week))::int AS backlog
    FROM weeks w LEFT JOIN created cr ON cr.week = w.week LEFT JOIN completed co ON co.week = w.week
    ORDER BY w.week`);
  return {
    weekly: {
      columns: [
        { key: "week", label: "Week of" },
        { key: "created", label: "Created" },
        { key: "completed", label: "Completed" },
        { key: "backlog", label: "Open backlog" },
      ],
      rows: rows.map((r) => ({ week: day(r.week), created: r.created, completed: r.completed, backlog: r.backlog })),
    },
  };
}

async function onTime(c: Ctx): Promise<StatisticsResult["tables"]> {
  const rows = await db.$queryRaw<Array<{ dim: string; label: string; completed: number; on_time: number }>>(Prisma.sql`
    WITH done AS (
      SELECT t.organizational_unit_id AS unit_id, t.priority,
             (t.completed_at AT TIME ZONE ${c.tz})::date <= (t.due_date AT TIME ZONE ${c.tz})::date AS on_time
      FROM tasks t WHERE t.completed_at >= ${c.start} AND t.completed_at < ${c.end} AND t.status = 'completed' AND ${taskScope(c)})
    SELECT 'department' AS dim, u.name AS label, count(*)::int AS completed, count(*) FILTER (WHERE on_time)::int AS on_time
    FROM done JOIN organizational_units u ON u.id = done.unit_id GROUP BY u.name
    UNION ALL
    SELECT 'priority', done.priority::text, count(*)::int, count(*) FILTER (WHERE on_time)::int FROM done GROUP BY done.priority
    ORDER BY 1, 2`);
  const order = ["low", "normal", "high", "critical"];
  const table = (dim: string, label: string) => ({
    columns: [
      { key: "label", label },
      { key: "completed", label: "Completed" },
      { key: "onTime", label: "On time" },
      { key: "rate", label: "On-time rate (%)" },
    ],
    rows: rows
      .filter((r) => r.dim === dim)
      .sort((a, b) => (dim === "priority" ? order.indexOf(a.label) - order.indexOf(b.label) : a.label.localeCompare(b.label)))
      .map((r) => ({ label: dim === "priority" ? r.label.charAt(0).toUpperCase() + r.label.slice(1) : r.label, completed: r.completed, onTime: r.on_time, rate: r.completed ? num((100 * r.on_time) / r.completed, 1) : null })),
  });
  return { byDepartment: table("department", "Department"), byPriority: table("priority", "Priority") };
}

async function cycleTime(c: Ctx): Promise<StatisticsResult["tables"]> {
  const rows = await db.$queryRaw<Array<{ label: string; completed: number; median: number; p90: number }>>(Prisma.sql`
    SELECT u.name AS label, count(*)::int AS completed,
           -- A completion stamped before the creation (imported or back-dated rows) counts as 0, never negative.
           percentile_cont(0.5) WITHIN GROUP (ORDER BY greatest(0, extract(epoch FROM t.completed_at - t.created_at)) / 3600) AS median,
           percentile_cont(0.9) WITHIN GROUP (ORDER BY greatest(0, extract(epoch FROM t.completed_at - t.created_at)) / 3600) AS p90
    FROM tasks t JOIN organizational_units u ON u.id = t.organizational_unit_id
    WHERE t.completed_at >= ${c.start} AND t.completed_at < ${c.end} AND t.status = 'completed' AND ${taskScope(c)}
    GROUP BY u.name ORDER BY u.name`);
  return {
    byDepartment: {
      columns: [
        { key: "label", label: "Department" },
        { key: "completed", label: "Completed" },
        { key: "median", label: "Median (hours)" },
        { key: "p90", label: "90th percentile (hours)" },
      ],
      rows: rows.map((r) => ({ label: r.label, completed: r.completed, median: num(r.median, 1), p90: num(r.p90, 1) })),
    },
  };
}

export const OVERDUE_BUCKETS = ["0–2 days", "3–7 days", "8–14 days", "15–30 days", "Over 30 days"] as const;

async function overdue(c: Ctx): Promise<StatisticsResult["tables"]> {
  // Overdue as of the range's end (or now, if sooner): due before then, not completed by then.
  const asOf = c.end < c.now ? c.end : c.now;
  const rows = await db.$queryRaw<Array<{ bucket: number; n: number }>>(Prisma.sql`
    WITH late AS (
      SELECT (${asOf}::timestamptz AT TIME ZONE ${c.tz})::date - (t.due_date AT TIME ZONE ${c.tz})::date AS days
      FROM tasks t
      WHERE t.due_date >= ${c.start} AND t.due_date < ${asOf} AND t.created_at < ${asOf} AND t.status <> 'cancelled'
        AND (t.completed_at IS NULL OR t.completed_at > ${asOf}) AND ${taskScope(c)})
    SELECT CASE WHEN days <= 2 THEN 0 WHEN days <= 7 THEN 1 WHEN days <= 14 THEN 2 WHEN days <= 30 THEN 3 ELSE 4 END AS bucket, count(*)::int AS n
    FROM late GROUP BY 1 ORDER BY 1`);
  const counts = new Map(rows.map((r) => [Number(r.bucket), r.n]));
  return {
    byAge: {
      columns: [
        { key: "bucket", label: "Overdue by" },
        { key: "tasks", label: "Tasks" },
      ],
      rows: OVERDUE_BUCKETS.map((bucket, i) => ({ bucket, tasks: counts.get(i) ?? 0 })),
    },
  };
}

async function hours(c: Ctx): Promise<StatisticsResult["tables"]> {
  const rows = await db.$queryRaw<Array<{ kind: string; label: string; punch: number | null; task: number | null }>>(Prisma.sql`
    WITH punched AS (
      SELECT p.user_id, ${week(c, "p.punch_in_at")} AS week, extract(epoch FROM sum(p.punch_out_at - p.punch_in_at)) / 3600 AS h
      FROM punch_sessions p
      WHERE p.punch_in_at >= ${c.start} AND p.punch_in_at < ${c.end} AND p.punch_out_at IS NOT NULL ${userScope(c, "p.user_id")}
      GROUP BY 1, 2),
    worked AS (
      SELECT e.user_id, ${week(c, "e.started_at")} AS week, extract(epoch FROM sum(e.ended_at - e.started_at)) / 3600 AS h
      FROM task_time_entries e
      WHERE e.started_at >= ${c.start} AND e.started_at < ${c.end} AND e.ended_at IS NOT NULL ${userScope(c, "e.user_id")}
      GROUP BY 1, 2),
    per_user AS (
      SELECT coalesce(p.user_id, w.user_id) AS user_id, coalesce(p.week, w.week) AS week, coalesce(p.h, 0) AS punch, coalesce(w.h, 0) AS task
      FROM punched p FULL JOIN worked w ON w.user_id = p.user_id AND w.week = p.week),
    weeks AS (${weeks(c)})
    SELECT 'week' AS kind, wk.week::text AS label, sum(u.punch) AS punch, sum(u.task) AS task
    FROM weeks wk LEFT JOIN per_user u ON u.week = wk.week GROUP BY wk.week
    UNION ALL
    SELECT 'department', o.name, sum(u.punch), sum(u.task)
    FROM per_user u JOIN unit_memberships m ON m.user_id = u.user_id JOIN organizational_units o ON o.id = m.unit_id
    ${c.unitId ? Prisma.sql`WHERE m.unit_id = ${c.unitId}::uuid` : Prisma.empty}
    GROUP BY o.name
    ORDER BY 1 DESC, 2`);
  const shape = (r: { punch: number | null; task: number | null }) => {
    const punch = num(r.punch ?? 0, 1)!;
    const task = num(r.task ?? 0, 1)!;
    return { punchHours: punch, taskHours: task, focusRate: punch > 0 ? num((100 * Number(r.task ?? 0)) / Number(r.punch), 1) : null };
  };
  const columns = (first: { key: string; label: string }) => [
    first,
    { key: "punchHours", label: "Hours worked (punches)" },
    { key: "taskHours", label: "Hours on tasks" },
    { key: "focusRate", label: "Focus rate (%)" },
  ];
  return {
    byWeek: { columns: columns({ key: "week", label: "Week of" }), rows: rows.filter((r) => r.kind === "week").map((r) => ({ week: r.label, ...shape(r) })) },
    byDepartment: { columns: columns({ key: "label", label: "Department" }), rows: rows.filter((r) => r.kind === "department").map((r) => ({ label: r.label, ...shape(r) })) },
  };
}

export const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

async function punchPatterns(c: Ctx): Promise<StatisticsResult["tables"]> {
  const rows = await db.$queryRaw<Array<{ kind: string; a: string; b: number; n: number }>>(Prisma.sql`
    WITH p AS (
      SELECT p.punch_in_at, p.punch_out_at FROM punch_sessions p
      WHERE p.punch_in_at >= ${c.start} AND p.punch_in_at < ${c.end} ${userScope(c, "p.user_id")})
    SELECT 'cell' AS kind, extract(isodow FROM p.punch_in_at AT TIME ZONE ${c.tz})::text AS a, extract(hour FROM p.punch_in_at AT TIME ZONE ${c.tz})::int AS b, count(*)::int AS n
    FROM p GROUP BY 2, 3
    UNION ALL
    SELECT 'forgotten', ${week(c, "p.punch_in_at")}::text, 0, count(*)::int FROM p
    WHERE coalesce(p.punch_out_at, ${c.now}::timestamptz) - p.punch_in_at > make_interval(hours => ${FORGOTTEN_PUNCH_HOURS}::int)
    GROUP BY 2
    ORDER BY 1, 2, 3`);
  const cells = rows.filter((r) => r.kind === "cell");
  const hoursSeen = cells.map((r) => Number(r.b));
  const first = hoursSeen.length ? Math.min(...hoursSeen) : 6;
  const last = hoursSeen.length ? Math.max(...hoursSeen) : 18;
  const grid = new Map(cells.map((r) => [`${r.a}:${r.b}`, r.n]));
  const hourLabel = (h: number) => `${String(h).padStart(2, "0")}:00`;
  return {
    heatmap: {
      columns: [{ key: "weekday", label: "Weekday" }, ...Array.from({ length: last - first + 1 }, (_, i) => ({ key: `h${first + i}`, label: hourLabel(first + i) }))],
      rows: cells.length
        ? WEEKDAYS.map((weekday, d) => ({ weekday, ...Object.fromEntries(Array.from({ length: last - first + 1 }, (_, i) => [`h${first + i}`, grid.get(`${d + 1}:${first + i}`) ?? 0])) }))
        : [],
    },
    forgotten: {
      columns: [
        { key: "week", label: "Week of" },
        { key: "forgotten", label: `Forgotten punch-outs (over ${FORGOTTEN_PUNCH_HOURS} h)` },
      ],
      rows: rows.filter((r) => r.kind === "forgotten").map((r) => ({ week: r.a, forgotten: r.n })),
    },
  };
}

async function pickups(c: Ctx, namesVisible: boolean): Promise<StatisticsResult["tables"]> {
  const rows = await db.$queryRaw<Array<{ kind: string; label: string | null; user_id: string | null; claimed: number; completed: number; median_hours: number | null }>>(Prisma.sql`
    WITH claims AS (
      SELECT DISTINCT ON (l.entity_id) l.actor_id, l.created_at, t.created_at AS task_created, t.status = 'completed' AND t.assignee_id = l.actor_id AS completed
      FROM audit_logs l JOIN tasks t ON t.id = l.entity_id::uuid
      WHERE l.action = 'task.claim' AND l.entity_type = 'task' AND l.created_at >= ${c.start} AND l.created_at < ${c.end} AND ${taskScope(c)}
      ORDER BY l.entity_id, l.created_at DESC),
    weeks AS (${weeks(c)})
    SELECT 'week' AS kind, wk.week::text AS label, NULL::uuid AS user_id, count(cl.actor_id)::int AS claimed, count(*) FILTER (WHERE cl.completed)::int AS completed,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY greatest(0, extract(epoch FROM cl.created_at - cl.task_created)) / 3600) AS median_hours
    FROM weeks wk LEFT JOIN claims cl ON ${week(c, "cl.created_at")} = wk.week GROUP BY wk.week
    UNION ALL
    SELECT 'member', u.first_name || ' ' || u.last_name, u.id, count(*)::int, count(*) FILTER (WHERE cl.completed)::int,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY greatest(0, extract(epoch FROM cl.created_at - cl.task_created)) / 3600)
    FROM claims cl JOIN users u ON u.id = cl.actor_id GROUP BY u.id, u.first_name, u.last_name
    -- Weeks in date order, members by name (then by claims, below).
    ORDER BY 1 DESC, 2`);
  const weekly = rows.filter((r) => r.kind === "week");
  return {
    byWeek: {
      columns: [
        { key: "week", label: "Week of" },
        { key: "claimed", label: "Claimed" },
        { key: "completed", label: "Claimed and completed" },
        { key: "medianHours", label: "Median hours to claim" },
      ],
      rows: weekly.some((r) => r.claimed > 0) ? weekly.map((r) => ({ week: r.label, claimed: r.claimed, completed: r.completed, medianHours: num(r.median_hours, 1) })) : [],
    },
    byMember: {
      columns: [
        { key: "member", label: "Member" },
        { key: "claimed", label: "Claimed" },
        { key: "completed", label: "Claimed and completed" },
        { key: "medianHours", label: "Median hours to claim" },
      ],
      rows: rows
        .filter((r) => r.kind === "member")
        .sort((a, b) => b.claimed - a.claimed)
        .map((r) => ({ member: namesVisible || r.user_id === c.caller.userId ? r.label : "Another member", claimed: r.claimed, completed: r.completed, medianHours: num(r.median_hours, 1) })),
    },
  };
}

async function recurring(c: Ctx): Promise<StatisticsResult["tables"]> {
  const rows = await db.$queryRaw<Array<{ week: Date; created: number; completed: number }>>(Prisma.sql`
    WITH weeks AS (${weeks(c)}),
    occ AS (
      SELECT t.created_at, t.completed_at, t.status FROM tasks t
      WHERE t.recurrence_source_id IS NOT NULL AND t.deleted_at IS NULL
        ${c.unitId ? Prisma.sql`AND t.organizational_unit_id = ${c.unitId}::uuid` : Prisma.empty}
        AND ((t.created_at >= ${c.start} AND t.created_at < ${c.end}) OR (t.completed_at >= ${c.start} AND t.completed_at < ${c.end})))
    SELECT wk.week,
           (SELECT count(*) FROM occ WHERE occ.created_at >= ${c.start} AND occ.created_at < ${c.end} AND ${week(c, "occ.created_at")} = wk.week)::int AS created,
           (SELECT count(*) FROM occ WHERE occ.status = 'completed' AND occ.completed_at >= ${c.start} AND occ.completed_at < ${c.end} AND ${week(c, "occ.completed_at")} = wk.week)::int AS completed
    FROM weeks wk ORDER BY wk.week`);
  return {
    weekly: {
      columns: [
        { key: "week", label: "Week of" },
        { key: "created", label: "Occurrences created" },
        { key: "completed", label: "Occurrences completed" },
      ],
      rows: rows.some((r) => r.created > 0 || r.completed > 0) ? rows.map((r) => ({ week: day(r.week), created: r.created, completed: r.completed })) : [],
    },
  };
}

/** One panel's tables for a date range (business days, inclusive) and an optional department. */
export async function getStatistics(caller: Caller, panel: StatisticsPanel, query: StatisticsQuery, now = new Date()): Promise<StatisticsResult> {
  const range = dayRange(query.from, query.to);
  const c: Ctx = { ...range, unitId: query.unitId ?? null, tz: BUSINESS_TIME_ZONE, ...businessWeeks(query.from, query.to, BUSINESS_TIME_ZONE), now, caller };
  let tables: StatisticsResult["tables"];
  switch (panel) {
    case "throughput":
      tables = await throughput(c);
      break;
    case "on-time":
      tables = await onTime(c);
      break;
    case "cycle-time":
      tables = await cycleTime(c);
      break;
    case "overdue":
      tables = await overdue(c);
      break;
    case "hours":
      tables = await hours(c);
      break;
    case "punch-patterns":
      tables = await punchPatterns(c);
      break;
    case "pickups": {
      const settings = await getScoreboardSettings();
      tables = await pickups(c, namesVisibleTo(caller, settings.staffSeeNames));
      break;
    }
    case "recurring":
      tables = await recurring(c);
      break;
  }
  return { panel, from: query.from, to: query.to, tables };
}
