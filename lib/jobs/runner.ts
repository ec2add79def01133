import "server-only";
import { PgBoss } from "pg-boss";
import { BUSINESS_TIME_ZONE } from "@/lib/dates";
import { AppError } from "@/lib/http/app-error";
import { onShutdown } from "@/lib/lifecycle";
import { JOBS } from "./registry";
import type { JobDefinition } from "./types";
import { listenForWakeUps } from "./wake-listener";

/**
 * The Postgres-backed job runner (pg-boss), started once per Node server process by
 * instrumentation.ts. pg-boss keeps its tables in its own schema (`JOBS_SCHEMA`, default
 * "pgboss"), out of Prisma's way (the drift test reads only the app's schema).
 *
 * Safe with several app instances on one database: each job's queue has the "stately" policy
 * (at most one queued and one running job per queue across all instances: a singleton), the
 * cron schedule is stored in the database and fired once per slot whichever instance sees it,
 * and every job is idempotent on its own (recurrence: a unique (series, date) row).
 */

const SCHEMA = process.env.JOBS_SCHEMA || "pgboss";
const log = (event: string, extra: Record<string, unknown> = {}) =>
  process.env.NODE_ENV !== "test" && console.log(JSON.stringify({ level: "info", source: "jobs", event, ...extra }));
const logError = (event: string, error: unknown, extra: Record<string, unknown> = {}) =>
  console.error(JSON.stringify({ level: "error", source: "jobs", event, message: error instanceof Error ? error.message : String(error), ...extra }));

export type JobRunner = { boss: PgBoss; jobs: readonly JobDefinition<never>[] };
type Runner = JobRunner;
const globalForJobs = globalThis as unknown as { bfsJobRunner?: Promise<Runner> };

/** True unless `JOBS_ENABLED=false` (e.g. a web-only instance next to a separate worker). */
export function jobsEnabled(): boolean {
  return process.env.JOBS_ENABLED !== "false";
}

/** Starts pg-boss, creates each job's queue, worker and schedule, and sends the start-up runs. Once per process. */
export function startJobRunner(options: { connectionString?: string; jobs?: readonly JobDefinition<never>[] } = {}): Promise<Runner> {
  if (!globalForJobs.bfsJobRunner) {
    // Stopped by the server's graceful shutdown (lib/lifecycle.ts) before the database pool closes.
    onShutdown("job runner", stopJobRunner);
    globalForJobs.bfsJobRunner = createJobRunner(options).catch((error) => {
      globalForJobs.bfsJobRunner = undefined;
      throw error;
    });
  }
  return globalForJobs.bfsJobRunner;
}

/** A runner of its own (not the process's singleton): what each app instance starts; tests start two. */
export async function createJobRunner(options: { connectionString?: string; jobs?: readonly JobDefinition<never>[] } = {}): Promise<Runner> {
  const connectionString = options.connectionString ?? process.env.DATABASE_URL;
  const jobs = options.jobs ?? JOBS;
  if (!connectionString) throw new Error("DATABASE_URL is not set");
  const boss = new PgBoss({ connectionString, schema: SCHEMA, application_name: "bfs-jobs", max: 4 });
  boss.on("error", (error) => logError("pg-boss error", error));
  await boss.start();
  for (const job of jobs) {
    await boss.createQueue(job.name, { policy: "stately", retryLimit: 2, retryDelay: 30, expireInSeconds: job.expireInSeconds ?? 900 });
    await boss.work(job.name, { pollingIntervalSeconds: 5 }, async ([entry]) => runLogged(job, (entry?.data ?? {}) as Record<string, unknown>));
    if (job.cron) await boss.schedule(job.name, job.cron, null, { tz: BUSINESS_TIME_ZONE });
    else await boss.unschedule(job.name);
    if (job.runAtStart) await boss.send(job.name, { trigger: "start" });
  }
  const woken = jobs.filter((j) => j.wakeOn);
  if (woken.length > 0) {
    const listener = listenForWakeUps(
      connectionString,
      [...new Set(woken.map((j) => j.wakeOn!))],
      (channel) => {
        for (const job of woken.filter((j) => j.wakeOn === channel)) void boss.send(job.name, { trigger: "notify" }).catch((error) => logError("wake send failed", error, { job: job.name }));
      },
      (error) => logError("wake listener error", error),
    );
    boss.on("stopped", () => void listener.close());
  }
  log("started", { schema: SCHEMA, jobs: jobs.map((j) => j.name) });
  return { boss, jobs };
}

async function runLogged(job: JobDefinition<never>, data: Record<string, unknown>): Promise<unknown> {
  const started = performance.now();
  try {
    const result = await job.run(data as never);
    log("job done", { job: job.name, ms: Math.round(performance.now() - started), result });
    return result;
  } catch (error) {
    logError("job failed", error, { job: job.name });
    throw error;
  }
}

/**
 * Stops the runner gracefully: no new jobs are fetched, running ones get up to 20 s to finish.
 * A job cut short is retried after it expires (jobs are idempotent).
 */
export async function stopJobRunner(): Promise<void> {
  const runner = globalForJobs.bfsJobRunner;
  if (!runner) return;
  globalForJobs.bfsJobRunner = undefined;
  const { boss } = await runner.catch(() => ({ boss: null }));
  await boss?.stop({ graceful: true, timeout: 20_000 });
}

/**
 * Runs a registered job's work now, in this process, and returns its result (the Playwright
 * test hook and operators' scripts). Same code as the worker; safe beside it (idempotent).
 */
export async function runJobNow(name: string, data: Record<string, unknown> = {}): Promise<unknown> {
  const job = JOBS.find((j) => j.name === name);
  if (!job) throw new AppError("NOT_FOUND", `Unknown job: ${name}`);
  return runLogged(job, data);
}

/**
 * Queues one run of a registered job on this process's runner, after the caller's write has
 * committed (a task update or a punch asks for an alert evaluation). With the queue's
 * "stately" policy a burst of requests collapses into one queued run. Without a runner in this
 * process (JOBS_ENABLED=false, jest, next build) it does nothing and the job's schedule catches
 * up. Never throws: a failure is logged, not the request's.
 */
export async function enqueueJob(name: string, data: Record<string, unknown> = {}): Promise<boolean> {
  const runner = globalForJobs.bfsJobRunner;
  if (!runner) return false;
  try {
    const { boss } = await runner;
    await boss.send(name, data);
    return true;
  } catch (error) {
    logError("enqueue failed", error, { job: name });
    return false;
  }
}
