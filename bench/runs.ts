/**
 * The pickup run screen's read at the reference load (docs/runs.md "Speed"), measured on the
 * database directly (no HTTP): GET /api/runs/today's service and GET /api/runs/{id}'s, each N
 * times for a driver with one run of 50 stops and 200 pets (half picked up), p50 and p97.5
 * printed. Works on an empty database of its own: it is migrated, and the driver and the
 * reference run are written once (bench/run-data.ts).
 *
 *   BENCH_DATABASE_URL=postgresql://…/bfs_runs_bench node --conditions=react-server --import tsx bench/runs.ts [--runs 200]
 */
import { parseArgs } from "node:util";
import { benchPool } from "./pool";
import { ensureReferenceRun, REFERENCE_PETS_PER_STOP, REFERENCE_STOPS } from "./run-data";

const TARGET_MS = 200;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: "string", default: "200" } } });
  const url = process.env.BENCH_DATABASE_URL;
  if (!url || !new URL(url).pathname.includes("bench")) throw new Error("Set BENCH_DATABASE_URL to a benchmark database (its name contains bench)");
  process.env.DATABASE_URL = url;
  const { ensureDatabase, migrate } = await import("../lib/db-admin/migrate");
  await ensureDatabase(url);
  await migrate(url);
  const { db } = await import("../lib/db");
  const { getTodayRuns } = await import("../lib/services/runs/get-today-runs");
  const { getRun } = await import("../lib/services/runs/get-run");

  const member = (email: string, role: "staff" | "manager") =>
    db.user.upsert({ where: { email }, create: { email, firstName: "Bench", lastName: role === "staff" ? "Driver" : "Dispatcher", role, passwordHash: "!" }, update: {}, select: { id: true, role: true, firstName: true, lastName: true, email: true } });
  const driver = await member("bench-runs-driver@example.test", "staff");
  const dispatcher = await member("bench-runs-dispatcher@example.test", "manager");
  const pool = benchPool(url, (line) => console.log(`[runs] ${line}`));
  const runId = await ensureReferenceRun(pool, driver.id, dispatcher.id);
  await pool.end();
  const caller = (u: typeof driver) => ({ userId: u.id, role: u.role, firstName: u.firstName, lastName: u.lastName, email: u.email, sessionId: null, via: "cookie" as const, mustChangePassword: false });

  const runs = Number(values.runs);
  const check = await getTodayRuns(caller(driver));
  const run = check.runs.find((r) => r.id === runId)!;
  console.log(`[runs] reference run: ${run.stops.length} stops (expected ${REFERENCE_STOPS}), ${run.petCount} pets (expected ${REFERENCE_STOPS * REFERENCE_PETS_PER_STOP}), ${run.pickedUpCount} picked up; ${runs} reads each`);
  const reads: Array<[string, () => Promise<unknown>]> = [
    ["GET /api/runs/today (the driver)", () => getTodayRuns(caller(driver))],
    ["GET /api/runs/{id} (the dispatcher)", () => getRun(caller(dispatcher), runId)],
  ];
  for (const [name, read] of reads) {
    for (let i = 0; i < 5; i++) await read(); // warm
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await read();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const q = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!;
    console.log(`| ${name} | p50 ${q(0.5).toFixed(1)} ms | p97.5 ${q(0.975).toFixed(1)} ms | max ${times.at(-1)!.toFixed(1)} ms | ${q(0.975) <= TARGET_MS ? "met" : "MISSED"} (target ${TARGET_MS} ms) |`);
  }
  await db.$disconnect();
}

main().catch((error) => {
  console.error(`[runs] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
