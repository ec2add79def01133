/** One background job: a named queue, its handler and when it runs. Declared in its own domain, listed in lib/jobs/registry.ts. */
export interface JobDefinition<Data extends object = Record<string, unknown>> {
  /** Queue name: letters, digits, `-`, `_`, `.` (e.g. "recurrence-generate"). */
  name: string;
  /** Cron expression, read in the business time zone (e.g. every 15 minutes: "*\/15 * * * *"). */
  cron?: string;
  /** Also run once whenever a server instance starts (catch-up after downtime). */
  runAtStart?: boolean;
  /** Seconds a run may take before pg-boss considers it dead and retries it (default 15 minutes). */
  expireInSeconds?: number;
  /**
   * A Postgres NOTIFY channel that wakes the job: a trigger's `pg_notify(channel, '')` sends one
   * run as soon as its transaction commits (lib/jobs/wake-listener.ts); the cron stays the safety net.
   */
  wakeOn?: string;
  /** The work. Must be idempotent: a run may repeat after a crash, and two instances may race. */
  run: (data: Partial<Data>) => Promise<unknown>;
}

/** Identity helper that keeps a job's data type. */
export function defineJob<Data extends object>(job: JobDefinition<Data>): JobDefinition<Data> {
  return job;
}
