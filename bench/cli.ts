/**
 * npm run bench:data -- [--tasks 100000] [--members 200] [--units 40] [--days 730] [--seed 1] [--anchor YYYY-MM-DD] [--db bfs_bench]
 * npm run bench      -- [--db bfs_bench] [--duration 10] [--connections 4] [--rate 25] [--only list,stats,signed-in] [--tabs 250,500,1000,1500] [--port 3300]
 *
 * See docs/performance.md. Both print one clear sentence and exit 1 on failure.
 */
import { parseArgs } from "node:util";
import { openBenchDatabase, DEFAULT_BENCH_DB } from "./database";
import { DEFAULT_DATA, generateBenchData } from "./generate-data";
import { runBench, DEFAULT_RUN } from "./run-bench";

const log = (line: string) => console.log(`[bench] ${line}`);

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: {
      db: { type: "string", default: DEFAULT_BENCH_DB },
      tasks: { type: "string" },
      members: { type: "string" },
      units: { type: "string" },
      days: { type: "string" },
      seed: { type: "string" },
      anchor: { type: "string" },
      duration: { type: "string" },
      connections: { type: "string" },
      rate: { type: "string" },
      only: { type: "string" },
      port: { type: "string" },
      out: { type: "string" },
      tabs: { type: "string" },
    },
  });
  const num = (v: string | undefined, fallback: number, name: string) => {
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
    return n;
  };
  const database = await openBenchDatabase(values.db, log);
  try {
    if (command === "data") {
      const opts = {
        tasks: num(values.tasks, DEFAULT_DATA.tasks, "tasks"),
        members: Math.max(16, num(values.members, DEFAULT_DATA.members, "members")),
        units: Math.max(2, num(values.units, DEFAULT_DATA.units, "units")),
        days: num(values.days, DEFAULT_DATA.days, "days"),
        seed: num(values.seed, DEFAULT_DATA.seed, "seed"),
        anchor: values.anchor ?? DEFAULT_DATA.anchor,
      };
      if (!/^\d{4}-\d{2}-\d{2}$/.test(opts.anchor)) throw new Error("--anchor must be a day, YYYY-MM-DD");
      log(`Building ${redact(database.url)}: ${opts.tasks} tasks, ${opts.members} members, ${opts.units} units, ${opts.days} days of punches, seed ${opts.seed}, anchor ${opts.anchor}`);
      const { rows, ms } = await generateBenchData(database.url, opts, log);
      log(`Done in ${(ms / 1000).toFixed(1)} s: ${Object.entries(rows).map(([k, v]) => `${k} ${v}`).join(", ")}`);
    } else if (command === "run") {
      await runBench({
        databaseUrl: database.url,
        durationSec: num(values.duration, DEFAULT_RUN.durationSec, "duration"),
        connections: num(values.connections, DEFAULT_RUN.connections, "connections"),
        rate: num(values.rate, DEFAULT_RUN.rate, "rate"),
        only: values.only?.split(",").filter(Boolean),
        port: num(values.port, Number(process.env.BENCH_PORT ?? process.env.PORT ?? DEFAULT_RUN.port), "port"),
        outFile: values.out ?? DEFAULT_RUN.outFile,
        tabs: values.tabs?.split(",").map((t) => num(t, 0, "tabs")),
        log,
      });
    } else {
      throw new Error(`Unknown command "${command ?? ""}": use "data" or "run"`);
    }
  } finally {
    await database.stop();
  }
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");

main().catch((error: unknown) => {
  console.error(`[bench] ${(error instanceof Error ? error.message : String(error)).split("\n")[0]}`);
  process.exit(1);
});
