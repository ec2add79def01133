import "server-only";
import { defineJob } from "@/lib/jobs/types";
import { sendFamilyEmails } from "./send-family-emails";

export const CASES_MAIL_JOB = "cases-mail";

/** The family e-mails' outbox (docs/cases.md "Family page"): every minute; each row is sent once. */
export const casesMailJob = defineJob<object>({
  name: CASES_MAIL_JOB,
  cron: "* * * * *",
  expireInSeconds: 600,
  run: () => sendFamilyEmails(),
});
