import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { forbidden } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { canModerate, commentSelect, loadComment, toDto, type TaskCommentDto } from "./comment-shape";

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
