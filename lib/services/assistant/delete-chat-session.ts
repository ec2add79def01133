import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { getStorage } from "@/lib/storage";
import type { ChatAttachmentRef } from "@/lib/validations/assistant";
import { isUuid } from "@/lib/validations/ids";
import { ownSession } from "./sessions";

/** DELETE /api/agent/chat/sessions/{id}: the discussion, its messages and the files they carried. */
export async function deleteChatSession(caller: Caller, id: string): Promise<{ ok: true }> {
  await ownSession(caller, id);
  const messages = await db.chatMessage.findMany({ where: { sessionId: id, role: "user" }, select: { attachments: true } });
  const attachmentIds = messages.flatMap((m) => ((m.attachments ?? []) as unknown as ChatAttachmentRef[]).map((a) => a.id)).filter(isUuid);
  const files = attachmentIds.length ? await db.chatAttachment.findMany({ where: { id: { in: attachmentIds }, userId: caller.userId }, select: { id: true, storageKey: true } }) : [];
  await db.$transaction([
    db.chatAttachment.deleteMany({ where: { id: { in: files.map((f) => f.id) } } }),
    db.chatSession.delete({ where: { id } }),
  ]);
  if (files.length) await getStorage().delete(files.map((f) => f.storageKey)).catch(() => {});
  return { ok: true };
}
