/**
 * `npm start`'s cluster (scripts/server.ts with WEB_CONCURRENCY=2): both workers serve the one
 * port, a worker killed with -9 is replaced while the other keeps answering, and SIGTERM to the
 * primary drains and stops every worker before it exits 0.
 */
import { readdirSync, readFileSync } from "node:fs";
import { APP_PORTS, AppServer, ensureBuild, request, sleep } from "./support";

let app: AppServer;

beforeAll(async () => {
  ensureBuild();
  // No database: the liveness route never touches one, and the job runner's failed start is only
  // logged. What is under test is the processes.
  app = new AppServer(APP_PORTS[0], { DATABASE_URL: "postgresql://postgres@127.0.0.1:9/none", JOBS_ENABLED: "false", WEB_CONCURRENCY: "2" });
  await app.start();
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

/** The live cluster workers of the primary `pid` (its children running scripts/server.ts, not tsx's esbuild), from /proc. */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command name (which may hold spaces): state, ppid, ...
      const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(ppid) === pid && state !== "Z" && readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("server.ts")) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

const count = (text: string, event: string) => text.split("\n").filter((line) => line.includes(`"event":"${event}"`)).length;

async function until(check: () => boolean, what: string, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${app.output.slice(-2000)}`);
    await sleep(200);
  }
}

describe("the production cluster", () => {
  it("serves from two workers, replaces one killed with -9, and stops both on SIGTERM", async () => {
    const primary = app.process!.pid!;
    await until(() => count(app.output, "cluster listening") === 1, "both workers listening");
    // The precompression upgrade is off here: the workers are the only server processes.
    const workers = childrenOf(primary);
    expect(workers).toHaveLength(2);
    const answers = await Promise.all(Array.from({ length: 20 }, () => request(`${app.url}/api/health`)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));

    process.kill(workers[0]!, "SIGKILL");
    // The other worker answers while the primary forks a replacement (a kept-alive connection to
    // the dead worker is reset once, as for any crashed server; the next request gets through).
    const statuses: number[] = [];
    for (let i = 0; i < 5 && statuses.at(-1) !== 200; i++) statuses.push((await request(`${app.url}/api/health`, { timeoutMs: 2000 })).status);
    expect(statuses.at(-1)).toBe(200);
    await until(() => count(app.output, "worker exited") === 1 && count(app.output, "listening") === 3, "a replacement worker");
    const now = childrenOf(primary);
    expect(now).toHaveLength(2);
    expect(now).not.toContain(workers[0]);
    expect((await request(`${app.url}/api/health`)).status).toBe(200);

    expect(await app.stop("SIGTERM")).toBe(0);
    expect(count(app.output, "stopped")).toBe(2);
    expect(childrenOf(primary)).toEqual([]);
  });
});
