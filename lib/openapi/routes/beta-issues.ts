import { op, type RouteDoc } from "../describe";
import { convertBetaIssueSchema, createBetaIssueSchema, createBetaCommentSchema, listBetaIssuesQuerySchema, updateBetaIssueSchema } from "@/lib/validations/beta-issues";
import * as betaIssuesIdAttachmentsAttachmentId from "@/app/api/beta-issues/[id]/attachments/[attachmentId]/route";
import * as betaIssuesIdComments from "@/app/api/beta-issues/[id]/comments/route";
import * as betaIssuesIdConvert from "@/app/api/beta-issues/[id]/convert/route";
import * as betaIssuesId from "@/app/api/beta-issues/[id]/route";
import * as betaIssues from "@/app/api/beta-issues/route";

export const betaIssuesDocs = (): RouteDoc[] => [
  op("GET /api/beta-issues/[id]/attachments/[attachmentId]", betaIssuesIdAttachmentsAttachmentId.GET, "Download a beta issue attachment", { produces: "application/octet-stream" }),
  op("POST /api/beta-issues/[id]/comments", betaIssuesIdComments.POST, "Comment on a beta issue", { body: createBetaCommentSchema, status: 201 }),
  op("POST /api/beta-issues/[id]/convert", betaIssuesIdConvert.POST, "Convert a beta issue into a task", { body: convertBetaIssueSchema, status: 201 }),
  op("GET /api/beta-issues/[id]", betaIssuesId.GET, "Get a beta issue"),
  op("PATCH /api/beta-issues/[id]", betaIssuesId.PATCH, "Triage a beta issue", { body: updateBetaIssueSchema }),
  op("DELETE /api/beta-issues/[id]", betaIssuesId.DELETE, "Delete a beta issue"),
  op("GET /api/beta-issues", betaIssues.GET, "List beta issues", { query: listBetaIssuesQuerySchema }),
  op("POST /api/beta-issues", betaIssues.POST, "Report a beta issue", { body: createBetaIssueSchema, status: 201, description: "JSON, or multipart/form-data with the same fields plus `attachments` files." }),
];
