import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import type { ChatPreferencesDto } from "@/lib/validations/assistant";
import type { z } from "zod";
import type { updateChatPreferencesSchema } from "@/lib/validations/assistant";

/** Spec §3 defaults: saveHistory true, allowAnalytics true, allowTraining false. */
export const DEFAULT_CHAT_PREFERENCES: ChatPreferencesDto = { saveHistory: true, allowAnalytics: true, allowTraining: false };

const select = { saveHistory: true, allowAnalytics: true, allowTraining: true } as const;

/** GET /api/agent/chat/preferences: the caller's, or the defaults when never saved. */
export async function getChatPreferences(caller: Pick<Caller, "userId">): Promise<ChatPreferencesDto> {
  const row = await db.chatPreferences.findUnique({ where: { userId: caller.userId }, select });
  return row ?? { ...DEFAULT_CHAT_PREFERENCES };
}

/** PUT /api/agent/chat/preferences: any of the three; the others keep their value. */
export async function updateChatPreferences(caller: Pick<Caller, "userId">, input: z.output<typeof updateChatPreferencesSchema>): Promise<ChatPreferencesDto> {
  return db.chatPreferences.upsert({
    where: { userId: caller.userId },
    create: { userId: caller.userId, ...DEFAULT_CHAT_PREFERENCES, ...input },
    update: input,
    select,
  });
}
