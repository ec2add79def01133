import "server-only";
import { alertsEvaluateJob, alertsMailJob } from "@/lib/services/alerts/alert-jobs";
import { casesMailJob } from "@/lib/services/cases/case-jobs";
import { generateOccurrencesJob } from "@/lib/services/recurrence/generate-occurrences-job";
import { forgottenPunchJob } from "@/lib/services/time/forgotten-punch-job";
import type { JobDefinition } from "./types";

/**
 * The one registration point of background jobs: every job the server runs is listed here,
 * one line each. The runner (lib/jobs/runner.ts) creates its queue, worker and schedule.
 */
export const JOBS: readonly JobDefinition<never>[] = [
  generateOccurrencesJob,
  alertsEvaluateJob, alertsMailJob, // alerts engine and e-mail outbox (docs/alerts.md)
  forgottenPunchJob,
  casesMailJob, // the family e-mails of memorial cases (docs/cases.md)
];
