/**
 * Where a test run's minutes went, from its JSON report (docs/testing.md, "Where the minutes go"):
 * per file, the summed test time, its share of the run's summed time, the wall-clock span and the
 * test count, slowest first; then the slowest single tests.
 *
 *   npx tsx scripts/test-durations.ts <report.json> [--top=25] [--tests=20]
 *
 * Reads either report:
 * - Playwright's JSON reporter (`PLAYWRIGHT_JSON_OUTPUT_NAME=/tmp/pw.json npx playwright test --reporter=json`);
 *   every attempt counts (a retried test's first try too), as it cost the run that time;
 * - jest's (`npx jest --json --outputFile=/tmp/jest.json`), where a file's time is its runtime on its
 *   worker (set-up and module loading included), a test's its own duration.
 *
 * On a shared machine the absolute seconds swing with the load; the shares are what compare.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

interface FileRow {
  file: string;
  summedMs: number;
  first: number;
  last: number;
  tests: number;
  retries: number;
}

interface TestRow {
  file: string;
  title: string;
  ms: number;
}

interface PlaywrightResult {
  duration: number;
  startTime: string;
  retry: number;
  parallelIndex: number;
}
interface PlaywrightSpec {
  title: string;
  file: string;
  tests: Array<{ projectName: string; results: PlaywrightResult[] }>;
}
interface PlaywrightSuite {
  title: string;
  file: string;
  specs: PlaywrightSpec[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  suites: PlaywrightSuite[];
  stats: { startTime: string; duration: number; expected: number; unexpected: number; flaky: number; skipped: number };
}

interface JestReport {
  numTotalTests: number;
  startTime: number;
  testResults: Array<{
    name: string;
    startTime: number;
    endTime: number;
    perfStats?: { start: number; end: number; runtime: number };
    assertionResults: Array<{ fullName: string; duration?: number | null }>;
  }>;
}

function fromPlaywright(report: PlaywrightReport): { files: FileRow[]; tests: TestRow[]; summary: string } {
  const files = new Map<string, FileRow>();
  const tests: TestRow[] = [];
  const workers = new Map<number, { busy: number; first: number; last: number }>();
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs) {
      const file = `e2e/${spec.file}`;
      for (const test of spec.tests) {
        for (const result of test.results) {
          const start = Date.parse(result.startTime);
          const row = files.get(file) ?? { file, summedMs: 0, first: start, last: start, tests: 0, retries: 0 };
          row.summedMs += result.duration;
          row.first = Math.min(row.first, start);
          row.last = Math.max(row.last, start + result.duration);
          if (result.retry === 0) row.tests += 1;
          else row.retries += 1;
          files.set(file, row);
          const title = [...titles, spec.title].join(" › ") + (result.retry > 0 ? ` (retry ${result.retry})` : "");
          tests.push({ file, title, ms: result.duration });
          const worker = workers.get(result.parallelIndex) ?? { busy: 0, first: start, last: start };
          worker.busy += result.duration;
          worker.first = Math.min(worker.first, start);
          worker.last = Math.max(worker.last, start + result.duration);
          workers.set(result.parallelIndex, worker);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites) walk(suite, []);
  const s = report.stats;
  const testsStart = Math.min(...[...workers.values()].map((w) => w.first));
  const testsEnd = Math.max(...[...workers.values()].map((w) => w.last));
  // Each parallel slot's time running tests, and how long before the last test's end it ran out of work.
  const slots = [...workers.entries()].sort(([a], [b]) => a - b).map(([index, w]) => `worker ${index}: busy ${seconds(w.busy)}, idle at the end ${seconds(testsEnd - w.last)}`);
  const summary = [
    `Playwright run: ${seconds(s.duration)} wall (its web server's build and start included), ${s.expected} passed, ${s.flaky} flaky, ${s.unexpected} failed, ${s.skipped} skipped`,
    `tests from first start to last end: ${seconds(testsEnd - testsStart)}; before the first test (build, seed, server start): ${seconds(testsStart - Date.parse(s.startTime))}`,
    ...slots,
  ].join("\n");
  return { files: [...files.values()], tests, summary };
}

function fromJest(report: JestReport, root: string): { files: FileRow[]; tests: TestRow[]; summary: string } {
  const files: FileRow[] = [];
  const tests: TestRow[] = [];
  let end = report.startTime;
  for (const result of report.testResults) {
    const file = path.relative(root, result.name);
    const start = result.perfStats?.start ?? result.startTime;
    const finish = result.perfStats?.end ?? result.endTime;
    end = Math.max(end, finish);
    files.push({ file, summedMs: finish - start, first: start, last: finish, tests: result.assertionResults.length, retries: 0 });
    for (const assertion of result.assertionResults) tests.push({ file, title: assertion.fullName, ms: assertion.duration ?? 0 });
  }
  const summary = `jest run: ${seconds(end - report.startTime)} wall, ${report.numTotalTests} tests in ${files.length} files`;
  return { files, tests, summary };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function main() {
  const args = process.argv.slice(2);
  const reportPath = args.find((a) => !a.startsWith("--"));
  if (!reportPath) {
    console.error("usage: npx tsx scripts/test-durations.ts <report.json> [--top=25] [--tests=20]");
    process.exit(2);
  }
  const option = (name: string, fallback: number) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
  const report = JSON.parse(readFileSync(reportPath, "utf8")) as PlaywrightReport | JestReport;
  const root = path.resolve(__dirname, "..");
  const { files, tests, summary } = "testResults" in report ? fromJest(report, root) : fromPlaywright(report);

  const total = files.reduce((sum, f) => sum + f.summedMs, 0);
  files.sort((a, b) => b.summedMs - a.summedMs);
  const width = Math.max(4, ...files.map((f) => f.file.length));
  const lines = [summary, `summed time of all files: ${seconds(total)}`, "", `${"file".padEnd(width)}  ${"summed".padStart(9)}  share  ${"span".padStart(9)}  tests`];
  for (const f of files.slice(0, option("top", 25))) {
    const retries = f.retries ? ` (+${f.retries} retried)` : "";
    lines.push(`${f.file.padEnd(width)}  ${seconds(f.summedMs).padStart(9)}  ${`${((100 * f.summedMs) / total).toFixed(1)}%`.padStart(5)}  ${seconds(f.last - f.first).padStart(9)}  ${String(f.tests).padStart(5)}${retries}`);
  }
  if (files.length > option("top", 25)) lines.push(`… ${files.length - option("top", 25)} more files`);
  lines.push("", "slowest tests:");
  for (const t of tests.sort((a, b) => b.ms - a.ms).slice(0, option("tests", 20))) lines.push(`${seconds(t.ms).padStart(8)}  ${t.file}  ${t.title}`);
  console.log(lines.join("\n"));
}

main();
