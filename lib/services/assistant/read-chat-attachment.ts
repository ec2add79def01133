import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { downloadResponse, getStorage } from "@/lib/storage";
import { isUuid } from "@/lib/validations/ids";

/** GET /api/agent/chat/attachments/{id}: the uploader only (anyone else, admins included, gets 404). */
export async function readChatAttachment(caller: Caller, id: string): Promise<Response> {
  if (!isUuid(id)) throw notFound("File not found");
  const file = await db.chatAttachment.findFirst({ where: { id, userId: caller.userId }, select: { storageKey: true, fileName: true, mimeType: true } });
  if (!file) throw notFound("File not found");
  return downloadResponse(getStorage(), { storageKey: file.storageKey, fileName: file.fileName, contentType: file.mimeType });
}
