import { json, route } from "@/lib/http/route";
import { convertBetaIssue } from "@/lib/services/beta-issues/convert-beta-issue";
import { convertBetaIssueSchema } from "@/lib/validations/beta-issues";

/** Admins: one click turns the issue into a prefilled task that links back (201 with the issue). */
export const POST = route(
  async ({ caller, params, body }) => json(await convertBetaIssue(caller, String(params.id), await body(convertBetaIssueSchema)), 201),
  { permission: "beta-issues.manage" },
);
