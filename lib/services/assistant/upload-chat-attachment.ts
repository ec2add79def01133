import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { extractText } from "@/lib/services/assistant/extract";
import { db } from "@/lib/db";
import { AppError } from "@/lib/http/app-error";
import type { Upload } from "@/lib/http/uploads";
import { getStorage } from "@/lib/storage";
import type { ChatAttachmentRef } from "@/lib/validations/assistant";
import { CFB_TYPE, CHAT_UNSUPPORTED, DOC_TYPE } from "@/lib/assistant/attachment-policy";

export const attachmentUrl = (id: string) => `/api/agent/chat/attachments/${id}`;

/**
 * POST /api/agent/chat/upload: one multipart file, typed by its content (magic bytes), cut off
 * past 10MB while streaming, stored by route() through lib/storage (and deleted again by it when
 * this throws). Its text (PDF, docx, txt) is extracted once here. Returns spec §3's attachment:
 * id, name, size, type, url (readable by the uploader only).
 */
export async function uploadChatAttachment(caller: Caller, upload: Upload): Promise<ChatAttachmentRef> {
  const file = upload.files[0];
  if (!file) throw new AppError("BAD_REQUEST", "Choose a file to upload");
  let type = file.contentType;
  if (type === CFB_TYPE) {
    // An OLE container is only accepted as a Word 97-2003 document.
    if (!/\.doc$/i.test(file.fileName)) throw new AppError("UNSUPPORTED_MEDIA_TYPE", CHAT_UNSUPPORTED(file.fileName), { fileName: file.fileName });
    type = DOC_TYPE;
  }
  const text = await readText(getStorage(), file.storageKey, type);
  const row = await db.chatAttachment.create({
    data: { userId: caller.userId, fileName: file.fileName, mimeType: type, sizeBytes: file.size, storageKey: file.storageKey, extractedText: text },
    select: { id: true, fileName: true, sizeBytes: true, mimeType: true },
  });
  return { id: row.id, name: row.fileName, size: row.sizeBytes, type: row.mimeType, url: attachmentUrl(row.id) };
}

async function readText(storage: ReturnType<typeof getStorage>, key: string, type: string): Promise<string | null> {
  if (type !== "application/pdf" && type !== "text/plain" && !type.includes("wordprocessingml")) return null;
  const bytes = await readBytes(storage, key);
  return bytes ? extractText(bytes, type) : null;
}

export async function readBytes(storage: ReturnType<typeof getStorage>, key: string): Promise<Uint8Array | null> {
  const opened = await storage.open(key);
  if (!opened) return null;
  return new Uint8Array(await new Response(opened.body).arrayBuffer());
}
