import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { can } from "@/lib/auth/permissions";
import { db, type Db } from "@/lib/db";
import { badRequest, conflict, forbidden, notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { sanitizeDescription } from "@/lib/services/tasks/sanitize-description";
import { TASK_NOT_FOUND } from "@/lib/services/tasks/get-task";
import { visibleTaskWhere } from "@/lib/services/tasks/visibility";
import { isUuid } from "@/lib/validations/tasks";
import { COMMENT_REQUIRED, type TaskCommentBodyInput } from "@/lib/validations/task-comments";
import type { Prisma } from "@/lib/generated/prisma/client";
import { actorName, notifyAboutTask } from "@/lib/services/notifications/notify";
import { membersWhoCanSee, notifyMentions, type MentionTask } from "./mentions";

/**
 * Comments on a task (docs/tasks.md "Comments"). Whoever can see the task reads and writes its
 * comments, and nobody else: a task the caller can't see (someone else's private task) is a 404,
 * comments included. The author edits within EDIT_WINDOW_MS; the author or an admin deletes,
 * which keeps a "comment deleted" line.
 */
export const COMMENT_NOT_FOUND = "Comment not found";
export const EDIT_WINDOW_MS = 15 * 60_000;
export const EDIT_WINDOW_PASSED = "Comments can be edited for 15 minutes after posting";

const commentSelect = {
  id: true,
  taskId: true,
  body: true,
  authorId: true,
  createdAt: true,
  editedAt: true,
  deletedAt: true,
  author: { select: { id: true, firstName: true, lastName: true } },
} as const;

type CommentRow = {
  id: string;
  taskId: string;
  body: string;
  authorId: string;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
  author: { id: string; firstName: string; lastName: string };
};

export interface TaskCommentDto {
  id: string;
  taskId: string;
  body: string | null;
  author: { id: string; firstName: string; lastName: string };
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
  canEdit: boolean;
  canDelete: boolean;
  /** The members this comment's @mentions notified: the feed highlights "@First Last" for them. */
  mentioned: Array<{ id: string; firstName: string; lastName: string }>;
}

type Mentioned = TaskCommentDto["mentioned"];

/**
 * Who each comment's mentions reached, read from the mention notifications themselves (one per
 * comment and member, lib/services/task-comments/mentions.ts): one query for the whole list, on
 * the alerts' unique index (rule_id IS NULL, subject_type, subject_id).
 */
async function mentionedIn(client: Db, commentIds: string[]): Promise<Map<string, Mentioned>> {
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

const canModerate = (caller: Caller) => can(caller.role, "tasks.write.any");

function isEditable(row: Pick<CommentRow, "authorId" | "createdAt" | "deletedAt">, caller: Caller, now: Date): boolean {
  return row.deletedAt === null && row.authorId === caller.userId && now.getTime() - row.createdAt.getTime() <= EDIT_WINDOW_MS;
}

function toDto(row: CommentRow, caller: Caller, mentioned: Mentioned, now = new Date()): TaskCommentDto {
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
async function visibleTaskOr404(client: Db, caller: Caller, taskId: string): Promise<MentionTask> {
  if (!isUuid(taskId)) throw notFound(TASK_NOT_FOUND);
  const task = await client.task.findFirst({
    where: { AND: [{ id: taskId }, visibleTaskWhere(caller)] },
    select: { id: true, displayNumber: true, title: true, isPrivate: true, createdById: true, deletedAt: true },
  });
  if (!task) throw notFound(TASK_NOT_FOUND);
  return task;
}

function cleanBody(input: TaskCommentBodyInput): string {
  const body = sanitizeDescription(input.body);
  if (body === null) throw badRequest(COMMENT_REQUIRED, { field: "body" });
  return body;
}

export async function listTaskComments(caller: Caller, taskId: string): Promise<{ items: TaskCommentDto[] }> {
  await visibleTaskOr404(db, caller, taskId);
  const rows = await db.taskComment.findMany({ where: { taskId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: 500, select: commentSelect });
  const now = new Date();
  const mentioned = await mentionedIn(db, rows.filter((r) => r.deletedAt === null).map((r) => r.id));
  return { items: rows.map((row) => toDto(row, caller, mentioned.get(row.id) ?? [], now)) };
}

export async function addTaskComment(caller: Caller, taskId: string, input: TaskCommentBodyInput): Promise<TaskCommentDto> {
  const body = cleanBody(input);
  return db.$transaction(async (tx) => {
    const task = await visibleTaskOr404(tx, caller, taskId);
    const row = await tx.taskComment.create({ data: { taskId, authorId: caller.userId, body }, select: commentSelect });
    const notified = await notifyMentions(tx, caller, task, row.id, input.mentions ?? []);
    await notifyParticipants(tx, caller, task, row.id, notified);
    await recordAudit(tx, { actorId: caller.userId, action: "task_comment.create", entityType: "task_comment", entityId: row.id, after: { taskId, body }, metadata: { mentioned: notified } });
    return toDto(row, caller, (await mentionedIn(tx, [row.id])).get(row.id) ?? []);
  });
}

/**
 * "A comment on my task": the task's creator, assignee and team hear of a new comment (not its
 * author, and not who the comment already mentions: one notification per comment is enough).
 */
async function notifyParticipants(tx: Prisma.TransactionClient, caller: Caller, task: MentionTask, commentId: string, mentioned: readonly string[]) {
  const people = await tx.task.findUniqueOrThrow({ where: { id: task.id }, select: { createdById: true, assigneeId: true, assignments: { select: { userId: true } } } });
  const skip = new Set(mentioned);
  const userIds = [people.createdById, people.assigneeId, ...people.assignments.map((a) => a.userId)].filter((id): id is string => Boolean(id) && !skip.has(id!));
  if (userIds.filter((id) => id !== caller.userId).length === 0) return;
  const authorName = await actorName(tx, caller.userId);
  await notifyAboutTask(tx, {
    kind: "comment",
    actorId: caller.userId,
    task,
    subjectType: "comment",
    subjectId: commentId,
    userIds,
    message: `${authorName} commented on your task`,
    subject: `${authorName} commented`,
    line: `${authorName} commented on`,
  });
}

async function loadComment(client: Db, caller: Caller, taskId: string, commentId: string): Promise<{ task: MentionTask; row: CommentRow }> {
  const task = await visibleTaskOr404(client, caller, taskId);
  if (!isUuid(commentId)) throw notFound(COMMENT_NOT_FOUND);
  const row = await client.taskComment.findFirst({ where: { id: commentId, taskId }, select: commentSelect });
  if (!row) throw notFound(COMMENT_NOT_FOUND);
  return { task, row };
}

/** Who the composer's @ offers: active members who can see the task. */
export async function listMentionable(caller: Caller, taskId: string, q?: string) {
  const task = await visibleTaskOr404(db, caller, taskId);
  const people = await membersWhoCanSee(db, task, { q: q || undefined });
  return { items: people.map(({ id, firstName, lastName }) => ({ id, firstName, lastName })) };
}

export async function editTaskComment(caller: Caller, taskId: string, commentId: string, input: TaskCommentBodyInput): Promise<TaskCommentDto> {
  const body = cleanBody(input);
  return db.$transaction(async (tx) => {
    const { task, row } = await loadComment(tx, caller, taskId, commentId);
    if (row.deletedAt) throw conflict("The comment was deleted");
    if (row.authorId !== caller.userId) throw forbidden("Only the author can edit a comment");
    const now = new Date();
    if (!isEditable(row, caller, now)) throw conflict(EDIT_WINDOW_PASSED);
    // A member newly mentioned in the edit is notified; those notified before are not again.
    await notifyMentions(tx, caller, task, row.id, input.mentions ?? []);
    const mentioned = (await mentionedIn(tx, [row.id])).get(row.id) ?? [];
    if (row.body === body) return toDto(row, caller, mentioned, now);
    const updated = await tx.taskComment.update({ where: { id: row.id }, data: { body, editedAt: now }, select: commentSelect });
    await recordAudit(tx, { actorId: caller.userId, action: "task_comment.edit", entityType: "task_comment", entityId: row.id, before: { body: row.body }, after: { body } });
    return toDto(updated, caller, mentioned, now);
  });
}

/** Deleting twice answers the deleted comment again (a retry is harmless). */
export async function deleteTaskComment(caller: Caller, taskId: string, commentId: string): Promise<TaskCommentDto> {
  return db.$transaction(async (tx) => {
    const { row } = await loadComment(tx, caller, taskId, commentId);
    if (row.authorId !== caller.userId && !canModerate(caller)) throw forbidden("Only the author or an admin can delete a comment");
    if (row.deletedAt) return toDto(row, caller, []);
    const updated = await tx.taskComment.update({
      where: { id: row.id },
      data: { body: "", deletedAt: new Date(), deletedById: caller.userId },
      select: commentSelect,
    });
    await recordAudit(tx, { actorId: caller.userId, action: "task_comment.delete", entityType: "task_comment", entityId: row.id, before: { body: row.body } });
    return toDto(updated, caller, []);
  });
}
