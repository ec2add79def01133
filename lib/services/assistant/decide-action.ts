import "server-only";
import { executeAction } from "@/lib/services/assistant/write-tools";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import type { RequestClient } from "@/lib/services/punch/origin";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ActionCard, ActionResult, actionDecisionSchema } from "@/lib/validations/assistant";
import type { z } from "zod";
import { getChatPreferences } from "./preferences";
import { recordChatUsage } from "./record-usage";

export const ACTION_NOT_FOUND = "Action not found";

/**
 * POST /api/agent/chat/actions: the user's Confirm (or Cancel) of an action card. Confirm runs
 * the write through the screens' service with the card's (possibly edited) draft: same
 * validation, permissions, audit and errors (an error leaves the card proposed). A stored card
 * that is already done answers with its result again, so a repeated click writes nothing twice.
 */
export async function decideAction(caller: Caller, input: z.output<typeof actionDecisionSchema>, client: RequestClient): Promise<ActionResult> {
  const stored = input.messageId
    ? await db.chatMessage.findFirst({ where: { id: input.messageId, session: { userId: caller.userId } }, select: { id: true, actions: true } })
    : null;
  if (input.messageId && !stored) throw notFound(ACTION_NOT_FOUND);
  const cards = (stored?.actions ?? []) as unknown as ActionCard[];
  const existing = stored ? cards.find((c) => c.id === input.actionId && c.tool === input.tool) : undefined;
  if (stored && !existing) throw notFound(ACTION_NOT_FOUND);
  if (existing && existing.status !== "proposed") return { action: existing };

  const base: ActionCard = existing ?? { id: input.actionId, tool: input.tool, title: "", fields: [], draft: {}, status: "proposed" };
  const draft = { ...base.draft, ...input.draft };
  let action: ActionCard;
  if (input.decision === "cancel") {
    action = { ...base, draft, status: "cancelled", result: "Cancelled: nothing was changed." };
  } else {
    const result = await executeAction(caller, client, input.tool, draft);
    action = { ...base, draft, status: "done", result };
  }
  if (stored) {
    await db.chatMessage.update({
      where: { id: stored.id },
      data: { actions: cards.map((c) => (c.id === action.id ? action : c)) as unknown as Prisma.InputJsonValue },
    });
  }
  if (action.status === "done") {
    const prefs = await getChatPreferences(caller);
    if (prefs.allowAnalytics) await recordChatUsage(caller.userId, "actionsConfirmed").catch(() => {});
  }
  return { action };
}
