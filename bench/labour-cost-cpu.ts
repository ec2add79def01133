/**
 * The labour cost read (GET /api/labour-cost?by=department, a pay period, every member) on the
 * bench data (npm run bench:data), without HTTP: N calls in a row, each one's wall time and the
 * Node process's CPU time, p50 and p97.5 printed (docs/time.md "Speed"). The service is the
 * route's, so the figure is the handler's own cost.
 *
 *   BENCH_DATABASE_URL=postgresql://…/bfs_bench node --conditions=react-server --import tsx bench/labour-cost-cpu.ts [--runs 30] [--period YYYY-MM-DD]
 */
import { parseArgs } from "node:util";
import { addDays, dateKeyOf } from "../lib/dates";

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: "string", default: "30" }, period: { type: "string" } } });
  const url = process.env.BENCH_DATABASE_URL;
  if (!url || !new URL(url).pathname.includes("bench")) throw new Error("Set BENCH_DATABASE_URL to a benchmark database (its name contains bench)");
  process.env.DATABASE_URL = url;
  const { getLabourCost } = await import("../lib/services/pay/get-labour-cost");
  const { db } = await import("../lib/db");
  const period = values.period ?? addDays(dateKeyOf(new Date()), -7);
  const query = { by: "department" as const, period };
  const first = await getLabourCost(query);
  console.log(`[labour-cost] ${first.range.from} – ${first.range.to}: ${first.groups.length} groups, ${Math.round(first.totalMinutes / 60)} h, ${first.totalCents} cents`);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < Number(values.runs); i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await getLabourCost(query);
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!.toFixed(1);
  console.log(`[labour-cost] ${wall.length} calls: wall p50 ${pct(wall, 50)} ms, p97.5 ${pct(wall, 97.5)} ms; Node CPU p50 ${pct(cpu, 50)} ms, p97.5 ${pct(cpu, 97.5)} ms`);
  await db.$disconnect();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
