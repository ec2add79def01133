/**
 * What `npm run bench` measures. Adding an endpoint is one entry: how to build its request
 * (called per request, so bodies and users can vary), the baseline's hand-written SQL answer
 * for the same request, the fixed rate it is measured at and its p97.5 target.
 * `app: false` marks a read the app has no route for yet (measured on the baseline only: the
 * SQL the later issue's route must match).
 */
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { labourCostSql, listTasksSql, myScheduleSql, scheduleWeekSql, statsSql, timelineSql, timeMonthSql, timeWeekSql } from "./baseline-sql";
import { REPORT_ENDPOINTS } from "./report-endpoints";
import { ensureReferenceRun, todayRunsSql } from "./run-data";
import { addDays, dateKeyOf, weekStart, WEEK_STARTS_ON } from "../lib/dates";

export interface BenchUser {
  id: string;
  email: string;
  cookie: string;
  unitIds: string[];
}

export interface BenchContext {
  user: BenchUser;
  /** An administrator: plans every department (the week grid). */
  planner: BenchUser;
  /** Members who punch in and out (one request in flight each). */
  punchers: Array<BenchUser & { punchedIn: boolean; busy: boolean }>;
  anchor: Date;
  /** The database's clock when this run signed in: rows written after it are the run's own. */
  startedAt: Date;
}

export interface BenchRequest {
  method?: "GET" | "POST";
  path: string;
  body?: unknown;
  /** Who sends it (default: the bench user). */
  user?: BenchUser;
}

export interface BaselineRequest {
  url: URL;
  userId: string;
  body: unknown;
}

/** The answer: `body` is serialised by the baseline's server; `json` is sent as it is (JSON text Postgres built). */
export type BaselineReply = { status: number; body?: unknown; json?: string };
export type BaselineHandler = (db: pg.Pool, req: BaselineRequest, ctx: BenchContext) => Promise<BaselineReply>;

/** The title of the tasks the create entry makes (and removes again). */
const CREATED_TITLE = "Bench: engrave memorial plaque";

export interface Endpoint {
  name: string;
  label: string;
  /** Requests per second of the fixed-rate run. */
  rate: number;
  /** p97.5 target at that rate, in ms. */
  targetMs: number;
  /** Minimum app/baseline throughput ratio at fixed concurrency, when the issue sets one. */
  targetRatio?: number;
  /** Maximum app p97.5 as a multiple of the baseline's p97.5 in the same run, when the issue sets one. */
  targetP975Ratio?: number;
  /**
   * Minimum app throughput as a share of the floor route's (the `floor` entry, measured earlier
   * in the same run): what the app adds on top of the fixed cost of any request it serves.
   */
  targetFloorRatio?: number;
  /** Sent without a session (the app gets no cookie; the baseline skips its caller lookup). */
  signedOut?: boolean;
  app?: boolean;
  next(ctx: BenchContext): BenchRequest;
  /** After the response (e.g. the puncher is free again). */
  done?(ctx: BenchContext, req: BenchRequest, status: number): void;
  /** Before each run (a run can end with requests in flight). */
  prepare?(ctx: BenchContext, db: pg.Pool): Promise<void>;
  /** Removes what the entry wrote, so later entries and later runs read the generated data. */
  cleanup?(ctx: BenchContext, db: pg.Pool): Promise<void>;
  baseline: BaselineHandler;
}

const ACTIVE = "open,in_progress,blocked";
/** An alert the bell counts: not resolved, acknowledged or snoozed right now. */
const OPEN_ALERT = `a.resolved_at IS NULL AND a.acknowledged_at IS NULL AND (a.snoozed_until IS NULL OR a.snoozed_until <= now())`;
const list = (qs: string) => `/api/tasks?${qs}`;
const listBaseline: BaselineHandler = async (db, req) => ({ status: 200, body: await listTasksSql(db, req.userId, req.url.searchParams) });

const monthAround = (anchor: Date) =>
  `from=${new Date(anchor.getTime() - 15 * 86_400_000).toISOString()}&to=${new Date(anchor.getTime() + 15 * 86_400_000).toISOString()}`;
const timelineBaseline: BaselineHandler = async (db, req) => ({ status: 200, json: await timelineSql(db, req.userId, req.url.searchParams) });

export const ENDPOINTS: Endpoint[] = [
  {
    // The floor: the cheapest request this server answers. GET /api/health without a session
    // goes through the same server, the same route() wrapper and its log line, and reads neither
    // the session nor the database. Beside it the baseline's constant answer. It runs first, so
    // every later entry's targetFloorRatio reads this run's figure.
    name: "floor",
    label: "GET /api/health (the floor: no session, no database)",
    rate: 25,
    targetMs: 20,
    signedOut: true,
    next: () => ({ path: "/api/health" }),
    baseline: async () => ({ status: 200, body: { ok: true } }),
  },
  {
    // The floor plus the session: the same route with the cookie, so the wrapper decodes it and
    // reads the caller's row (one statement), as every signed-in request does. The steps between
    // the floor, this and the punch status are the per-request overhead of docs/performance.md.
    name: "floor-session",
    label: "GET /api/health signed in (the floor + session decode + caller)",
    rate: 25,
    targetMs: 20,
    next: () => ({ path: "/api/health" }),
    baseline: async () => ({ status: 200, body: { ok: true } }),
  },
  {
    name: "list",
    label: "GET /api/tasks (dashboard default)",
    rate: 25,
    targetMs: 40,
    targetRatio: 0.5,
    next: () => ({ path: list(`status=${ACTIVE}&sort=dueDate&page=1&pageSize=50`) }),
    baseline: listBaseline,
  },
  { name: "mine", label: "GET /api/tasks?mine=true", rate: 25, targetMs: 40, next: () => ({ path: list(`status=${ACTIVE}&sort=dueDate&page=1&pageSize=50&mine=true`) }), baseline: listBaseline },
  { name: "search", label: "GET /api/tasks?q=engrave", rate: 25, targetMs: 40, next: () => ({ path: list(`status=${ACTIVE}&sort=dueDate&page=1&pageSize=50&q=engrave`) }), baseline: listBaseline },
  { name: "status", label: "GET /api/tasks?status=blocked", rate: 25, targetMs: 40, next: () => ({ path: list(`status=blocked&sort=dueDate&page=1&pageSize=50`) }), baseline: listBaseline },
  { name: "page1000", label: "GET /api/tasks page 1,000 (all statuses)", rate: 25, targetMs: 60, next: () => ({ path: list(`sort=dueDate&page=1000&pageSize=50`) }), baseline: listBaseline },
  // The Gantt chart: a month around the anchor, everyone's tasks (2,000 of ≈3,500: truncated) and one department's.
  {
    name: "timeline",
    label: "GET /api/tasks/timeline (a month, all tasks)",
    rate: 25,
    targetMs: 60,
    // Against a baseline that answers the same bytes (bench/baseline-sql.ts timelineSql).
    targetRatio: 0.8,
    targetP975Ratio: 1.5,
    next: (ctx) => ({ path: `/api/tasks/timeline?${monthAround(ctx.anchor)}` }),
    baseline: timelineBaseline,
  },
  {
    name: "timeline-unit",
    label: "GET /api/tasks/timeline (a month, one department)",
    rate: 25,
    targetMs: 60,
    next: (ctx) => ({ path: `/api/tasks/timeline?${monthAround(ctx.anchor)}&unitId=${ctx.user.unitIds[0]}` }),
    baseline: timelineBaseline,
  },
  {
    name: "stats",
    label: "GET /api/dashboard/stats",
    rate: 25,
    targetMs: 30,
    next: () => ({ path: "/api/dashboard/stats" }),
    baseline: async (db, req, ctx) => ({ status: 200, body: await statsSql(db, req.userId, ctx.anchor) }),
  },
  {
    // Every signed-in tab's one poll (the bell's unread count rides on it).
    name: "punch-status",
    label: "GET /api/auth/punch/status",
    rate: 25,
    targetMs: 40,
    targetFloorRatio: 0.6,
    next: () => ({ path: "/api/auth/punch/status" }),
    baseline: async (db, req) => {
      const [latest, entry, unread] = await Promise.all([
        db.query(`SELECT punch_in_at, punch_out_at FROM punch_sessions WHERE user_id = $1 ORDER BY punch_in_at DESC LIMIT 1`, [req.userId]),
        db.query(`SELECT e.started_at, t.id, t.display_number, t.title FROM task_time_entries e JOIN tasks t ON t.id = e.task_id WHERE e.user_id = $1 AND e.ended_at IS NULL LIMIT 1`, [req.userId]),
        db.query(`SELECT count(*)::int AS n FROM alert_recipients r JOIN alerts a ON a.id = r.alert_id WHERE r.user_id = $1 AND r.read_at IS NULL AND ${OPEN_ALERT}`, [req.userId]),
      ]);
      const p = latest.rows[0];
      return { status: 200, body: { isPunchedIn: Boolean(p && !p.punch_out_at), lastPunchIn: p?.punch_in_at ?? null, activeTask: entry.rows[0] ?? null, unreadAlerts: unread.rows[0].n } };
    },
  },
  {
    // The alert bell's list: read when the bell opens (its count rides on the punch status).
    name: "my-alerts",
    label: "GET /api/alerts (the bell)",
    rate: 25,
    targetMs: 40,
    // The bell, punch in/out and task create: at least 0.4 × the hand-written baseline's throughput.
    targetRatio: 0.4,
    next: () => ({ path: "/api/alerts?limit=20" }),
    baseline: async (db, req) => {
      const open = OPEN_ALERT;
      const [rows, unread] = await Promise.all([
        db.query(`SELECT a.id, a.message, a.severity, a.created_at, r.read_at FROM alert_recipients r JOIN alerts a ON a.id = r.alert_id WHERE r.user_id = $1 AND ${open} ORDER BY a.created_at DESC LIMIT 20`, [req.userId]),
        db.query(`SELECT count(*)::int AS n FROM alert_recipients r JOIN alerts a ON a.id = r.alert_id WHERE r.user_id = $1 AND r.read_at IS NULL AND ${open}`, [req.userId]),
      ]);
      return { status: 200, body: { items: rows.rows, unreadCount: unread.rows[0].n } };
    },
  },
  {
    name: "punch",
    label: "POST punch in / out (alternating)",
    rate: 20,
    targetMs: 40,
    // The bell, punch in/out and task create: at least 0.4 × the hand-written baseline's throughput.
    targetRatio: 0.4,
    next: (ctx) => {
      const puncher = ctx.punchers.find((p) => !p.busy) ?? ctx.punchers[0]!;
      puncher.busy = true;
      return puncher.punchedIn
        ? { method: "POST", path: "/api/auth/punch/out-with-reason", body: { location: "desktop", reason: "Break" }, user: puncher }
        : { method: "POST", path: "/api/auth/punch/in", body: { location: "desktop" }, user: puncher };
    },
    prepare: async (ctx, db) => {
      // A request of the previous run still in flight would land after the reset below and
      // leave its member in the state this harness does not expect (409s counted as errors).
      for (const waitUntil = Date.now() + 2_000; ctx.punchers.some((p) => p.busy) && Date.now() < waitUntil; ) await new Promise((r) => setTimeout(r, 20));
      await db.query(`UPDATE punch_sessions SET punch_out_at = greatest(now(), punch_in_at), updated_at = now() WHERE punch_out_at IS NULL AND user_id = ANY($1)`, [ctx.punchers.map((p) => p.id)]);
      for (const p of ctx.punchers) Object.assign(p, { punchedIn: false, busy: false });
    },
    cleanup: async (ctx, db) => {
      await db.query(
        `WITH gone AS (DELETE FROM punch_sessions WHERE user_id = ANY($1) AND created_at >= $2 RETURNING id)
         DELETE FROM audit_logs WHERE entity_type = 'punch_session' AND entity_id IN (SELECT id::text FROM gone)`,
        [ctx.punchers.map((p) => p.id), ctx.startedAt],
      );
    },
    done: (ctx, req) => {
      const puncher = ctx.punchers.find((p) => p.id === req.user?.id);
      if (!puncher) return;
      puncher.punchedIn = req.path.endsWith("/in");
      puncher.busy = false;
    },
    baseline: async (db, req) => {
      const out = req.url.pathname.endsWith("/out-with-reason");
      const client = await db.connect();
      try {
        await client.query("BEGIN");
        let row;
        if (out) {
          row = (await client.query(`UPDATE punch_sessions SET punch_out_at = greatest(now(), punch_in_at), out_location = 'desktop', out_source = 'desktop', out_reason = 'Break', updated_at = now() WHERE user_id = $1 AND punch_out_at IS NULL RETURNING id, punch_in_at`, [req.userId])).rows[0];
        } else {
          const prev = (await client.query(`SELECT punch_out_at FROM punch_sessions WHERE user_id = $1 ORDER BY punch_in_at DESC LIMIT 1`, [req.userId])).rows[0];
          row = (await client.query(`INSERT INTO punch_sessions (user_id, punch_in_at, in_location, updated_at) VALUES ($1, greatest(now(), $2::timestamptz), 'desktop', now()) RETURNING id, punch_in_at`, [req.userId, prev?.punch_out_at ?? null])).rows[0];
        }
        if (row) await client.query(`INSERT INTO audit_logs (actor_id, action, entity_type, entity_id) VALUES ($1, $2, 'punch_session', $3)`, [req.userId, out ? "punch.out" : "punch.in", row.id]);
        await client.query("COMMIT");
        return { status: out ? 200 : 201, body: { isPunchedIn: !out, lastPunchIn: row?.punch_in_at ?? null, activeTask: null } };
      } catch (error) {
        await client.query("ROLLBACK");
        if ((error as { code?: string }).code === "23505" || (error as { code?: string }).code === "23P01") return { status: 409, body: { message: "Already punched in" } };
        throw error;
      } finally {
        client.release();
      }
    },
  },
  {
    name: "create",
    label: "POST /api/tasks",
    rate: 20,
    targetMs: 40,
    // The bell, punch in/out and task create: at least 0.4 × the hand-written baseline's throughput.
    targetRatio: 0.4,
    next: (ctx) => ({
      method: "POST",
      path: "/api/tasks",
      body: { uuid: randomUUID(), title: CREATED_TITLE, department: ctx.user.unitIds[0], dueDate: new Date(ctx.anchor.getTime() + 3 * 86_400_000).toISOString(), priority: "normal" },
    }),
    // A run creates thousands of tasks in the bench user's department, due in three days: left
    // there, they skewed every later read (25,000 after a day of runs, and the one-department
    // timeline hit its 2,000-task limit). Removed after each measurement, with their audit rows.
    cleanup: async (ctx, db) => {
      await db.query(
        `WITH gone AS (DELETE FROM tasks WHERE title = $1 AND created_by_id = $2 RETURNING id)
         DELETE FROM audit_logs WHERE entity_type = 'task' AND action = 'task.create' AND entity_id IN (SELECT id::text FROM gone)`,
        [CREATED_TITLE, ctx.user.id],
      );
    },
    baseline: async (db, req) => {
      const body = req.body as { uuid: string; title: string; department: string; dueDate: string; priority: string };
      const client = await db.connect();
      try {
        await client.query("BEGIN");
        const n = (await client.query(`UPDATE counters SET value = value + 1 WHERE name = 'task_display_number' RETURNING value`)).rows[0].value as number;
        const task = (
          await client.query(
            `INSERT INTO tasks (display_number, uuid, title, priority, organizational_unit_id, due_date, created_by_id, updated_at)
             SELECT $1, $2, $3, $4::"TaskPriority", u.id, $6, $7, now() FROM organizational_units u WHERE u.id = $5 RETURNING *`,
            [n, body.uuid, body.title, body.priority, body.department, body.dueDate, req.userId],
          )
        ).rows[0];
        await client.query(`INSERT INTO audit_logs (actor_id, action, entity_type, entity_id, after) VALUES ($1, 'task.create', 'task', $2, $3)`, [req.userId, task.id, JSON.stringify(task)]);
        await client.query("COMMIT");
        return { status: 201, body: task };
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      } finally {
        client.release();
      }
    },
  },
  {
    // The time log: one member's month through the app (punches, breaks, overtime, task time, edits, locks).
    name: "time-log-month",
    label: "GET /api/time/logs (one member's month)",
    rate: 25,
    targetMs: 60,
    next: (ctx) => {
      const to = dateKeyOf(ctx.anchor);
      const from = addDays(to, -30);
      return { path: `/api/time/logs?range=custom&from=${from}&to=${to}` };
    },
    baseline: async (db, req) => {
      const from = req.url.searchParams.get("from")!;
      const to = req.url.searchParams.get("to")!;
      const [punches, entries] = await Promise.all([
        db.query(
          `SELECT id, punch_in_at, punch_out_at, in_source, out_source, out_reason FROM punch_sessions
            WHERE user_id = $1 AND tstzrange(punch_in_at, coalesce(punch_out_at, 'infinity'), '[)') && tstzrange($2::date - 7, $3::date + 1, '[)')
            ORDER BY punch_in_at`,
          [req.userId, from, to],
        ),
        db.query(
          `SELECT e.id, e.punch_session_id, e.started_at, e.ended_at, t.id AS task_id, t.display_number, t.title FROM task_time_entries e JOIN tasks t ON t.id = e.task_id
            WHERE e.user_id = $1 AND e.started_at >= $2::date AND e.started_at < $3::date + 1 ORDER BY e.started_at`,
          [req.userId, from, to],
        ),
      ]);
      return { status: 200, body: { punches: punches.rows, entries: entries.rows } };
    },
  },
  {
    name: "time-week",
    label: "SQL: one member's week of punches + task time",
    rate: 25,
    targetMs: 60,
    app: false,
    next: (ctx) => ({ path: `/time/week?userId=${ctx.user.id}` }),
    baseline: async (db, req, ctx) => ({ status: 200, body: await timeWeekSql(db, req.url.searchParams.get("userId")!, ctx.anchor) }),
  },
  {
    name: "time-month",
    label: "SQL: one unit's month of punches + task time",
    rate: 25,
    targetMs: 60,
    app: false,
    next: (ctx) => ({ path: `/time/month?unitId=${ctx.user.unitIds[0]}` }),
    baseline: async (db, req, ctx) => ({ status: 200, body: await timeMonthSql(db, req.url.searchParams.get("unitId")!, ctx.anchor) }),
  },
  // Schedules (docs/schedules.md): the week grid of every department (an admin: 200 members × 7
  // days × 2 shifts), and one member's own schedule (four weeks, open shifts, the team's).
  {
    name: "schedule-week",
    label: "GET /api/schedule (one week, all departments)",
    rate: 25,
    targetMs: 60,
    next: (ctx) => ({ path: `/api/schedule?week=${weekStart(dateKeyOf(ctx.anchor), WEEK_STARTS_ON)}`, user: ctx.planner }),
    baseline: async (db, req) => ({ status: 200, json: await scheduleWeekSql(db, req.url.searchParams.get("week")!) }),
  },
  {
    name: "my-shifts",
    label: "GET /api/schedule/me",
    rate: 25,
    targetMs: 60,
    next: () => ({ path: "/api/schedule/me" }),
    baseline: async (db, req) => ({ status: 200, json: await myScheduleSql(db, req.userId) }),
  },
  // Labour cost (docs/time.md "Pay rates and labour cost"): last week's pay period, every member
  // with time, by department, as an administrator (pay.read). The baseline: one statement costing
  // the same punches and task minutes at the rates in force (no overtime split), as JSON text.
  {
    name: "labour-cost",
    label: "GET /api/labour-cost?by=department (a pay period, every member)",
    rate: 10,
    targetMs: 150,
    next: (ctx) => ({ path: `/api/labour-cost?by=department&period=${addDays(dateKeyOf(ctx.anchor), -7)}`, user: ctx.planner }),
    baseline: async (db, req) => ({ status: 200, json: await labourCostSql(db, req.url.searchParams.get("period")!) }),
  },
  // Pickup runs (docs/runs.md "Speed"): the driver's run screen on the reference load, 50 stops
  // and 200 pets (half picked up), as the bench user drives it today. The run is written once a day.
  {
    name: "run-today",
    label: "GET /api/runs/today (50 stops, 200 pets)",
    rate: 10,
    targetMs: 200,
    next: () => ({ path: "/api/runs/today" }),
    prepare: async (ctx, db) => {
      await ensureReferenceRun(db, ctx.user.id, ctx.planner.id);
    },
    baseline: async (db, req) => ({ status: 200, json: await todayRunsSql(db, req.userId) }),
  },
  // Scoreboard and statistics.
  ...REPORT_ENDPOINTS,
];
