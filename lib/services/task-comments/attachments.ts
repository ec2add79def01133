import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { badRequest, notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { TASK_NOT_FOUND } from "@/lib/services/tasks/get-task";
import { visibleTaskWhere } from "@/lib/services/visibility/tasks";
import type { Upload } from "@/lib/http/uploads";
import { downloadResponse, getStorage, isInlineType, type StoredFile } from "@/lib/storage";
import { isUuid } from "@/lib/validations/tasks";

/**
 * Files on a task or on one of its comments. The upload streams through lib/storage with the
 * beta issues' checks (type from the magic bytes, cut off at 10MB, 10 files a request); the rows
 * are committed after the bytes are stored, and the bytes deleted again when the rows are not.
 * Only whoever can see the task lists or fetches its files (else the task's 404).
 */
const FILE_NOT_FOUND = "File not found";

const attachmentSelect = { id: true, taskId: true, commentId: true, fileName: true, mimeType: true, sizeBytes: true, createdAt: true, uploadedBy: { select: { id: true, firstName: true, lastName: true } } } as const;

type AttachmentRow = { id: string; taskId: string; commentId: string | null; fileName: string; mimeType: string; sizeBytes: number; createdAt: Date; uploadedBy: { id: string; firstName: string; lastName: string } };

function toDto(row: AttachmentRow) {
  return { ...row, isImage: isInlineType(row.mimeType), url: `/api/tasks/${row.taskId}/attachments/${row.id}` };
}
export type TaskAttachmentDto = ReturnType<typeof toDto>;

async function assertVisible(caller: Caller, taskId: string) {
  if (!isUuid(taskId)) throw notFound(TASK_NOT_FOUND);
  const task = await db.task.findFirst({ where: { AND: [{ id: taskId }, visibleTaskWhere(caller)] }, select: { id: true } });
  if (!task) throw notFound(TASK_NOT_FOUND);
}

export async function listTaskAttachments(caller: Caller, taskId: string): Promise<{ items: TaskAttachmentDto[] }> {
  await assertVisible(caller, taskId);
  const rows = await db.taskAttachment.findMany({ where: { taskId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: 500, select: attachmentSelect });
  return { items: rows.map(toDto) };
}

/**
 * multipart/form-data, stored by route() (lib/http/uploads.ts): `files` (one or more) and an
 * optional `commentId` (a comment of this task by the caller). When this throws, route() deletes
 * the stored files again.
 */
export async function uploadTaskAttachments(caller: Caller, taskId: string, upload: Upload): Promise<{ items: TaskAttachmentDto[] }> {
  await assertVisible(caller, taskId);
  if (upload.files.length === 0) throw badRequest("Choose at least one file", { field: "files" });
  const commentId = upload.fields.commentId?.trim() || null;
  return db.$transaction(async (tx) => {
    // Checked again inside the transaction: the task may have turned private meanwhile.
    const task = await tx.task.findFirst({ where: { AND: [{ id: taskId }, visibleTaskWhere(caller)] }, select: { id: true } });
    if (!task) throw notFound(TASK_NOT_FOUND);
    if (commentId) {
      const comment = isUuid(commentId) ? await tx.taskComment.findFirst({ where: { id: commentId, taskId, authorId: caller.userId, deletedAt: null }, select: { id: true } }) : null;
      if (!comment) throw badRequest("commentId: must be one of your comments on this task", { field: "commentId" });
    }
    const rows: AttachmentRow[] = [];
    for (const file of upload.files as StoredFile[]) {
      rows.push(
        await tx.taskAttachment.create({
          data: { taskId, commentId, uploadedById: caller.userId, fileName: file.fileName, mimeType: file.contentType, sizeBytes: file.size, storageKey: file.storageKey },
          select: attachmentSelect,
        }),
      );
    }
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "task.attachment",
      entityType: "task_attachment",
      entityId: taskId,
      after: { commentId, files: rows.map((r) => ({ id: r.id, fileName: r.fileName, mimeType: r.mimeType, sizeBytes: r.sizeBytes })) },
    });
    return { items: rows.map(toDto) };
  });
}

/** The bytes, with the original name: raster images and PDFs inline (the viewer), the rest downloaded. */
export async function readTaskAttachment(caller: Caller, taskId: string, attachmentId: string): Promise<Response> {
  if (!isUuid(taskId) || !isUuid(attachmentId)) throw notFound(FILE_NOT_FOUND);
  const file = await db.taskAttachment.findFirst({
    where: { id: attachmentId, taskId, task: visibleTaskWhere(caller) },
    select: { storageKey: true, fileName: true, mimeType: true },
  });
  if (!file) throw notFound(FILE_NOT_FOUND);
  // PDFs open in the task's in-app viewer (an <iframe> of this same URL).
  return downloadResponse(getStorage(), { storageKey: file.storageKey, fileName: file.fileName, contentType: file.mimeType }, { framePdf: true });
}
