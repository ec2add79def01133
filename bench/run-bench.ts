/**
 * `npm run bench`: the production server on the bench database, a plain node:http + pg
 * baseline beside it, autocannon against both for every entry of endpoints.ts:
 *   - throughput: as many requests as `connections` connections can get in `duration` s;
 *   - latency: p50 / p97.5 at the entry's fixed rate, requests arriving evenly spaced (pacedCannon).
 * Prints one table and writes bench/results.json with the machine, its load and the figures.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import * as hdr from "hdr-histogram-js";
import type pg from "pg";
import { ENDPOINTS, type BenchContext, type BenchRequest, type BenchUser, type Endpoint } from "./endpoints";
import { BENCH_PASSWORD, BENCH_USER_EMAIL } from "./generate-data";
import { precompressedLevel, precompressStatic } from "../scripts/precompress";
import { benchPool } from "./pool";

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
  /** The `signed-in` entry's curve: simulated tabs per step (default SIGNED_IN_TABS). */
  tabs?: number[];
}

/** The signed-in curve's steps, in simulated tabs (each polls every 5 s): 50 to 600 polls a second. */
export const SIGNED_IN_TABS = [250, 500, 1000, 1500, 2000, 3000];
/** The signed-in target (issue: capacity): at this many tabs, poll p97.5 ≤ 100 ms and the list at 5/s ≤ 2 × its solo p97.5. */
export const SIGNED_IN_TARGET = { tabs: 1500, pollP975Ms: 100, listFactor: 2, listRate: 5 };
/** How many bench members the simulated tabs are spread over (each signs in once; tab i uses member i mod this). */
const SIGNED_IN_MEMBERS = 40;
const POLL_INTERVAL_MS = 5000;
/**
 * Each step of the curve runs at least this long: the list beside the polls runs at 5/s, and a
 * p97.5 of 50 requests (10 s) is the second-slowest one; it moved between 1.1 × and 2.9 × of
 * the list alone at the same load. 30 s make it 150 requests.
 */
const SIGNED_IN_MIN_STEP_SEC = 30;

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
  /** App rps / the floor route's app rps in the same run, for entries with targetFloorRatio. */
  floorRatio?: number | null;
  targetFloorRatio?: number;
  met: boolean;
}

export interface BenchResults {
  date: string;
  machine: { cpus: number; model: string; memGiB: number; node: string; loadBefore: number[]; loadAfter: number[] };
  durationSec: number;
  connections: number;
  data: Record<string, number>;
  endpoints: EndpointResult[];
  signedIn?: SignedInResult;
}

export interface SignedInPoint {
  tabs: number;
  /** Polls a second (tabs / 5). */
  rate: number;
  poll: { p50: number; p975: number; errors: number };
  list: { p50: number; p975: number; errors: number };
  /** The app process's CPU over the step, in % of one core (null when the bench did not start the app). */
  appCpu: number | null;
  /** The whole machine's CPU over the step, % of all cores. */
  machineCpu: number;
  /** The benchmark's own process (the load generator) over the step, % of one core. */
  benchCpu: number;
  /** The worst app process's event-loop delay over the step (null when the bench did not start the app). */
  loopDelay: LoopDelay | null;
  /** The poll and caller caches' hit ratios over the step, all app processes (null: not measured). */
  cache: CacheRatio | null;
}

/** Hits ÷ lookups of each per-process cache over a step (lib/cache/member-versions.ts, via bench/loop-delay.mjs). */
export interface CacheRatio {
  poll: { lookups: number; hits: number; ratio: number };
  caller: { lookups: number; hits: number; ratio: number };
}

/** An app process's event-loop delay and garbage-collection pauses over a step, in ms (bench/loop-delay.mjs). */
export interface LoopDelay {
  p99: number;
  max: number;
  gcMax: number;
  gcPerSecond: number;
}

export interface SignedInResult {
  members: number;
  listSolo: { p50: number; p975: number; errors: number };
  points: SignedInPoint[];
  target: typeof SIGNED_IN_TARGET;
  met: boolean;
}

export async function runBench(opts: RunOptions): Promise<BenchResults> {
  const root = path.resolve(__dirname, "..");
  const pool = benchPool(opts.databaseUrl, opts.log);
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
        const fixedRate = await pacedCannon(base, endpoint, ctx, baselineTarget, { ...run, rate });
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
      const floor = results.find((r) => r.name === "floor")?.app;
      const floorRatio = endpoint.targetFloorRatio === undefined ? undefined : appMeasure && floor ? appMeasure.rps / floor.rps : null;
      const met =
        subject.p975 <= endpoint.targetMs &&
        subject.errors === 0 &&
        (endpoint.targetRatio === undefined || (ratio ?? 0) >= endpoint.targetRatio) &&
        (endpoint.targetP975Ratio === undefined || (appMeasure !== null && appMeasure.p975 <= endpoint.targetP975Ratio * baseMeasure.p975)) &&
        (endpoint.targetFloorRatio === undefined || floorRatio === null || (floorRatio ?? 0) >= endpoint.targetFloorRatio);
      const result: EndpointResult = { name: endpoint.name, label: endpoint.label, rate, targetMs: endpoint.targetMs, app: appMeasure, baseline: baseMeasure, ratio, met };
      if (endpoint.targetFloorRatio !== undefined) Object.assign(result, { floorRatio, targetFloorRatio: endpoint.targetFloorRatio });
      results.push(result);
      opts.log(`${endpoint.name}: ${formatRow(result)}`);
    }
    const signedIn = !opts.only || opts.only.includes("signed-in") ? await runSignedIn(opts, appUrl, app, pool, ctx) : undefined;
    const out: BenchResults = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? "unknown", memGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, loadBefore, loadAfter: os.loadavg() },
      durationSec: opts.durationSec,
      connections: opts.connections,
      data,
      endpoints: results,
      ...(signedIn ? { signedIn } : {}),
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

/**
 * `signed-in`: what merely signed-in staff cost. N simulated tabs, each polling the punch status
 * every 5 s as a real tab does (one request; the bell's count rides on it), evenly spaced: N / 5
 * requests a second, one autocannon connection per request a second (pacedCannon). Beside them
 * the default list at 5/s, whose p97.5 is compared with the same list measured alone. Reports the
 * curve N -> poll p97.5, list p97.5, the app process's CPU (% of one core) and the machine's.
 */
async function runSignedIn(opts: RunOptions, appUrl: string, app: ChildProcess | null, pool: pg.Pool, ctx: BenchContext): Promise<SignedInResult> {
  const status = ENDPOINTS.find((e) => e.name === "punch-status")!;
  const listEntry = ENDPOINTS.find((e) => e.name === "list")!;
  const rows = await pool.query<{ email: string }>(`SELECT email FROM users WHERE email LIKE 'member%@bfs.bench' AND is_active ORDER BY email LIMIT $1`, [opts.amount ? 3 : SIGNED_IN_MEMBERS]);
  const users: BenchUser[] = [];
  for (const { email } of rows.rows) users.push({ id: "", email, unitIds: [], cookie: await signIn(appUrl, email) });
  opts.log(`signed-in: ${users.length} members signed in for the simulated tabs`);
  let next = 0;
  const poller: Endpoint = { ...status, name: "signed-in", next: () => ({ path: "/api/auth/punch/status", user: users[next++ % users.length] }) };
  const run = { duration: Math.max(opts.durationSec, SIGNED_IN_MIN_STEP_SEC), amount: opts.amount };
  // Run alone (`--only signed-in`) the server has just started: a warm-up of both requests first,
  // or the list "alone" would be measured cold (149 ms at p97.5 against 38 warm) and flatter the ratio.
  await Promise.all([listEntry, poller].map((e) => cannon(appUrl, e, ctx, false, { connections: opts.connections, duration: Math.min(5, opts.durationSec), amount: opts.amount })));
  const listSolo = await pacedCannon(appUrl, listEntry, ctx, false, { ...run, rate: SIGNED_IN_TARGET.listRate });
  opts.log(`signed-in: the list alone at ${SIGNED_IN_TARGET.listRate}/s: p50 ${ms(listSolo.p50)}, p97.5 ${ms(listSolo.p975)}`);
  const points: SignedInPoint[] = [];
  const steps = opts.tabs ?? (opts.amount ? [10] : SIGNED_IN_TABS);
  for (const tabs of steps) {
    const rate = Math.max(1, Math.round((tabs * 1000) / POLL_INTERVAL_MS));
    const cpu = cpuMeter(app?.pid ?? null);
    // The load generator shares the machine: its own CPU says whether a tail is the app's or its own.
    const [benchCpuStart, benchWallStart, stepStart] = [process.cpuUsage(), performance.now(), Date.now()];
    const [poll, list] = await Promise.all([
      pacedCannon(appUrl, poller, ctx, false, { ...run, rate }),
      pacedCannon(appUrl, listEntry, ctx, false, { ...run, rate: SIGNED_IN_TARGET.listRate }),
    ]);
    const { appCpu, machineCpu } = cpu.read();
    const benchUsage = process.cpuUsage(benchCpuStart);
    const benchCpu = ((benchUsage.user + benchUsage.system) / 1000 / (performance.now() - benchWallStart)) * 100;
    // The processes write a line a second: wait for the step's last one.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const loopDelay = loopDelayBetween(stepStart, Date.now() - 1100);
    const cache = cacheRatioBetween(stepStart, Date.now() - 1100);
    const point = { tabs, rate, poll, list, appCpu, machineCpu, benchCpu, loopDelay, cache };
    points.push(point);
    opts.log(
      `signed-in: ${tabs} tabs (${rate} polls/s): poll p50 ${ms(poll.p50)}, p97.5 ${ms(poll.p975)}${poll.errors ? `, ${poll.errors} errors` : ""} | list p97.5 ${ms(list.p975)} | app CPU ${appCpu === null ? "—" : `${appCpu.toFixed(0)} %`} of a core, load generator ${benchCpu.toFixed(0)} %, machine ${machineCpu.toFixed(0)} % | event-loop delay ${loopDelayText(loopDelay)} | cache hits ${cacheText(cache)}`,
    );
  }
  const at = points.find((p) => p.tabs === SIGNED_IN_TARGET.tabs);
  const met =
    at !== undefined &&
    at.poll.errors === 0 &&
    at.poll.p975 <= SIGNED_IN_TARGET.pollP975Ms &&
    at.list.p975 <= SIGNED_IN_TARGET.listFactor * Math.max(listSolo.p975, 1);
  return { members: users.length, listSolo, points, target: SIGNED_IN_TARGET, met };
}

/** Where the app's processes write their event-loop delay (bench/loop-delay.mjs); one folder per bench run. */
let loopDelayFolder: string | null = null;
const loopDelayDir = () => (loopDelayFolder ??= mkdtempSync(path.join(os.tmpdir(), "bfs-bench-loop-")));

/**
 * The worst app process's event-loop delay over [from, to): the highest per-second p99, the
 * longest single delay, the longest garbage-collection pause and the most collection time in any
 * one second, in ms.
 */
function loopDelayBetween(from: number, to: number): LoopDelay | null {
  if (!loopDelayFolder) return null;
  const folder = loopDelayFolder;
  const seconds = readdirSync(folder)
    .flatMap((file) => readFileSync(path.join(folder, file), "utf8").split("\n").filter(Boolean))
    .map((line) => JSON.parse(line) as LoopDelay & { at: number; gcTotal: number })
    .filter(({ at }) => at > from && at <= to + 1000);
  const worst = (pick: (s: (typeof seconds)[number]) => number) => Math.max(...seconds.map(pick));
  return seconds.length ? { p99: worst((s) => s.p99), max: worst((s) => s.max), gcMax: worst((s) => s.gcMax), gcPerSecond: worst((s) => s.gcTotal) } : null;
}

type Counts = { hits: number; misses: number; bypass: number };
type CacheLine = { at: number; cache?: { poll: Counts; caller: Counts } | null };

/**
 * Each cache's hits ÷ lookups over [from, to), summed over the app processes: per process, the
 * cumulative counters of its last line before the step against its last line in it.
 */
function cacheRatioBetween(from: number, to: number): CacheRatio | null {
  if (!loopDelayFolder) return null;
  const folder = loopDelayFolder;
  const sum = { poll: { hits: 0, lookups: 0 }, caller: { hits: 0, lookups: 0 } };
  let seen = false;
  for (const file of readdirSync(folder)) {
    const lines = readFileSync(path.join(folder, file), "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line) as CacheLine);
    const before = lines.filter((l) => l.at <= from && l.cache).at(-1)?.cache;
    const last = lines.filter((l) => l.at > from && l.at <= to + 1000 && l.cache).at(-1)?.cache;
    if (!last) continue;
    seen = true;
    for (const kind of ["poll", "caller"] as const) {
      const zero = { hits: 0, misses: 0, bypass: 0 };
      const a = before?.[kind] ?? zero;
      const b = last[kind];
      sum[kind].hits += b.hits - a.hits;
      sum[kind].lookups += b.hits + b.misses + b.bypass - (a.hits + a.misses + a.bypass);
    }
  }
  if (!seen) return null;
  const ratio = (k: { hits: number; lookups: number }) => ({ ...k, ratio: k.lookups ? k.hits / k.lookups : 0 });
  return { poll: ratio(sum.poll), caller: ratio(sum.caller) };
}

const cacheText = (c: CacheRatio | null) => (c ? `poll ${(c.poll.ratio * 100).toFixed(1)} %, caller ${(c.caller.ratio * 100).toFixed(1)} %` : "—");

const loopDelayText = (d: LoopDelay | null) => (d ? `${ms(d.p99)} / ${ms(d.max)}, GC pause ≤ ${ms(d.gcMax)} (≤ ${ms(d.gcPerSecond)} a second)` : "—");

/** A process's CPU so far (utime + stime, clock ticks) and its parent's pid, from /proc; null once gone. */
function procStat(pid: number): { ticks: number; ppid: number } | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return { ticks: Number(fields[11]) + Number(fields[12]), ppid: Number(fields[1]) }; // fields 14, 15 and 4 of stat
  } catch {
    return null;
  }
}

/**
 * CPU over an interval: the app's (the server process and its children, the cluster's workers:
 * utime + stime from /proc, % of one core) and the machine's (% of all cores).
 */
function cpuMeter(pid: number | null) {
  const ticks = () => {
    if (pid === null) return null;
    const own = procStat(pid);
    if (!own) return null;
    let total = own.ticks;
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      const child = procStat(Number(entry));
      if (child?.ppid === pid) total += child.ticks;
    }
    return total;
  };
  const machine = () => os.cpus().reduce((acc, c) => ({ busy: acc.busy + c.times.user + c.times.nice + c.times.sys + c.times.irq, all: acc.all + c.times.user + c.times.nice + c.times.sys + c.times.irq + c.times.idle }), { busy: 0, all: 0 });
  const started = { at: performance.now(), ticks: ticks(), machine: machine() };
  return {
    read() {
      const seconds = (performance.now() - started.at) / 1000;
      const end = ticks();
      const m = machine();
      // /proc counts in clock ticks of 1/100 s on Linux.
      const appCpu = end === null || started.ticks === null ? null : ((end - started.ticks) / 100 / seconds) * 100;
      const machineCpu = ((m.busy - started.machine.busy) / Math.max(1, m.all - started.machine.all)) * 100;
      return { appCpu, machineCpu };
    },
  };
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

/** Throughput: `connections` connections, each sending its next request as soon as the last is answered. */
async function cannon(base: string, endpoint: Endpoint, ctx: BenchContext, baselineTarget: boolean, o: { connections: number; duration: number; amount?: number }) {
  const errors = { count: 0 };
  const result = await autocannon({
    ...requestOptions(base, endpoint, ctx, baselineTarget, errors),
    connections: o.connections,
    // Smoke runs are a handful of requests: sample often so a run does not last a whole second.
    ...(o.amount ? { amount: o.amount, sampleInt: 50 } : { duration: o.duration }),
  });
  return { rps: result.requests.total / result.duration, errors: errors.count + result.errors + result.timeouts };
}

/**
 * Latency at a fixed rate: `rate` autocannon connections, each sending one request a second,
 * their starts spread evenly over the first second, so a request arrives every 1000 / rate ms
 * (wrk2's constant-throughput model). autocannon's own `overallRate` measures something else
 * (docs/performance.md, "The fixed rate"):
 *   - it paces by the second: each of the 4 connections sends back to back until it has made
 *     its share of the second's requests, then waits for the next second. The server sees a
 *     burst at 4 in flight at the top of every second and nothing after it;
 *   - its coordinated-omission correction takes `Math.ceil(1 / rate)` as the interval between
 *     requests, a rate in requests per second read as milliseconds: 1 ms. So a response of
 *     L ms was recorded L times (L, L - 1, ..., 1), and the percentiles weighted by latency.
 * The correction here uses each connection's real interval (1,000 ms): a response slower than
 * that holds back its connection's next request, and HdrHistogram's backfill records the
 * requests it held back. Latencies go into a histogram built as autocannon builds its own, and
 * p50 / p97.5 are read from it as autocannon reads them.
 */
async function pacedCannon(base: string, endpoint: Endpoint, ctx: BenchContext, baselineTarget: boolean, o: { rate: number; duration: number; amount?: number }) {
  const latencies = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 10_000, numberOfSignificantValueDigits: 5, autoResize: true });
  const errors = { count: 0 };
  const connections = o.amount ? Math.min(o.rate, o.amount) : o.rate;
  const runs: Array<Promise<autocannon.Result>> = [];
  for (let i = 0; i < connections; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 1000 / o.rate));
    const options = {
      ...requestOptions(base, endpoint, ctx, baselineTarget, errors),
      connections: 1,
      // `duration` requests, one a second, ending with the last answer. A run that stops on the
      // clock cuts a request off in flight: its time goes unrecorded, and a cut-off punch left
      // its member "busy" until the fallback sent two punches for one member at once (409).
      amount: o.amount ? 1 : Math.max(1, Math.round(o.duration)),
      // One request a second; autocannon's correction assumes a 1 ms interval (above), so the
      // real one is applied below. A smoke run's one request goes at once and reports at once:
      // the pacing and autocannon's 1 s sampling made each of them last a second.
      ...(o.amount ? { sampleInt: 50 } : { connectionRate: 1, ignoreCoordinatedOmission: true }),
    };
    runs.push(
      new Promise((resolve, reject) => {
        const instance = autocannon(options, (error: unknown, result: autocannon.Result) => (error ? reject(error) : resolve(result)));
        // autocannon emits (client, status, bytes, ms); @types/autocannon leaves out the client.
        instance.on("response", (_client: unknown, status: number, _bytes: number, responseTime: number) => {
          if (status < 400) latencies.recordValueWithExpectedInterval(responseTime, 1000);
        });
      }),
    );
  }
  const results = await Promise.all(runs);
  const failed = results.reduce((sum, r) => sum + r.errors + r.timeouts, 0);
  return { p50: latencies.getValueAtPercentile(50), p975: latencies.getValueAtPercentile(97.5), errors: errors.count + failed };
}

/** The entry's requests, built per request; responses of 400 and above are counted in `errors`. */
function requestOptions(base: string, endpoint: Endpoint, ctx: BenchContext, baselineTarget: boolean, errors: { count: number }) {
  return {
    url: base,
    requests: [
      {
        setupRequest: (req: autocannon.Request, context: object) => {
          const r: BenchRequest = endpoint.next(ctx);
          const user = r.user ?? ctx.user;
          const credentials = endpoint.signedOut ? {} : baselineTarget ? { "x-bench-user": user.id } : { cookie: user.cookie };
          (context as { req?: BenchRequest }).req = r;
          return {
            ...req,
            method: r.method ?? "GET",
            path: r.path,
            body: r.body === undefined ? undefined : JSON.stringify(r.body),
            headers: {
              "content-type": "application/json",
              ...credentials,
              ...(baselineTarget ? { "x-bench-endpoint": endpoint.name } : {}),
            },
          };
        },
        onResponse: (status: number, _body: string, context: object) => {
          if (status >= 400) errors.count++;
          endpoint.done?.(ctx, (context as { req: BenchRequest }).req, status);
        },
      },
    ],
  };
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
      const reply = (status: number, body: unknown, json?: string) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(json ?? JSON.stringify(body));
      };
      if (!endpoint || !state.ctx) return reply(404, { message: "No such bench endpoint" });
      if (endpoint.signedOut) {
        endpoint
          .baseline(pool, { url: new URL(req.url ?? "/", "http://baseline"), userId: "", body: undefined }, state.ctx)
          .then((r) => reply(r.status, r.body, r.json))
          .catch((error: unknown) => reply(500, { message: error instanceof Error ? error.message : String(error) }));
        return;
      }
      // The same caller lookup the app does once per request (role and units).
      pool
        .query(`SELECT u.role, array_remove(array_agg(m.unit_id), NULL) AS units FROM users u LEFT JOIN unit_memberships m ON m.user_id = u.id WHERE u.id = $1 AND u.is_active GROUP BY u.role`, [userId])
        .then((caller) => {
          if (!caller.rows[0]) return reply(401, { message: "Unauthorized" });
          const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined;
          return endpoint.baseline(pool, { url: new URL(req.url ?? "/", "http://baseline"), userId, body }, state.ctx!).then((r) => reply(r.status, r.body, r.json));
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
    // Each app process's event-loop delay, a line a second (bench/loop-delay.mjs).
    BENCH_LOOP_DELAY_DIR: loopDelayDir(),
    NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import ${pathToFileURL(path.join(root, "bench", "loop-delay.mjs")).href}`].filter(Boolean).join(" "),
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
  // The build writes fast copies and the server upgrades them in the background: measure the strongest from the start.
  if (precompressedLevel(path.join(root, ".next")) === "fast") {
    opts.log("Making the build's strongest Brotli and Zopfli copies (scripts/precompress.js) ...");
    await precompressStatic(path.join(root, ".next"), { level: "max" });
  }
  // Something else answering there (a server an earlier run left behind) would be measured instead.
  if (await fetch(`${appUrl}/api/health`).then(() => true, () => false)) throw new Error(`Something already answers on ${appUrl}: stop it, or pass --port`);
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts", "server.ts"), "start"], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
  // A just-built server on a busy shared machine can take more than a minute to answer.
  const deadline = Date.now() + 180_000;
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
  throw new Error(`The app did not answer on ${appUrl} within 180 s`);
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

/**
 * The bench user, plus twelve members (13-24) who punch in and out; all start punched out.
 * Each has one request in flight at most, and the fixed-rate run keeps a request in flight per
 * connection: twelve cover 20 requests/s up to 600 ms a response, and the smoke run's 8.
 */
/** The administrator of the generated data: the week grid of every department. */
const PLANNER_EMAIL = "member0001@bfs.bench";
const PUNCHERS = Array.from({ length: 12 }, (_, i) => `member${String(13 + i).padStart(4, "0")}@bfs.bench`);

async function signInAll(pool: pg.Pool, appUrl: string): Promise<BenchContext> {
  const emails = [BENCH_USER_EMAIL, PLANNER_EMAIL, ...PUNCHERS];
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
  const clock = await pool.query<{ anchor: Date; now: Date }>(`SELECT max(updated_at) AS anchor, now() FROM users`);
  const { anchor, now: startedAt } = clock.rows[0]!;
  return { user: users[0]!, planner: users[1]!, punchers: users.slice(2).map((u) => ({ ...u, punchedIn: false, busy: false })), anchor, startedAt };
}

async function dataSummary(pool: pg.Pool): Promise<Record<string, number>> {
  const res = await pool.query(`SELECT (SELECT count(*) FROM tasks)::int AS tasks, (SELECT count(*) FROM users)::int AS members,
    (SELECT count(*) FROM punch_sessions)::int AS punches, (SELECT count(*) FROM task_time_entries)::int AS "timeEntries"`);
  return res.rows[0];
}

const ms = (v: number) => `${Math.round(v)} ms`;

const floorNote = (r: EndpointResult) =>
  r.targetFloorRatio === undefined ? "" : ` | ${r.floorRatio == null ? "no floor measured in this run" : `${r.floorRatio.toFixed(2)} × the floor (target ≥ ${r.targetFloorRatio})`}`;

function formatRow(r: EndpointResult): string {
  const a = r.app;
  return `app ${a ? `${a.rps.toFixed(0)} rps, p50 ${ms(a.p50)}, p97.5 ${ms(a.p975)}${a.errors ? `, ${a.errors} errors` : ""}` : "—"} | baseline ${r.baseline.rps.toFixed(0)} rps, p50 ${ms(r.baseline.p50)}, p97.5 ${ms(r.baseline.p975)}${floorNote(r)} | ${r.met ? "target met" : "TARGET MISSED"}`;
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
  const si = results.signedIn;
  if (si) {
    lines.push(
      "",
      `Signed-in tabs (each polls the punch status every 5 s, spread over ${si.members} members), the default list at ${si.target.listRate}/s beside them; the list alone: p97.5 ${ms(si.listSolo.p975)}`,
      "",
      "| tabs | polls/s | poll p50 | poll p97.5 | list p97.5 | list / alone | app CPU (one core) | load generator (one core) | machine CPU | event-loop delay p99 / max (worst process) | cache hits |",
      "|---|---|---|---|---|---|---|---|---|---|---|",
    );
    for (const p of si.points) {
      lines.push(
        `| ${p.tabs} | ${p.rate} | ${ms(p.poll.p50)} | ${ms(p.poll.p975)}${p.poll.errors ? ` (${p.poll.errors} errors)` : ""} | ${ms(p.list.p975)} | ${(p.list.p975 / Math.max(si.listSolo.p975, 1)).toFixed(1)} × | ${p.appCpu === null ? "—" : `${p.appCpu.toFixed(0)} %`} | ${p.benchCpu.toFixed(0)} % | ${p.machineCpu.toFixed(0)} % | ${loopDelayText(p.loopDelay)} | ${cacheText(p.cache ?? null)} |`,
      );
    }
    lines.push("", `Target at ${si.target.tabs} tabs: poll p97.5 ≤ ${si.target.pollP975Ms} ms and the list ≤ ${si.target.listFactor} × alone: ${si.met ? "met" : "**missed**"}`);
  }
  const floorRows = results.endpoints.filter((r) => r.targetFloorRatio !== undefined);
  if (floorRows.length) {
    lines.push("", "| Against the floor route (same run) | rps app | floor rps | ratio | target | verdict |", "|---|---|---|---|---|---|");
    const floor = results.endpoints.find((r) => r.name === "floor")?.app;
    for (const r of floorRows) {
      const verdict = r.floorRatio == null ? "not measured" : r.floorRatio >= r.targetFloorRatio! ? "met" : "**missed**";
      lines.push(`| ${r.label} | ${r.app ? r.app.rps.toFixed(0) : "—"} | ${floor ? floor.rps.toFixed(0) : "—"} | ${r.floorRatio == null ? "—" : r.floorRatio.toFixed(2)} | ≥ ${r.targetFloorRatio} | ${verdict} |`);
    }
  }
  return lines.join("\n");
}
