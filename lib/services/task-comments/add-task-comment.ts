import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { actorName, notifyAboutTask, type NotifiedTask } from "@/lib/services/notifications/notify";
import type { TaskCommentBodyInput } from "@/lib/validations/task-comments";
import { notifyMentions } from "./notify-mentions";
import { cleanBody, commentSelect, mentionedIn, toDto, visibleTaskOr404, type TaskCommentDto } from "./comment-shape";

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
async function notifyParticipants(tx: Prisma.TransactionClient, caller: Caller, task: NotifiedTask, commentId: string, mentioned: readonly string[]) {
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
