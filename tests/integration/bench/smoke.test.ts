/**
 * `npm run bench` in smoke mode, so the harness cannot rot: tiny generated data, every entry of
 * bench/endpoints.ts driven by autocannon for a moment against the app's route handlers and
 * the baseline. No timing is asserted (a shared machine is too noisy): only that every request
 * succeeded on both sides and the results file has every figure.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { timelineSql } from "@/bench/baseline-sql";
import { BENCH_USER_EMAIL, SMOKE_DATA } from "@/bench/generate-data";
import { getTimeline } from "@/lib/services/gantt/get-timeline";
import { timelineQuerySchema } from "@/lib/validations/gantt";
import { ENDPOINTS } from "@/bench/endpoints";
import { runBench, type BenchResults } from "@/bench/run-bench";
import { useBenchDatabase } from "@/tests/support/bench-db";
import * as health from "@/app/api/health/route";
import * as login from "@/app/api/login/route";
import * as tasks from "@/app/api/tasks/route";
import * as timeline from "@/app/api/tasks/timeline/route";
import * as stats from "@/app/api/dashboard/stats/route";
import * as punchStatus from "@/app/api/auth/punch/status/route";
import * as punchIn from "@/app/api/auth/punch/in/route";
import * as punchOut from "@/app/api/auth/punch/out-with-reason/route";
import * as scoreboard from "@/app/api/scoreboard/route";
import * as scoreboardMember from "@/app/api/scoreboard/members/[userId]/route";
import * as statistics from "@/app/api/statistics/[panel]/route";
import * as myAlerts from "@/app/api/alerts/route";
import * as timeLogs from "@/app/api/time/logs/route";
import * as scheduleWeek from "@/app/api/schedule/route";
import * as mySchedule from "@/app/api/schedule/me/route";
import * as labourCost from "@/app/api/labour-cost/route";
import * as runToday from "@/app/api/runs/today/route";

const bench = useBenchDatabase(SMOKE_DATA);

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const ROUTES: Record<string, Record<string, Handler | undefined>> = {
  "/api/health": health as Record<string, Handler>,
  "/api/login": login as Record<string, Handler>,
  "/api/tasks": tasks as Record<string, Handler>,
  "/api/tasks/timeline": timeline as Record<string, Handler>,
  "/api/dashboard/stats": stats as Record<string, Handler>,
  "/api/auth/punch/status": punchStatus as Record<string, Handler>,
  "/api/auth/punch/in": punchIn as Record<string, Handler>,
  "/api/auth/punch/out-with-reason": punchOut as Record<string, Handler>,
  "/api/scoreboard": scoreboard as Record<string, Handler>,
  "/api/alerts": myAlerts as Record<string, Handler>,
  "/api/time/logs": timeLogs as Record<string, Handler>,
  "/api/schedule": scheduleWeek as Record<string, Handler>,
  "/api/schedule/me": mySchedule as Record<string, Handler>,
  "/api/labour-cost": labourCost as Record<string, Handler>,
  "/api/runs/today": runToday as Record<string, Handler>,
};
/** Routes with a path segment: pattern, module, the segment's param name. */
const DYNAMIC_ROUTES: Array<[RegExp, Record<string, Handler | undefined>, string]> = [
  [/^\/api\/statistics\/([^/]+)$/, statistics as Record<string, Handler>, "panel"],
  [/^\/api\/scoreboard\/members\/([^/]+)$/, scoreboardMember as Record<string, Handler>, "userId"],
];

function resolveRoute(pathname: string, method: string): { handler?: Handler; params: Record<string, string> } {
  if (ROUTES[pathname]) return { handler: ROUTES[pathname][method], params: {} };
  for (const [pattern, module, name] of DYNAMIC_ROUTES) {
    const match = pattern.exec(pathname);
    if (match) return { handler: module[method], params: { [name]: decodeURIComponent(match[1]!) } };
  }
  return { params: {} };
}

/** The route handlers the bench calls, served over node:http (no `next build` inside jest). */
function serveHandlers(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
      const { handler, params } = resolveRoute(url.pathname, req.method ?? "GET");
      if (!handler) {
        res.writeHead(404).end();
        return;
      }
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const response = await handler(new Request(url, { method: req.method, headers, body }), { params: Promise.resolve(params) });
      res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

describe("npm run bench (smoke)", () => {
  it("drives every endpoint on the app and the baseline and writes the results", async () => {
    const app = await serveHandlers();
    const appPort = (app.address() as AddressInfo).port;
    const outFile = path.join(mkdtempSync(path.join(os.tmpdir(), "bench-")), "results.json");
    try {
      const results = await runBench({
        databaseUrl: process.env.DATABASE_URL!,
        appUrl: `http://127.0.0.1:${appPort}`,
        // The baseline takes the next port; the app here listens on an ephemeral one.
        port: 20000 + (process.pid % 20000),
        durationSec: 1,
        amount: 8,
        connections: 2,
        rate: 200,
        outFile,
        log: () => undefined,
      });
      const written = JSON.parse(readFileSync(outFile, "utf8")) as BenchResults;
      expect(written.endpoints.map((e) => e.name)).toEqual(ENDPOINTS.map((e) => e.name));
      for (const e of results.endpoints) {
        expect({ name: e.name, baselineErrors: e.baseline.errors, appErrors: e.app?.errors ?? 0 }).toEqual({ name: e.name, baselineErrors: 0, appErrors: 0 });
        expect(e.baseline.rps).toBeGreaterThan(0);
        if (ENDPOINTS.find((x) => x.name === e.name)!.app !== false) expect(e.app!.rps).toBeGreaterThan(0);
      }
      // The signed-in curve: one step of simulated tabs polling, the list beside them, no failed request.
      expect(written.signedIn?.points.map((p) => ({ tabs: p.tabs, pollErrors: p.poll.errors, listErrors: p.list.errors }))).toEqual([{ tabs: 10, pollErrors: 0, listErrors: 0 }]);
      expect(written.data.tasks).toBe(SMOKE_DATA.tasks);
      // The create entry removes what it made: the next entry and the next run read the generated data.
      expect(await bench.prisma.task.count()).toBe(SMOKE_DATA.tasks);
      // So does the punch entry: the sessions it made are gone again.
      expect(await bench.prisma.punchSession.count()).toBe(written.data.punches);
    } finally {
      await new Promise((resolve) => app.close(resolve));
    }
  }, 120_000);

  it("the timeline's baseline answers what the app answers, byte for byte (the same information, so the ratio is fair)", async () => {
    const user = await bench.prisma.user.findUniqueOrThrow({ where: { email: BENCH_USER_EMAIL }, include: { memberships: { select: { unitId: true } } } });
    const caller = { ...user, userId: user.id, sessionId: null, via: "cookie" as const, mustChangePassword: false, unitIds: user.memberships.map((m) => m.unitId) };
    const [{ anchor }] = await bench.prisma.$queryRaw<Array<{ anchor: Date }>>`SELECT max(updated_at) AS anchor FROM users`;
    const pool = new pg.Pool({ connectionString: bench.url, max: 1 });
    try {
      for (const unitId of [undefined, caller.unitIds[0]]) {
        const qs = new URLSearchParams({ from: new Date(anchor.getTime() - 15 * 86_400_000).toISOString(), to: new Date(anchor.getTime() + 15 * 86_400_000).toISOString(), ...(unitId ? { unitId } : {}) });
        const app = await getTimeline(caller, timelineQuerySchema.parse(Object.fromEntries(qs)));
        expect(JSON.parse(app).tasks.length).toBeGreaterThan(0);
        expect(await timelineSql(pool, user.id, qs)).toBe(app);
      }
    } finally {
      await pool.end();
    }
  });
});
