import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { can } from "@/lib/auth/permissions";
import type { Db } from "@/lib/db";
import { badRequest, notFound } from "@/lib/http/app-error";
import type { NotifiedTask } from "@/lib/services/notifications/notify";
import { sanitizeDescription } from "@/lib/services/tasks/sanitize-description";
import { TASK_NOT_FOUND } from "@/lib/services/tasks/get-task";
import { visibleTaskWhere } from "@/lib/services/visibility/tasks";
import { isUuid } from "@/lib/validations/tasks";
import { COMMENT_REQUIRED, type TaskCommentBodyInput, type taskCommentSchema } from "@/lib/validations/task-comments";
import type { z } from "zod";

/**
 * Comments on a task (docs/tasks.md "Comments"). Whoever can see the task reads and writes its
 * comments, and nobody else: a task the caller can't see (someone else's private task) is a 404,
 * comments included. The author edits within EDIT_WINDOW_MS; the author or an admin deletes,
 * which keeps a "comment deleted" line.
 *
 * This file is the comment's shape and the reads every comment operation shares; each operation
 * is a file of its own (list-, add-, edit-, delete-task-comment.ts, list-mentionable.ts).
 */
export const COMMENT_NOT_FOUND = "Comment not found";
export const EDIT_WINDOW_MS = 15 * 60_000;
export const EDIT_WINDOW_PASSED = "Comments can be edited for 15 minutes after posting";

export const commentSelect = {
  id: true,
  taskId: true,
  body: true,
  authorId: true,
  createdAt: true,
  editedAt: true,
  deletedAt: true,
  author: { select: { id: true, firstName: true, lastName: true } },
} as const;

export type CommentRow = {
  id: string;
  taskId: string;
  body: string;
  authorId: string;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
  author: { id: string; firstName: string; lastName: string };
};

export type TaskCommentDto = z.input<typeof taskCommentSchema>;

type Mentioned = TaskCommentDto["mentioned"];

/**
 * Who each comment's mentions reached, read from the mention notifications themselves (one per
 * comment and member, notify-mentions.ts): one query for the whole list, on
 * the alerts' unique index (rule_id IS NULL, subject_type, subject_id).
 */
export async function mentionedIn(client: Db, commentIds: string[]): Promise<Map<string, Mentioned>> {
  const byComment = new Map<string, Mentioned>();
  if (commentIds.length === 0) return byComment;
  const alerts = await client.alert.findMany({
    where: { ruleId: null, kind: "mention", subjectType: "comment", subjectId: { in: commentIds } },
    select: { subjectId: true, recipients: { select: { user: { select: { id: true, firstName: true, lastName: true } } } } },
  });
  for (const alert of alerts) {
    const list = byComment.get(alert.subjectId) ?? [];
    list.push(...alert.recipients.map((r) => r.user));
    byComment.set(alert.subjectId, list);
  }
  return byComment;
}

export const canModerate = (caller: Caller) => can(caller.role, "tasks.write.any");

export function isEditable(row: Pick<CommentRow, "authorId" | "createdAt" | "deletedAt">, caller: Caller, now: Date): boolean {
  return row.deletedAt === null && row.authorId === caller.userId && now.getTime() - row.createdAt.getTime() <= EDIT_WINDOW_MS;
}

export function toDto(row: CommentRow, caller: Caller, mentioned: Mentioned, now = new Date()): TaskCommentDto {
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    taskId: row.taskId,
    body: deleted ? null : row.body,
    author: row.author,
    createdAt: row.createdAt,
    editedAt: row.editedAt,
    deletedAt: row.deletedAt,
    canEdit: isEditable(row, caller, now),
    canDelete: !deleted && (row.authorId === caller.userId || canModerate(caller)),
    mentioned: deleted ? [] : mentioned,
  };
}

/** The task when the caller may see it, else the one 404 of "not there or not yours". */
export async function visibleTaskOr404(client: Db, caller: Caller, taskId: string): Promise<NotifiedTask> {
  if (!isUuid(taskId)) throw notFound(TASK_NOT_FOUND);
  const task = await client.task.findFirst({
    where: { AND: [{ id: taskId }, visibleTaskWhere(caller)] },
    select: { id: true, displayNumber: true, title: true, isPrivate: true, createdById: true, deletedAt: true },
  });
  if (!task) throw notFound(TASK_NOT_FOUND);
  return task;
}

export function cleanBody(input: TaskCommentBodyInput): string {
  const body = sanitizeDescription(input.body);
  if (body === null) throw badRequest(COMMENT_REQUIRED, { field: "body" });
  return body;
}

export async function loadComment(client: Db, caller: Caller, taskId: string, commentId: string): Promise<{ task: NotifiedTask; row: CommentRow }> {
  const task = await visibleTaskOr404(client, caller, taskId);
  if (!isUuid(commentId)) throw notFound(COMMENT_NOT_FOUND);
  const row = await client.taskComment.findFirst({ where: { id: commentId, taskId }, select: commentSelect });
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  return { task, row };
}
