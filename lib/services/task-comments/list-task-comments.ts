import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { mentionedIn, toDto, commentSelect, visibleTaskOr404, type TaskCommentDto } from "./comment-shape";

export async function listTaskComments(caller: Caller, taskId: string): Promise<{ items: TaskCommentDto[] }> {
  await visibleTaskOr404(db, caller, taskId);
  const rows = await db.taskComment.findMany({ where: { taskId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: 500, select: commentSelect });
  const now = new Date();
  const mentioned = await mentionedIn(db, rows.filter((r) => r.deletedAt === null).map((r) => r.id));
  return { items: rows.map((row) => toDto(row, caller, mentioned.get(row.id) ?? [], now)) };
}
