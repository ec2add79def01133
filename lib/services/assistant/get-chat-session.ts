import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import type { ActionCard, ChatAttachmentRef, ChatSessionDetail } from "@/lib/validations/assistant";
import { SESSION_MESSAGES_LIMIT, ownSession, summary } from "./sessions";

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
