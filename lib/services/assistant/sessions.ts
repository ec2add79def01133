import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { getStorage } from "@/lib/storage";
import type { ActionCard, ChatAttachmentRef, ChatSessionDetail, ChatSessionSummary, listChatSessionsQuerySchema } from "@/lib/validations/assistant";
import { isUuid } from "@/lib/validations/ids";
import type { z } from "zod";
import { SESSION_NOT_FOUND } from "./send-chat-message";

/** The most messages a discussion page loads (the newest ones). */
export const SESSION_MESSAGES_LIMIT = 500;

const summary = (s: { id: string; title: string | null; updatedAt: Date }): ChatSessionSummary => ({ id: s.id, title: s.title || "New conversation", updatedAt: s.updatedAt.toISOString() });

/** GET /api/agent/chat/sessions: the caller's own discussions, latest first (index chat_sessions(user_id, updated_at)). */
export async function listChatSessions(caller: Caller, query: z.output<typeof listChatSessionsQuerySchema>) {
  const rows = await db.chatSession.findMany({
    where: { userId: caller.userId },
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
    skip: (query.page - 1) * query.pageSize,
    take: query.pageSize + 1,
    select: { id: true, title: true, updatedAt: true },
  });
  return { items: rows.slice(0, query.pageSize).map(summary), page: query.page, pageSize: query.pageSize, hasMore: rows.length > query.pageSize };
}

async function ownSession(caller: Caller, id: string) {
  if (!isUuid(id)) throw notFound(SESSION_NOT_FOUND);
  const session = await db.chatSession.findFirst({ where: { id, userId: caller.userId }, select: { id: true, title: true, updatedAt: true } });
  if (!session) throw notFound(SESSION_NOT_FOUND);
  return session;
}

/** GET /api/agent/chat/sessions/{id}: one of the caller's discussions with its messages (another member's: 404). */
export async function getChatSession(caller: Caller, id: string): Promise<ChatSessionDetail> {
  const session = await ownSession(caller, id);
  const messages = await db.chatMessage.findMany({
    where: { sessionId: id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: SESSION_MESSAGES_LIMIT,
    select: { id: true, role: true, content: true, attachments: true, actions: true, createdAt: true },
  });
  return {
    ...summary(session),
    messages: messages.reverse().map((m) => ({
      id: m.id,
      role: m.role,
      content: m.content,
      timestamp: m.createdAt.toISOString(),
      attachments: (m.attachments ?? []) as unknown as ChatAttachmentRef[],
      actions: (m.actions ?? []) as unknown as ActionCard[],
    })),
  };
}

export async function renameChatSession(caller: Caller, id: string, title: string): Promise<ChatSessionSummary> {
  await ownSession(caller, id);
  return summary(await db.chatSession.update({ where: { id }, data: { title }, select: { id: true, title: true, updatedAt: true } }));
}

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
