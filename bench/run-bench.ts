/**
 * `npm run bench`: the production server on the bench database, a plain node:http + pg
 * baseline beside it, autocannon against both for every entry of endpoints.ts:
 *   - throughput: as many requests as `connections` connections can get in `duration` s;
 *   - latency: p50 / p97.5 at the entry's fixed rate (autocannon corrects for coordinated omission).
 * Prints one table and writes bench/results.json with the machine, its load and the figures.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { ENDPOINTS, type BenchContext, type BenchRequest, type BenchUser, type Endpoint } from "./endpoints";
import { BENCH_PASSWORD, BENCH_USER_EMAIL } from "./generate-data";

export const DEFAULT_RUN = { durationSec: 10, connections: 4, rate: 0, port: 3300, outFile: "bench/results.json" };

export interface RunOptions {
  databaseUrl: string;
  durationSec: number;
  /** Smoke mode: this many requests per run instead of `durationSec`. */
  amount?: number;
  connections: number;
  /** Overrides every entry's fixed rate when > 0. */
  rate: number;
  only?: string[];
  /** The app's port; the baseline listens on port + 1. */
  port: number;
  outFile: string;
  log: (line: string) => void;
  /** Reuse a running app instead of starting the production server (the jest smoke test calls handlers itself). */
  appUrl?: string;
}

interface Measure {
  rps: number;
  p50: number;
  p975: number;
  errors: number;
}

export interface EndpointResult {
  name: string;
  label: string;
  rate: number;
  targetMs: number;
  app: Measure | null;
  baseline: Measure;
  ratio: number | null;
  met: boolean;
}

export interface BenchResults {
  date: string;
  machine: { cpus: number; model: string; memGiB: number; node: string; loadBefore: number[]; loadAfter: number[] };
  durationSec: number;
  connections: number;
  data: Record<string, number>;
  endpoints: EndpointResult[];
}

export async function runBench(opts: RunOptions): Promise<BenchResults> {
  const root = path.resolve(__dirname, "..");
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
  const baselinePort = opts.port + 1;
  let app: ChildProcess | null = null;
  const baseline = await startBaseline(pool, baselinePort);
  try {
    const data = await dataSummary(pool);
    if (!data.tasks) throw new Error("The bench database is empty: run npm run bench:data first");
    const appUrl = opts.appUrl ?? `http://127.0.0.1:${opts.port}`;
    if (!opts.appUrl) app = await startApp(root, opts, appUrl);
    const ctx = await signInAll(pool, appUrl);
    baseline.ctx = ctx;
    // What an interrupted run left behind.
    for (const endpoint of ENDPOINTS) await endpoint.cleanup?.(ctx, pool);
    await vacuumWrittenTables(pool);
    const loadBefore = os.loadavg();
    opts.log(`load average before: ${loadBefore.map((l) => l.toFixed(2)).join(" ")} on ${os.cpus().length} CPUs`);

    const results: EndpointResult[] = [];
    for (const endpoint of ENDPOINTS.filter((e) => !opts.only || opts.only.includes(e.name))) {
      const rate = opts.rate || endpoint.rate;
      const measure = async (base: string, baselineTarget: boolean): Promise<Measure> => {
        const run = { connections: opts.connections, duration: opts.durationSec, amount: opts.amount };
        await endpoint.prepare?.(ctx, pool);
        const fixedConcurrency = await cannon(base, endpoint, ctx, baselineTarget, run);
        await endpoint.prepare?.(ctx, pool);
        const fixedRate = await cannon(base, endpoint, ctx, baselineTarget, { ...run, overallRate: rate });
        if (endpoint.cleanup) {
          await endpoint.cleanup(ctx, pool);
          await vacuumWrittenTables(pool);
        }
        return { rps: fixedConcurrency.rps, p50: fixedRate.p50, p975: fixedRate.p975, errors: fixedConcurrency.errors + fixedRate.errors };
      };
      const appMeasure = endpoint.app === false ? null : await measure(appUrl, false);
      const baseMeasure = await measure(`http://127.0.0.1:${baselinePort}`, true);
      const subject = appMeasure ?? baseMeasure;
      const ratio = appMeasure ? appMeasure.rps / baseMeasure.rps : null;
      const met = subject.p975 <= endpoint.targetMs && subject.errors === 0 && (endpoint.targetRatio === undefined || (ratio ?? 0) >= endpoint.targetRatio);
      const result = { name: endpoint.name, label: endpoint.label, rate, targetMs: endpoint.targetMs, app: appMeasure, baseline: baseMeasure, ratio, met };
      results.push(result);
      opts.log(`${endpoint.name}: ${formatRow(result)}`);
    }
    const out: BenchResults = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? "unknown", memGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, loadBefore, loadAfter: os.loadavg() },
      durationSec: opts.durationSec,
      connections: opts.connections,
      data,
      endpoints: results,
    };
    console.log(renderTable(out));
    writeFileSync(path.resolve(root, opts.outFile), JSON.stringify(out, null, 2) + "\n");
    opts.log(`wrote ${opts.outFile}`);
    return out;
  } finally {
    if (app) await stopProcess(app);
    await new Promise<void>((resolve) => baseline.server.close(() => resolve()));
    await pool.end();
  }
}

/** The tables the write entries (create, punch) and their cleanups change. */
const WRITTEN_TABLES = ["tasks", "task_assignments", "checklist_items", "audit_logs", "punch_sessions"];

/**
 * Every run starts from the same tables, whatever ran before. The create entry deletes the
 * thousands of tasks it made, and until a vacuum those dead rows sit in the indexes: the list's
 * index-only scans then visit the heap for them (the default list served 21 ms -> 16 ms after a
 * VACUUM, 45,689 dead rows). Autovacuum would get there eventually, but it runs when it likes,
 * and the Postgres on this project's build machines has it switched off.
 */
async function vacuumWrittenTables(pool: pg.Pool): Promise<void> {
  await pool.query(`VACUUM (ANALYZE) ${WRITTEN_TABLES.join(", ")}`);
}

async function cannon(base: string, endpoint: Endpoint, ctx: BenchContext, baselineTarget: boolean, o: { connections: number; duration: number; amount?: number; overallRate?: number }) {
  let errors = 0;
  const result = await autocannon({
    url: base,
    connections: o.connections,
    // Smoke runs are a handful of requests: sample often so a run does not last a whole second.
    ...(o.amount ? { amount: o.amount, sampleInt: 50 } : { duration: o.duration }),
    overallRate: o.overallRate,
    requests: [
      {
        setupRequest: (req: autocannon.Request, context: object) => {
          const r: BenchRequest = endpoint.next(ctx);
          const user = r.user ?? ctx.user;
          (context as { req?: BenchRequest }).req = r;
          return {
            ...req,
            method: r.method ?? "GET",
            path: r.path,
            body: r.body === undefined ? undefined : JSON.stringify(r.body),
            headers: {
              "content-type": "application/json",
              ...(baselineTarget ? { "x-bench-user": user.id, "x-bench-endpoint": endpoint.name } : { cookie: user.cookie }),
            },
          };
        },
        onResponse: (status: number, _body: string, context: object) => {
          if (status >= 400) errors++;
          endpoint.done?.(ctx, (context as { req: BenchRequest }).req, status);
        },
      },
    ],
  });
  return { rps: result.requests.total / result.duration, p50: result.latency.p50, p975: result.latency.p97_5, errors: errors + result.errors + result.timeouts };
}

interface Baseline {
  server: http.Server;
  ctx: BenchContext | null;
}

/** node:http + pg: one handler per entry, found by the x-bench-endpoint header. */
async function startBaseline(pool: pg.Pool, port: number): Promise<Baseline> {
  const state: Baseline = { server: http.createServer(), ctx: null };
  state.server.on("request", (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const endpoint = ENDPOINTS.find((e) => e.name === req.headers["x-bench-endpoint"]);
      const userId = String(req.headers["x-bench-user"] ?? "");
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (!endpoint || !state.ctx) return reply(404, { message: "No such bench endpoint" });
      // The same caller lookup the app does once per request (role and units).
      pool
        .query(`SELECT u.role, array_remove(array_agg(m.unit_id), NULL) AS units FROM users u LEFT JOIN unit_memberships m ON m.user_id = u.id WHERE u.id = $1 AND u.is_active GROUP BY u.role`, [userId])
        .then((caller) => {
          if (!caller.rows[0]) return reply(401, { message: "Unauthorized" });
          const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined;
          return endpoint.baseline(pool, { url: new URL(req.url ?? "/", "http://baseline"), userId, body }, state.ctx!).then((r) => reply(r.status, r.body));
        })
        .catch((error: unknown) => reply(500, { message: error instanceof Error ? error.message : String(error) }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    state.server.once("error", reject);
    state.server.listen(port, "127.0.0.1", () => resolve());
  });
  return state;
}

/**
 * The production server as `npm start` runs it (scripts/server.ts: Next's handler plus the
 * precompressed static files), on the bench database.
 */
export async function startApp(root: string, opts: Pick<RunOptions, "databaseUrl" | "port" | "log">, appUrl: string): Promise<ChildProcess> {
  const next = path.join(root, "node_modules", ".bin", "next");
  const env = {
    ...process.env,
    DATABASE_URL: opts.databaseUrl,
    NODE_ENV: "production" as const,
    NEXTAUTH_SECRET: randomBytes(32).toString("base64"),
    NEXTAUTH_URL: appUrl,
    AUTH_COOKIE_SECURE: "false",
    PORT: String(opts.port),
    HOSTNAME_BIND: "127.0.0.1",
  };
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
    opts.log("No production build yet: running next build ...");
    await new Promise<void>((resolve, reject) => {
      const build = spawn(next, ["build"], { cwd: root, env, stdio: "inherit" });
      build.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`next build failed (${code})`))));
    });
  } else {
    opts.log("Using the existing production build in .next (run npm run build after changing the code)");
  }
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts", "server.ts"), "start"], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app's server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${appUrl}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  await stopProcess(child);
  throw new Error(`The app did not answer on ${appUrl} within 60 s`);
}

export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

export async function signIn(appUrl: string, email: string): Promise<string> {
  const res = await fetch(`${appUrl}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: BENCH_PASSWORD }) });
  if (!res.ok) throw new Error(`Signing in as ${email} failed with ${res.status}`);
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}

/** The bench user, plus four members (13-16) who punch in and out; all start punched out. */
async function signInAll(pool: pg.Pool, appUrl: string): Promise<BenchContext> {
  const emails = [BENCH_USER_EMAIL, ...[13, 14, 15, 16].map((n) => `member${String(n).padStart(4, "0")}@bfs.bench`)];
  const rows = await pool.query<{ id: string; email: string; units: string[] }>(
    `SELECT u.id, u.email, array_remove(array_agg(m.unit_id ORDER BY m.unit_id), NULL) AS units FROM users u LEFT JOIN unit_memberships m ON m.user_id = u.id WHERE u.email = ANY($1) GROUP BY u.id`,
    [emails],
  );
  await pool.query(`UPDATE punch_sessions SET punch_out_at = greatest(now(), punch_in_at), updated_at = now() WHERE punch_out_at IS NULL AND user_id IN (SELECT id FROM users WHERE email = ANY($1))`, [emails]);
  const users: BenchUser[] = [];
  for (const email of emails) {
    const row = rows.rows.find((r) => r.email === email);
    if (!row) throw new Error(`${email} is missing: rebuild the data with npm run bench:data`);
    users.push({ id: row.id, email, unitIds: row.units, cookie: await signIn(appUrl, email) });
  }
  const anchorRow = await pool.query<{ anchor: Date }>(`SELECT max(updated_at) AS anchor FROM users`);
  return { user: users[0]!, punchers: users.slice(1).map((u) => ({ ...u, punchedIn: false, busy: false })), anchor: anchorRow.rows[0]!.anchor };
}

async function dataSummary(pool: pg.Pool): Promise<Record<string, number>> {
  const res = await pool.query(`SELECT (SELECT count(*) FROM tasks)::int AS tasks, (SELECT count(*) FROM users)::int AS members,
    (SELECT count(*) FROM punch_sessions)::int AS punches, (SELECT count(*) FROM task_time_entries)::int AS "timeEntries"`);
  return res.rows[0];
}

const ms = (v: number) => `${Math.round(v)} ms`;

function formatRow(r: EndpointResult): string {
  const a = r.app;
  return `app ${a ? `${a.rps.toFixed(0)} rps, p50 ${ms(a.p50)}, p97.5 ${ms(a.p975)}${a.errors ? `, ${a.errors} errors` : ""}` : "—"} | baseline ${r.baseline.rps.toFixed(0)} rps, p50 ${ms(r.baseline.p50)}, p97.5 ${ms(r.baseline.p975)} | ${r.met ? "target met" : "TARGET MISSED"}`;
}

/** The Markdown table printed at the end and pasted into docs/performance.md. */
export function renderTable(results: BenchResults): string {
  const lines = [
    `${results.date} · ${results.machine.cpus} × ${results.machine.model}, ${results.machine.memGiB} GiB · Node ${results.machine.node} · load ${results.machine.loadBefore.map((l) => l.toFixed(2)).join(" ")} before, ${results.machine.loadAfter.map((l) => l.toFixed(2)).join(" ")} after`,
    `data: ${Object.entries(results.data).map(([k, v]) => `${v} ${k}`).join(", ")} · rps at ${results.connections} connections for ${results.durationSec} s; latency at the fixed rate for ${results.durationSec} s`,
    "",
    "| Endpoint | rps app | rps baseline | app/baseline | rate | p50 app | p97.5 app | p97.5 baseline | target p97.5 | verdict |",
    "|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const r of results.endpoints) {
    const a = r.app;
    lines.push(
      `| ${r.label} | ${a ? a.rps.toFixed(0) : "—"} | ${r.baseline.rps.toFixed(0)} | ${r.ratio === null ? "—" : r.ratio.toFixed(2)} | ${r.rate}/s | ${a ? ms(a.p50) : "—"} | ${a ? ms(a.p975) : "—"} | ${ms(r.baseline.p975)} | ≤ ${r.targetMs} ms | ${r.met ? "met" : "**missed**"}${(a?.errors ?? 0) + r.baseline.errors ? ` (${(a?.errors ?? 0) + r.baseline.errors} errors)` : ""} |`,
    );
  }
  return lines.join("\n");
}
