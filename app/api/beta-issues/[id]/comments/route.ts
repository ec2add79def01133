import { json, route } from "@/lib/http/route";
import { addBetaIssueComment } from "@/lib/services/beta-issues/add-beta-issue-comment";
import { createBetaCommentSchema } from "@/lib/validations/beta-issues";

/** The reporter and admins talk on the issue; anyone else gets a 404. */
export const POST = route(
  async ({ caller, params, body }) => json(await addBetaIssueComment(caller, String(params.id), await body(createBetaCommentSchema)), 201),
  { permission: "beta-issues.report" },
);
