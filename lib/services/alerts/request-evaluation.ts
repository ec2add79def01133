import "server-only";

export const ALERTS_EVALUATE_JOB = "alerts-evaluate";
export const ALERTS_MAIL_JOB = "alerts-mail";

/**
 * Called after a write that may start or end a condition has committed (task update,
 * completion, claim, punch in and out): queues an evaluation on the job runner. Never inside
 * the request's transaction and never awaited by the request: the answer does not wait for it.
 */
export function requestAlertEvaluation(trigger: string): void {
  void enqueue(ALERTS_EVALUATE_JOB, { trigger });
}

/** Queues a run of the outbox sender (after an evaluation wrote e-mail rows). */
export function requestAlertMail(): void {
  void enqueue(ALERTS_MAIL_JOB, { trigger: "evaluation" });
}

/** Loaded lazily: the runner imports the job registry, which imports the alerts jobs. */
async function enqueue(name: string, data: Record<string, unknown>): Promise<void> {
  // No runner in this process (jest, JOBS_ENABLED=false): nothing to load, the schedule catches up.
  if (!(globalThis as { bfsJobRunner?: unknown }).bfsJobRunner) return;
  try {
    const { enqueueJob } = await import("@/lib/jobs/runner");
    await enqueueJob(name, data);
  } catch (error) {
    console.error(JSON.stringify({ level: "error", source: "alerts", event: "enqueue failed", job: name, message: error instanceof Error ? error.message : String(error) }));
  }
}
