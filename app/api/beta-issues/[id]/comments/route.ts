import * as op from "@/lib/beta-issues/contracts";
import { json, route } from "@/lib/http/route";
import { addBetaIssueComment } from "@/lib/services/beta-issues/add-beta-issue-comment";

/** The reporter and admins talk on the issue; anyone else gets a 404. */
export const POST = route(op.addBetaIssueComment, async ({ caller, params, body }) => json(await addBetaIssueComment(caller, String(params.id), body), 201));
