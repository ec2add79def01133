import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { conflict, forbidden } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { TaskCommentBodyInput } from "@/lib/validations/task-comments";
import { notifyMentions } from "./notify-mentions";
import { cleanBody, commentSelect, EDIT_WINDOW_PASSED, isEditable, loadComment, mentionedIn, toDto, type TaskCommentDto } from "./comment-shape";

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
