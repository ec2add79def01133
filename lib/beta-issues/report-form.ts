/**
 * The Report Beta Issue form's state and what it sends (spec §5): category, title and
 * description are all required, with one message for the three; the title gets its "[BETA]"
 * prefix. Kept pure (unit-tested); the attachments and the captured environment travel beside it.
 */
import { z } from "zod";
import { BETA_REQUIRED_MESSAGE, DEFAULT_BETA_SEVERITY, withBetaPrefix, type BetaIssueSeverityValue, type BetaIssueTypeValue } from "./options";

export interface BetaReportFormState {
  issueType: BetaIssueTypeValue | "";
  severity: BetaIssueSeverityValue;
  title: string;
  description: string;
}

export const emptyBetaReport = (): BetaReportFormState => ({ issueType: "", severity: DEFAULT_BETA_SEVERITY, title: "", description: "" });

export interface BetaReportFields {
  title: string;
  description: string;
  issueType: BetaIssueTypeValue;
  severity: BetaIssueSeverityValue;
}

/** Each missing field is marked with the one shared message (the form shows it once). */
export const betaReportFormSchema = z.custom<BetaReportFormState>().transform((form, ctx): BetaReportFields => {
  const missing = { issueType: !form.issueType, title: !form.title.trim(), description: !form.description.trim() };
  for (const [field, isMissing] of Object.entries(missing)) if (isMissing) ctx.addIssue({ code: "custom", path: [field], message: BETA_REQUIRED_MESSAGE });
  return { title: withBetaPrefix(form.title), description: form.description.trim(), issueType: form.issueType as BetaIssueTypeValue, severity: form.severity };
});
