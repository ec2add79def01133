import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import type { ChatSessionSummary } from "@/lib/validations/assistant";
import { isUuid } from "@/lib/validations/ids";
import { SESSION_NOT_FOUND } from "./send-chat-message";

/** What the discussion operations share (list, get, rename, delete: a file each). */

/** The most messages a discussion page loads (the newest ones). */
export const SESSION_MESSAGES_LIMIT = 500;

export const summary = (s: { id: string; title: string | null; updatedAt: Date }): ChatSessionSummary => ({ id: s.id, title: s.title || "New conversation", updatedAt: s.updatedAt.toISOString() });

export async function ownSession(caller: Caller, id: string) {
  if (!isUuid(id)) throw notFound(SESSION_NOT_FOUND);
  const session = await db.chatSession.findFirst({ where: { id, userId: caller.userId }, select: { id: true, title: true, updatedAt: true } });
  if (!session) throw notFound(SESSION_NOT_FOUND);
  return session;
}
