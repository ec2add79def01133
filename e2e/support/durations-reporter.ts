/**
 * Prints, at the end of a Playwright run, how long each spec file took: the wall-clock span
 * from its first test's start to its last test's end, the summed test time (with two workers a
 * file's tests may overlap), its tests and retries, slowest first; then its three slowest tests.
 * playwright.config.ts lists it after the list reporter.
 */
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

interface SpecTotals {
  first: number;
  last: number;
  summed: number;
  tests: Set<string>;
  retries: number;
  slowest: Array<{ title: string; ms: number }>;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default class DurationsReporter implements Reporter {
  private specs = new Map<string, SpecTotals>();
  private started = Date.now();

  printsToStdio(): boolean {
    return true;
  }

  onBegin(): void {
    this.started = Date.now();
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = test.location.file.replace(/^.*\/e2e\//, "e2e/");
    const start = result.startTime.getTime();
    const spec = this.specs.get(file) ?? { first: start, last: start, summed: 0, tests: new Set(), retries: 0, slowest: [] };
    spec.first = Math.min(spec.first, start);
    spec.last = Math.max(spec.last, start + result.duration);
    spec.summed += result.duration;
    spec.tests.add(test.id);
    if (result.retry > 0) spec.retries += 1;
    const title = test.titlePath().slice(3).join(" › ") || test.title;
    spec.slowest.push({ title: result.retry > 0 ? `${title} (retry ${result.retry})` : title, ms: result.duration });
    spec.slowest.sort((a, b) => b.ms - a.ms).splice(3);
    this.specs.set(file, spec);
  }

  onEnd(result: FullResult): void {
    const rows = [...this.specs.entries()].sort(([, a], [, b]) => b.last - b.first - (a.last - a.first));
    if (rows.length === 0) return;
    const width = Math.max(...rows.map(([file]) => file.length));
    const lines = [`\nDurations by spec (run ${seconds(Date.now() - this.started)}, ${result.status}): wall span, summed test time, tests`];
    for (const [file, spec] of rows) {
      const retries = spec.retries ? `, ${spec.retries} retried` : "";
      lines.push(`  ${file.padEnd(width)}  ${seconds(spec.last - spec.first).padStart(8)}  ${seconds(spec.summed).padStart(8)}  ${String(spec.tests.size).padStart(4)} tests${retries}`);
      lines.push(`  ${"".padEnd(width)}  slowest: ${spec.slowest.map((t) => `${t.title} ${seconds(t.ms)}`).join("; ")}`);
    }
    console.log(lines.join("\n"));
  }
}
