/**
 * The beta issues' API operations (lib/http/operation.ts): one descriptor each, read by the
 * handlers in app/api/beta-issues, the OpenAPI document and the tests.
 */
import { defineOperation } from "@/lib/http/operation";
import { betaAttachmentPolicy, betaUploadBodyLimit } from "./attachment-policy";
import { BETA_FILE_TYPES } from "./options";
import {
  betaCommentSchema,
  betaIssueDeletedSchema,
  betaIssueDetailSchema,
  betaIssueListSchema,
  convertBetaIssueSchema,
  createBetaCommentSchema,
  createBetaIssueSchema,
  listBetaIssuesQuerySchema,
  updateBetaIssueSchema,
} from "@/lib/validations/beta-issues";

export const listBetaIssues = defineOperation({
  method: "GET",
  path: "/api/beta-issues",
  summary: "List beta issues",
  description: "One's own issues (\"My Beta Issues\"); every issue for admins.",
  access: { permission: "beta-issues.report" },
  query: listBetaIssuesQuerySchema,
  response: betaIssueListSchema,
});

export const reportBetaIssue = defineOperation({
  method: "POST",
  path: "/api/beta-issues",
  summary: "Report a beta issue",
  description:
    "JSON (`application/json`, these fields), or multipart/form-data with the same fields (`environment` as a JSON string) plus `attachments` files, streamed and checked by content (10MB each).",
  access: { permission: "beta-issues.report", ...betaUploadBodyLimit },
  body: createBetaIssueSchema,
  multipart: { files: { attachments: { description: "Screenshots, recordings, PDFs or text (any field name will do), 10MB each, 10 at most", many: true } }, policy: betaAttachmentPolicy, orJson: true },
  response: betaIssueDetailSchema,
  status: 201,
  errors: { 413: "A file or the whole upload is too large", 415: "A file whose content is not an accepted type" },
});

export const getBetaIssue = defineOperation({
  method: "GET",
  path: "/api/beta-issues/[id]",
  summary: "Get a beta issue",
  description: "The reporter and admins; anyone else gets a 404.",
  access: { permission: "beta-issues.report" },
  response: betaIssueDetailSchema,
});

export const updateBetaIssue = defineOperation({
  method: "PATCH",
  path: "/api/beta-issues/[id]",
  summary: "Triage a beta issue",
  description: "Status and/or severity.",
  access: { permission: "beta-issues.manage" },
  body: updateBetaIssueSchema,
  response: betaIssueDetailSchema,
});

export const deleteBetaIssue = defineOperation({
  method: "DELETE",
  path: "/api/beta-issues/[id]",
  summary: "Delete a beta issue",
  description: "The files are deleted after the rows.",
  access: { permission: "beta-issues.manage" },
  response: betaIssueDeletedSchema,
});

export const addBetaIssueComment = defineOperation({
  method: "POST",
  path: "/api/beta-issues/[id]/comments",
  summary: "Comment on a beta issue",
  description: "The reporter and admins talk on the issue; anyone else gets a 404.",
  access: { permission: "beta-issues.report" },
  body: createBetaCommentSchema,
  response: betaCommentSchema,
  status: 201,
});

export const convertBetaIssue = defineOperation({
  method: "POST",
  path: "/api/beta-issues/[id]/convert",
  summary: "Convert a beta issue into a task",
  description: "A prefilled task that links back; answers with the issue.",
  access: { permission: "beta-issues.manage" },
  body: convertBetaIssueSchema,
  response: betaIssueDetailSchema,
  status: 201,
  errors: { 409: "The issue is already a task (`convertedTask`)" },
});

export const downloadBetaAttachment = defineOperation({
  method: "GET",
  path: "/api/beta-issues/[id]/attachments/[attachmentId]",
  summary: "Download a beta issue attachment",
  description: "The reporter and admins (else 404); images inline, the rest downloaded.",
  access: { permission: "beta-issues.report" },
  produces: BETA_FILE_TYPES,
});
