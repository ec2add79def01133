import * as op from "@/lib/beta-issues/contracts";
import { JSON_BODY_LIMIT_BYTES, readJson } from "@/lib/http/parse";
import { json, route } from "@/lib/http/route";
import { createBetaIssue, createBetaIssueFromUpload } from "@/lib/services/beta-issues/create-beta-issue";
import { listBetaIssues } from "@/lib/services/beta-issues/list-beta-issues";
import { parseCreateBetaIssueInput } from "@/lib/services/beta-issues/parse-create-input";

/** "My Beta Issues" for non-admins, every issue for admins. */
export const GET = route(op.listBetaIssues, async ({ caller, query }) => listBetaIssues(caller, query));

/**
 * Spec §7: JSON, or multipart with the same fields plus attachment files (streamed, 10MB each).
 * route() stores a multipart body's files (`upload`); a JSON body (`upload` null) is read here:
 * spec §5's one message for missing fields comes from parseCreateBetaIssueInput in both cases.
 */
export const POST = route(op.reportBetaIssue, async ({ req, caller, upload }) => {
  const userAgent = req.headers.get("user-agent");
  const issue = upload
    ? await createBetaIssueFromUpload(caller, upload, userAgent)
    : await createBetaIssue(caller, parseCreateBetaIssueInput(await readJson(req, JSON_BODY_LIMIT_BYTES)), [], userAgent);
  return json(issue, 201);
});
