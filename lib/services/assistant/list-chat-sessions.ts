import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import type { listChatSessionsQuerySchema } from "@/lib/validations/assistant";
import type { z } from "zod";
import { summary } from "./sessions";

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
