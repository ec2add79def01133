/**
 * Prints, at the end of a Playwright run, how long each spec file took: the wall-clock span
 * from its first test's start to its last test's end, the summed test time (with two workers a
 * file's tests may overlap), its tests and retries, slowest first; then its three slowest tests.
 * Last of all it repeats each failed and flaky test with the first lines of its error, because a
 * CI log is often read from its tail and the list reporter's summary sits above this table.
 * playwright.config.ts lists it after the list reporter.
 */
import type { FullResult, Reporter, TestCase, TestError, TestResult } from "@playwright/test/reporter";

interface SpecTotals {
  first: number;
  last: number;
  summed: number;
  tests: Set<string>;
  retries: number;
  slowest: Array<{ title: string; ms: number }>;
}

interface Outcome {
  title: string;
  file: string;
  failedTries: number;
  passed: boolean;
  error: string;
}

/** The first lines of an error, without colour codes, so the tail of a log says what broke. */
function firstLines(text: string, count = 6): string {
  const plain = text.replace(/\u001b\[[0-9;]*m/g, "");
  return plain.split("\n").filter((line) => line.trim() !== "").slice(0, count).map((line) => `      ${line.trim()}`).join("\n");
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default class DurationsReporter implements Reporter {
  private specs = new Map<string, SpecTotals>();
  private started = Date.now();
  private outcomes = new Map<string, Outcome>();
  /** Errors outside any test: the web server, a global setup, a worker that crashed. */
  private runErrors: string[] = [];

  printsToStdio(): boolean {
    return true;
  }

  onBegin(): void {
    this.started = Date.now();
  }

  onError(error: TestError): void {
    this.runErrors.push(firstLines(error.message ?? error.value ?? "unknown error"));
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
    this.noteOutcome(test, result, file, title);
  }

  private noteOutcome(test: TestCase, result: TestResult, file: string, title: string): void {
    const outcome = this.outcomes.get(test.id) ?? { title, file, failedTries: 0, passed: false, error: "" };
    if (result.status === "passed") outcome.passed = true;
    else if (result.status !== "skipped") {
      outcome.failedTries += 1;
      const error = result.errors[0];
      outcome.error = firstLines(error?.message ?? error?.value ?? result.status);
    }
    this.outcomes.set(test.id, outcome);
  }

  private outcomeLines(): string[] {
    const troubled = [...this.outcomes.values()].filter((o) => o.failedTries > 0);
    const failed = troubled.filter((o) => !o.passed);
    const flaky = troubled.filter((o) => o.passed);
    const lines = [`\nFailed: ${failed.length}, flaky (passed on a retry): ${flaky.length}`];
    for (const [label, list] of [["FAILED", failed], ["flaky", flaky]] as const) {
      for (const o of list) lines.push(`  ${label} ${o.file} › ${o.title}\n${o.error}`);
    }
    for (const error of this.runErrors) lines.push(`  ERROR outside a test\n${error}`);
    return lines;
  }

  onEnd(result: FullResult): void {
    const rows = [...this.specs.entries()].sort(([, a], [, b]) => b.last - b.first - (a.last - a.first));
    if (rows.length === 0) {
      console.log(this.outcomeLines().join("\n"));
      return;
    }
    const width = Math.max(...rows.map(([file]) => file.length));
    const lines = [`\nDurations by spec (run ${seconds(Date.now() - this.started)}, ${result.status}): wall span, summed test time, tests`];
    for (const [file, spec] of rows) {
      const retries = spec.retries ? `, ${spec.retries} retried` : "";
      lines.push(`  ${file.padEnd(width)}  ${seconds(spec.last - spec.first).padStart(8)}  ${seconds(spec.summed).padStart(8)}  ${String(spec.tests.size).padStart(4)} tests${retries}`);
      lines.push(`  ${"".padEnd(width)}  slowest: ${spec.slowest.map((t) => `${t.title} ${seconds(t.ms)}`).join("; ")}`);
    }
    lines.push(...this.outcomeLines());
    console.log(lines.join("\n"));
  }
}
