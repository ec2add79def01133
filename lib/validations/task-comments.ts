/** Comments on tasks (docs/tasks.md "Comments"): the request bodies and the answers on the wire. */
import { z } from "zod";
import { isoDateTime } from "./common";
import { UUID_PATTERN } from "./ids";
import { multilineText, text } from "./text";

export const COMMENT_REQUIRED = "Comment is required";
export const COMMENT_MAX_LENGTH = 20_000;

/** The body is the composer's HTML; it is sanitized like a task description before it is stored. */
export const taskCommentBodySchema = z.object({
  body: multilineText({ error: COMMENT_REQUIRED })
    .trim()
    .min(1, COMMENT_REQUIRED)
    .max(COMMENT_MAX_LENGTH, `Comment must be at most ${COMMENT_MAX_LENGTH} characters`),
  /** Members @mentioned in the body (from the composer's picker); only those who can see the task are notified. */
  mentions: z.array(z.string().regex(UUID_PATTERN, "must be a valid member id")).max(50, "At most 50 mentions").optional(),
});
export type TaskCommentBodyInput = z.infer<typeof taskCommentBodySchema>;

export const commentAuthorSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

export const taskCommentSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  /** Sanitized HTML; null once the comment is deleted (the feed shows "comment deleted"). */
  body: z.string().nullable(),
  author: commentAuthorSchema,
  createdAt: isoDateTime,
  /** Set when the author edited it (shown as "edited"). */
  editedAt: isoDateTime.nullable(),
  deletedAt: isoDateTime.nullable(),
  /** What the reader may do: edit (the author, within 15 minutes), delete (the author or an admin). */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  /** The members its @mentions notified (those who can see the task, never the author); the feed highlights their "@First Last". */
  mentioned: z.array(commentAuthorSchema),
});
export type TaskComment = z.infer<typeof taskCommentSchema>;

export const taskCommentListSchema = z.object({ items: z.array(taskCommentSchema) });
export type TaskCommentList = z.infer<typeof taskCommentListSchema>;

/** GET /api/tasks/{id}/mentionable?q=: who the composer's @ offers. */
export const mentionableQuerySchema = z.object({ q: text().trim().max(100, "Search must be at most 100 characters").optional() });
export const mentionableSchema = z.object({ items: z.array(commentAuthorSchema) });
export type Mentionable = z.infer<typeof mentionableSchema>;

export const taskAttachmentSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  /** The comment it came with, or null for a file on the task itself. */
  commentId: z.string().nullable(),
  fileName: z.string(),
  /** Detected from the content when it was uploaded. */
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  /** A raster image: shown as a thumbnail and inline. */
  isImage: z.boolean(),
  /** Where the bytes are fetched (whoever can see the task). */
  url: z.string(),
  uploadedBy: commentAuthorSchema,
  createdAt: isoDateTime,
});
export type TaskAttachment = z.infer<typeof taskAttachmentSchema>;
export const taskAttachmentListSchema = z.object({ items: z.array(taskAttachmentSchema) });

/** The multipart text fields, documented (the handler streams the body itself; the files are the descriptor's). */
export const uploadTaskAttachmentsFieldsSchema = z.object({
  commentId: z.string().regex(UUID_PATTERN).optional().describe("One of your comments on this task, to attach the files to it"),
});
