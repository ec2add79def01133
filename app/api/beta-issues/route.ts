import { z } from "zod";
import { json, route } from "@/lib/http/route";
import { betaUploadBodyLimit } from "@/lib/services/beta-issues/attachment-policy";
import { createBetaIssue, createBetaIssueFromUpload, isMultipartRequest } from "@/lib/services/beta-issues/create-beta-issue";
import { listBetaIssues } from "@/lib/services/beta-issues/list-beta-issues";
import { parseCreateBetaIssueInput } from "@/lib/services/beta-issues/parse-create-input";
import { listBetaIssuesQuerySchema } from "@/lib/validations/beta-issues";

/** "My Beta Issues" for non-admins, every issue for admins. */
export const GET = route(async ({ caller, query }) => listBetaIssues(caller, query(listBetaIssuesQuerySchema)), { permission: "beta-issues.report" });

/** Spec §7: JSON, or multipart with the same fields plus attachment files (streamed, 10MB each). */
export const POST = route(async ({ req, caller, body }) => {
  const issue = isMultipartRequest(req)
    ? await createBetaIssueFromUpload(caller, req)
    : await createBetaIssue(caller, parseCreateBetaIssueInput(await body(z.unknown())), [], req.headers.get("user-agent"));
  return json(issue, 201);
}, { permission: "beta-issues.report", ...betaUploadBodyLimit });
