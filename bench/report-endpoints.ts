/**
 * The scoreboard's and statistics' reads for `npm run bench`: each panel for a
 * quarter ending at the data's anchor, the scoreboard for this month and a breakdown. Target
 * p97.5 ≤ 150 ms (the issue's). The baseline is the hand-written scan each read cannot avoid
 * (the rows in range, aggregated once), a floor to compare with rather than the same answer.
 * `bench/reports.ts` measures the same reads in-process, without HTTP (docs/reports.md).
 */
import type { BaselineHandler, Endpoint } from "./endpoints";
import { addDays, dateKeyOf } from "../lib/dates";

const DAY = 86_400_000;
const quarter = (anchor: Date) => ({ from: addDays(dateKeyOf(anchor), -90), to: dateKeyOf(anchor) });
const range = (anchor: Date) => [new Date(anchor.getTime() - 90 * DAY), anchor] as const;

const taskScan = (column: "created_at" | "completed_at" | "due_date"): BaselineHandler => async (db, _req, ctx) => ({
  status: 200,
  body: (await db.query(`SELECT date_trunc('week', ${column}) AS week, organizational_unit_id, count(*)::int AS n FROM tasks WHERE ${column} >= $1 AND ${column} < $2 AND deleted_at IS NULL GROUP BY 1, 2`, [...range(ctx.anchor)])).rows,
});
const timeScan: BaselineHandler = async (db, _req, ctx) => {
  const [from, to] = range(ctx.anchor);
  const [p, e] = await Promise.all([
    db.query(`SELECT user_id, date_trunc('week', punch_in_at) AS week, sum(extract(epoch FROM punch_out_at - punch_in_at)) AS s FROM punch_sessions WHERE punch_in_at >= $1 AND punch_in_at < $2 GROUP BY 1, 2`, [from, to]),
    db.query(`SELECT user_id, date_trunc('week', started_at) AS week, sum(extract(epoch FROM ended_at - started_at)) AS s FROM task_time_entries WHERE started_at >= $1 AND started_at < $2 GROUP BY 1, 2`, [from, to]),
  ]);
  return { status: 200, body: { punches: p.rows, entries: e.rows } };
};

const panel = (name: string, baseline: BaselineHandler): Endpoint => ({
  name: `stats-${name}`,
  label: `GET /api/statistics/${name} (a quarter)`,
  rate: 10,
  targetMs: 150,
  next: (ctx) => {
    const q = quarter(ctx.anchor);
    return { path: `/api/statistics/${name}?from=${q.from}&to=${q.to}` };
  },
  baseline,
});

export const REPORT_ENDPOINTS: Endpoint[] = [
  panel("throughput", taskScan("created_at")),
  panel("on-time", taskScan("completed_at")),
  panel("cycle-time", taskScan("completed_at")),
  panel("overdue", taskScan("due_date")),
  panel("hours", timeScan),
  panel("punch-patterns", timeScan),
  panel("pickups", taskScan("completed_at")),
  panel("recurring", taskScan("created_at")),
  {
    name: "scoreboard",
    label: "GET /api/scoreboard?period=this-month",
    rate: 10,
    targetMs: 150,
    next: () => ({ path: "/api/scoreboard?period=this-month" }),
    baseline: async (db, _req, ctx) => ({
      status: 200,
      body: (
        await db.query(
          `SELECT t.id, t.priority, t.due_date, t.completed_at, t.assignee_id, (SELECT json_agg(a.user_id) FROM task_assignments a WHERE a.task_id = t.id) AS team
           FROM tasks t WHERE t.completed_at >= $1 AND t.completed_at < $2 AND t.status = 'completed' AND t.deleted_at IS NULL`,
          [new Date(ctx.anchor.getTime() - 60 * DAY), ctx.anchor],
        )
      ).rows,
    }),
  },
  {
    name: "scoreboard-member",
    label: "GET /api/scoreboard/members/{me}?period=this-month",
    rate: 10,
    targetMs: 150,
    next: (ctx) => ({ path: `/api/scoreboard/members/${ctx.user.id}?period=this-month` }),
    baseline: async (db, req, ctx) => ({
      status: 200,
      body: (
        await db.query(`SELECT id, title, priority, completed_at FROM tasks WHERE assignee_id = $1 AND completed_at >= $2 AND completed_at < $3 AND status = 'completed'`, [req.userId, new Date(ctx.anchor.getTime() - 31 * DAY), ctx.anchor])
      ).rows,
    }),
  },
];
