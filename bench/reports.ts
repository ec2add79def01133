/**
 * The scoreboard's and statistics' reads at the benchmark's scale, measured on the
 * database directly (no HTTP): each read N times for a quarter ending at the data's anchor,
 * p50 and p97.5 printed per read. docs/reports.md keeps the figures.
 *
 *   BENCH_DATABASE_URL=postgresql://…/bfs_bench npm run bench:data   # 100k tasks, ~1M time rows
 *   BENCH_DATABASE_URL=postgresql://…/bfs_bench node --conditions=react-server --import tsx bench/reports.ts [--runs 40] [--unit]
 *
 * `--unit` adds a department filter (the bench user's first unit).
 */
import { parseArgs } from "node:util";
import { addDays, dateKeyOf } from "../lib/dates";

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: "string", default: "40" }, unit: { type: "boolean", default: false } } });
  const url = process.env.BENCH_DATABASE_URL;
  if (!url || !new URL(url).pathname.includes("bench")) throw new Error("Set BENCH_DATABASE_URL to a benchmark database (its name contains bench)");
  process.env.DATABASE_URL = url;
  const { db } = await import("../lib/db");
  const { getStatistics } = await import("../lib/services/reports/get-statistics");
  const { getScoreboard } = await import("../lib/services/reports/get-scoreboard");
  const { getMemberBreakdown } = await import("../lib/services/reports/get-scoreboard-member");
  const { STATISTICS_PANELS } = await import("../lib/validations/reports");
  const { BENCH_USER_EMAIL } = await import("./generate-data");

  const user = await db.user.findUniqueOrThrow({ where: { email: BENCH_USER_EMAIL }, select: { id: true, role: true, firstName: true, lastName: true, email: true, memberships: { select: { unitId: true } } } });
  const caller = { userId: user.id, role: user.role, firstName: user.firstName, lastName: user.lastName, email: user.email, sessionId: null, via: "cookie" as const, mustChangePassword: false };
  const last = await db.task.aggregate({ _max: { completedAt: true } });
  const anchor = last._max.completedAt ?? new Date();
  const to = dateKeyOf(anchor);
  const from = addDays(to, -90);
  const unitId = values.unit ? user.memberships[0]?.unitId : undefined;
  const runs = Number(values.runs);
  console.log(`[reports] quarter ${from} … ${to}${unitId ? `, department ${unitId}` : ""}, ${runs} runs each`);

  const reads: Array<[string, () => Promise<unknown>]> = [
    ...STATISTICS_PANELS.map((panel) => [`statistics/${panel}`, () => getStatistics(caller, panel, { from, to, unitId }, anchor)] as [string, () => Promise<unknown>]),
    ["scoreboard (this month)", () => getScoreboard(caller, "this-month", anchor)],
    ["scoreboard (last month)", () => getScoreboard(caller, "last-month", anchor)],
    ["scoreboard breakdown (last month)", () => getMemberBreakdown(caller, caller.userId, "last-month", anchor)],
  ];
  const rows: string[] = [];
  for (const [name, read] of reads) {
    await read(); // warm
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await read();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const q = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!;
    rows.push(`| ${name} | ${q(0.5).toFixed(0)} ms | ${q(0.975).toFixed(0)} ms | ${q(0.975) <= 150 ? "met" : "MISSED"} |`);
    console.log(rows.at(-1));
  }
  await db.$disconnect();
}

main().catch((error) => {
  console.error(`[reports] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
