import "server-only";
import { alertsEvaluateJob, alertsMailJob } from "@/lib/services/alerts/alert-jobs";
import { notificationsDigestJob } from "@/lib/services/notifications/send-digests";
import { casesMailJob } from "@/lib/services/cases/case-jobs";
import { statementsMailJob } from "@/lib/services/billing/send-statement-emails";
import { generateOccurrencesJob } from "@/lib/services/recurrence/generate-occurrences-job";
import { forgottenPunchJob } from "@/lib/services/punch/forgotten-punch-job";
import { webhooksDeliverJob } from "@/lib/services/webhooks/deliver-webhooks";
import { pushDeliverJob } from "@/lib/services/push/deliver";
import { timeOffPoliciesJob } from "@/lib/services/time-off/policies-job";
import { outboxPruneJob } from "@/lib/services/webhooks/prune";
import type { JobDefinition } from "./types";

/**
 * The one registration point of background jobs: every job the server runs is listed here,
 * one line each. The runner (lib/jobs/runner.ts) creates its queue, worker and schedule.
 */
export const JOBS: readonly JobDefinition<never>[] = [
  generateOccurrencesJob,
  alertsEvaluateJob, alertsMailJob, // alerts engine and e-mail outbox (docs/alerts.md)
  forgottenPunchJob,
  notificationsDigestJob, // the hourly notification digest (docs/jobs.md)
  casesMailJob, // the family e-mails of memorial cases (docs/cases.md)
  statementsMailJob, // clinics' statements by e-mail, PDF and CSV attached (docs/billing.md)
  webhooksDeliverJob, // outgoing webhooks' outbox (docs/api.md "Webhooks")
  pushDeliverJob, // Web Push outbox (docs/notifications.md "Push")
  timeOffPoliciesJob, // time-off grants, carry-over and accrual from locked periods (docs/schedules.md "Policies")
  outboxPruneJob, // daily: the webhook log and push outbox past their retention (docs/jobs.md)
];
