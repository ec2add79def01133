import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import type { ChatSessionSummary } from "@/lib/validations/assistant";
import { ownSession, summary } from "./sessions";

export async function renameChatSession(caller: Caller, id: string, title: string): Promise<ChatSessionSummary> {
  await ownSession(caller, id);
  return summary(await db.chatSession.update({ where: { id }, data: { title }, select: { id: true, title: true, updatedAt: true } }));
}
