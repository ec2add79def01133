import { route } from "@/lib/http/route";
import { deleteBetaIssue } from "@/lib/services/beta-issues/delete-beta-issue";
import { getBetaIssue } from "@/lib/services/beta-issues/get-beta-issue";
import { updateBetaIssue } from "@/lib/services/beta-issues/update-beta-issue";
import { updateBetaIssueSchema } from "@/lib/validations/beta-issues";

/** The reporter and admins; anyone else gets a 404. */
export const GET = route(async ({ caller, params }) => getBetaIssue(caller, String(params.id)), { permission: "beta-issues.report" });

/** Triage (admins): status and/or severity. */
export const PATCH = route(
  async ({ caller, params, body }) => updateBetaIssue(caller, String(params.id), await body(updateBetaIssueSchema)),
  { permission: "beta-issues.manage" },
);

/** Admins; the files are deleted after the rows. */
export const DELETE = route(async ({ caller, params }) => deleteBetaIssue(caller, String(params.id)), { permission: "beta-issues.manage" });
