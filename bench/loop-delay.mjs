/**
 * Preloaded into the app's processes by `npm run bench` (NODE_OPTIONS=--import), never by
 * `npm start`: each process's event-loop delay, one line a second into
 * `$BENCH_LOOP_DELAY_DIR/<pid>.jsonl` ({ at, p99, max, gcMax, gcTotal } in ms, each second's own):
 * the loop's delay, and the garbage collector's longest pause and its pauses' sum. The signed-in
 * curve reads the lines of each step: a worker whose loop was held (a long render, a garbage
 * collection) shows there; a wait in Postgres does not. Each line also carries the poll and caller
 * caches' cumulative lookups (`cache`: lib/cache/member-versions.ts keeps them on globalThis), from
 * which the curve prints each step's hit ratio.
 */
import { appendFileSync } from "node:fs";
import path from "node:path";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";

const dir = process.env.BENCH_LOOP_DELAY_DIR;
if (dir) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const gc = { max: 0, total: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.max = Math.max(gc.max, entry.duration);
      gc.total += entry.duration;
    }
  }).observe({ entryTypes: ["gc"] });
  const file = path.join(dir, `${process.pid}.jsonl`);
  setInterval(() => {
    const stats = globalThis.bfsMemberVersions?.stats;
    const cache = stats ? { poll: { ...stats.poll }, caller: { ...stats.caller } } : null;
    const line = { at: Date.now(), p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6, gcMax: gc.max, gcTotal: gc.total, cache };
    histogram.reset();
    gc.max = 0;
    gc.total = 0;
    try {
      appendFileSync(file, `${JSON.stringify(line)}\n`);
    } catch {
      // The bench removed its folder: nothing left to report to.
    }
  }, 1000).unref();
}
