/**
 * Comments on tasks: the API operations (lib/http/operation.ts), read by the handlers in
 * app/api/tasks/[id]/comments, the OpenAPI document and the tests. The task's visibility rules
 * apply: a task the caller can't see is a 404, its comments too.
 */
import { defineOperation } from "@/lib/http/operation";
import { TASK_FILE_TYPES } from "@/lib/task-comments/attachment-options";
import { taskAttachmentPolicy, taskUploadBodyLimit } from "@/lib/task-comments/attachment-policy";
import {
  mentionableQuerySchema,
  mentionableSchema,
  taskAttachmentListSchema,
  taskCommentBodySchema,
  taskCommentListSchema,
  taskCommentSchema,
  uploadTaskAttachmentsFieldsSchema,
} from "@/lib/validations/task-comments";

export const listTaskComments = defineOperation({
  method: "GET",
  path: "/api/tasks/[id]/comments",
  summary: "A task's comments",
  description: "Oldest first; a deleted comment stays as a line with `body: null` and `deletedAt`.",
  access: { permission: "tasks.read" },
  response: taskCommentListSchema,
});

export const addTaskComment = defineOperation({
  method: "POST",
  path: "/api/tasks/[id]/comments",
  summary: "Comment on a task",
  description: "Rich text (HTML), sanitized like a task description. Whoever can see the task may comment. `mentions`: member ids @mentioned; those who can see the task get a bell notification and an e-mail.",
  access: { permission: "tasks.write" },
  body: taskCommentBodySchema,
  response: taskCommentSchema,
  status: 201,
});

export const editTaskComment = defineOperation({
  method: "PATCH",
  path: "/api/tasks/[id]/comments/[commentId]",
  summary: "Edit a comment",
  description: "The author only (403 for others), within 15 minutes of posting; the comment is marked edited.",
  access: { permission: "tasks.write" },
  body: taskCommentBodySchema,
  response: taskCommentSchema,
  errors: { 409: "The 15-minute edit window has passed, or the comment was deleted" },
});

export const deleteTaskComment = defineOperation({
  method: "DELETE",
  path: "/api/tasks/[id]/comments/[commentId]",
  summary: "Delete a comment",
  description: "The author or an admin (403 for others); leaves a \"comment deleted\" line. Answers with the deleted comment.",
  access: { permission: "tasks.write" },
  response: taskCommentSchema,
});

export const listMentionable = defineOperation({
  method: "GET",
  path: "/api/tasks/[id]/mentionable",
  summary: "Who can be @mentioned on a task",
  description: "The active members who can see the task (a private task: its creator and admins), matching `q` by name; 20 at most.",
  access: { permission: "tasks.read" },
  query: mentionableQuerySchema,
  response: mentionableSchema,
});

export const listTaskAttachments = defineOperation({
  method: "GET",
  path: "/api/tasks/[id]/attachments",
  summary: "A task's files",
  description: "The files on the task and on its comments (`commentId`), oldest first.",
  access: { permission: "tasks.read" },
  response: taskAttachmentListSchema,
});

export const uploadTaskAttachments = defineOperation({
  method: "POST",
  path: "/api/tasks/[id]/attachments",
  summary: "Attach files to a task or a comment",
  description:
    "multipart/form-data: `files` (images, PDF, Office documents, text; checked by content, 10MB each, 10 at most) and optionally `commentId` (one of your comments on the task). Whoever can see the task.",
  access: { permission: "tasks.write", ...taskUploadBodyLimit },
  body: uploadTaskAttachmentsFieldsSchema,
  multipart: { files: { files: { description: "One or more files (any field name will do), 10MB each, 10 at most", many: true, required: true } }, policy: taskAttachmentPolicy },
  response: taskAttachmentListSchema,
  status: 201,
  errors: { 413: "A file or the whole upload is too large", 415: "A file whose content is not an accepted type" },
});

export const downloadTaskAttachment = defineOperation({
  method: "GET",
  path: "/api/tasks/[id]/attachments/[attachmentId]",
  summary: "Download a task file",
  description: "Whoever can see the task (else 404); raster images inline, the rest downloaded under the original name.",
  access: { permission: "tasks.read" },
  produces: TASK_FILE_TYPES,
});
