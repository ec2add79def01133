/**
 * Measures the time log read in-process, without the HTTP server: `getTimeLog` for
 * one member's month, sequentially, against the bench database (`npm run bench:data`, ~1M punch
 * and task-time rows). The HTTP figure comes from `npm run bench -- --only time-log-month`.
 *
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bfs_bench \
 *     node --conditions=react-server --import tsx bench/time-log-read.ts [runs]
 */
import { getTimeLog } from "@/lib/services/time/get-time-log";
import { db } from "@/lib/db";
import { addDays, dateKeyOf } from "@/lib/dates";

async function main() {
  const runs = Number(process.argv[2] ?? 200);
  // The member with the most punches, and the month before their last one.
  const [heavy] = await db.$queryRaw<{ user_id: string; last: Date }[]>`
    SELECT user_id, max(punch_in_at) AS last FROM punch_sessions GROUP BY user_id ORDER BY count(*) DESC LIMIT 1`;
  const to = dateKeyOf(heavy.last);
  const from = addDays(to, -30);
  const caller = { userId: heavy.user_id, role: "staff" as const };
  const times: number[] = [];
  let punches = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const log = await getTimeLog(caller, { range: "custom", from, to });
    times.push(performance.now() - start);
    punches = log.days.reduce((n, d) => n + d.punches.length, 0);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
  console.log(JSON.stringify({ runs, from, to, punches, p50: q(0.5), p975: q(0.975), max: q(1) }));
  await db.$disconnect();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
