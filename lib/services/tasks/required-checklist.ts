import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { conflict } from "@/lib/http/app-error";

export const CHECKLIST_REQUIRED = "Complete the checklist first";

/**
 * A task whose checklist is required is completed only when every item is ticked: otherwise a
 * 409 listing the open items ({ id, title }). Runs inside the completing transaction, after the
 * task row is locked, so a concurrent untick cannot slip between the check and the write.
 */
export async function assertChecklistDone(tx: Prisma.TransactionClient, taskId: string): Promise<void> {
  const task = await tx.task.findUnique({
    where: { id: taskId },
    select: {
      checklistRequired: true,
      hasChecklist: true,
      checklistItems: { where: { isCompleted: false }, select: { id: true, title: true }, orderBy: { position: "asc" } },
    },
  });
  if (!task?.checklistRequired || !task.hasChecklist || task.checklistItems.length === 0) return;
  throw conflict(CHECKLIST_REQUIRED, { openItems: task.checklistItems });
}

/** Locks the task's row for the rest of the transaction (two completions or checklist rewrites queue). */
export async function lockTaskRow(tx: Prisma.TransactionClient, taskId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM tasks WHERE id = ${taskId}::uuid FOR UPDATE`;
}
