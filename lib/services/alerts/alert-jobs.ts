import "server-only";
import { defineJob } from "@/lib/jobs/types";
import { evaluateRules } from "./evaluate-rules";
import { ALERTS_EVALUATE_JOB, ALERTS_MAIL_JOB } from "./request-evaluation";
import { sendAlertEmails } from "./send-alert-emails";

/** Every 5 minutes, at start, and after the writes that matter (task update, punch in/out). */
export const alertsEvaluateJob = defineJob<{ now?: string; ruleId?: string }>({
  name: ALERTS_EVALUATE_JOB,
  cron: "*/5 * * * *",
  runAtStart: true,
  expireInSeconds: 600,
  run: (data) => evaluateRules({ ...(data.now ? { now: new Date(data.now) } : {}), ...(data.ruleId ? { ruleId: data.ruleId } : {}) }),
});

/** The e-mail outbox: every minute (retries come due), and right after an evaluation wrote rows. */
export const alertsMailJob = defineJob<object>({
  name: ALERTS_MAIL_JOB,
  cron: "* * * * *",
  expireInSeconds: 600,
  run: () => sendAlertEmails(),
});
