import "server-only";
import { randomUUID } from "node:crypto";
import { getAssistantProvider } from "@/lib/services/assistant/provider";
import { quickActionLabel, quickActionsFor, runModel, runQuickAction, structuredModeReply, type AttachmentForModel, type EngineResult } from "@/lib/services/assistant/engine";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { forbidden, notFound } from "@/lib/http/app-error";
import { consumeRateLimits } from "@/lib/services/auth/rate-limit";
import type { RequestClient } from "@/lib/services/punch/origin";
import { getStorage } from "@/lib/storage";
import type { ChatAttachmentRef, ChatReply, ChatRequestInput } from "@/lib/validations/assistant";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isImageType } from "@/lib/assistant/attachment-policy";
import { getChatPreferences } from "./preferences";
import { recordChatUsage } from "./record-usage";
import { attachmentUrl, readBytes } from "./upload-chat-attachment";

export const CHAT_RATE_LIMIT = 20;
export const CHAT_RATE_MESSAGE = `Rate limit reached: you can send ${CHAT_RATE_LIMIT} messages a minute. Please wait a moment and try again.`;
export const SESSION_NOT_FOUND = "Conversation not found";
export const ATTACHMENT_NOT_FOUND = "Attachment not found";

/**
 * POST /api/agent/chat. Rate-limited per member; answers with a model when one is configured
 * (tools acting as the caller, writes only proposed), else in structured mode (quick actions,
 * an honest reply to free text). With saveHistory the turn is stored in ChatSession/ChatMessage;
 * without it nothing of the conversation outlives the request (the files it used are deleted).
 */
export async function sendChatMessage(caller: Caller, input: ChatRequestInput, client: RequestClient, now = new Date()): Promise<ChatReply> {
  await consumeRateLimits([{ bucket: "assistant-chat", key: caller.userId, limit: CHAT_RATE_LIMIT, windowMs: 60_000 }], () => CHAT_RATE_MESSAGE);
  if (input.quickAction && !quickActionsFor(caller).includes(input.quickAction)) throw forbidden("Access denied");

  const [prefs, existing, files] = await Promise.all([
    getChatPreferences(caller),
    input.sessionId ? db.chatSession.findUnique({ where: { id: input.sessionId }, select: { userId: true } }) : null,
    input.attachments.length
      ? db.chatAttachment.findMany({ where: { id: { in: input.attachments }, userId: caller.userId }, select: { id: true, fileName: true, mimeType: true, sizeBytes: true, storageKey: true, extractedText: true } })
      : [],
  ]);
  // Another member's conversation is a 404, never a hint that it exists.
  if (existing && existing.userId !== caller.userId) throw notFound(SESSION_NOT_FOUND);
  if (files.length !== new Set(input.attachments).size) throw notFound(ATTACHMENT_NOT_FOUND);
  const sessionId = input.sessionId ?? randomUUID();

  const provider = getAssistantProvider();
  const ctx = { caller, client, now };
  let result: EngineResult;
  if (input.quickAction) {
    result = await runQuickAction(ctx, input.quickAction);
  } else if (provider) {
    const storage = getStorage();
    const forModel: AttachmentForModel[] = await Promise.all(
      files.map(async (f) => ({
        name: f.fileName,
        contentType: f.mimeType,
        text: f.extractedText,
        image: provider.vision && isImageType(f.mimeType) ? ((await readBytes(storage, f.storageKey)) ?? undefined) : undefined,
      })),
    );
    result = await runModel(ctx, provider, input.message, input.conversationHistory, forModel);
  } else {
    result = { text: structuredModeReply(caller), actions: [] };
  }

  const userText = input.quickAction ? quickActionLabel(input.quickAction) : input.message.trim();
  const attachments: ChatAttachmentRef[] = files.map((f) => ({ id: f.id, name: f.fileName, size: f.sizeBytes, type: f.mimeType, url: attachmentUrl(f.id) }));
  let messageId: string | null = null;
  if (prefs.saveHistory) {
    messageId = await db.$transaction(async (tx) => {
      await tx.chatSession.upsert({
        where: { id: sessionId },
        create: { id: sessionId, userId: caller.userId, title: titleFrom(userText, attachments) },
        update: { updatedAt: now },
      });
      await tx.chatMessage.create({ data: { sessionId, role: "user", content: userText, attachments: attachments as unknown as Prisma.InputJsonValue, createdAt: now } });
      const reply = await tx.chatMessage.create({
        data: { sessionId, role: "assistant", content: result.text, actions: result.actions as unknown as Prisma.InputJsonValue, createdAt: new Date(now.getTime() + 1) },
        select: { id: true },
      });
      return reply.id;
    });
  } else if (files.length) {
    await db.chatAttachment.deleteMany({ where: { id: { in: files.map((f) => f.id) }, userId: caller.userId } });
    await getStorage().delete(files.map((f) => f.storageKey)).catch(() => {});
  }
  if (prefs.allowAnalytics) await recordChatUsage(caller.userId, input.quickAction ? "quickActions" : "messages", now).catch(() => {});

  return { response: result.text, sessionId, saved: prefs.saveHistory, messageId, actions: result.actions, mode: provider ? "model" : "structured" };
}

function titleFrom(text: string, attachments: ChatAttachmentRef[]): string {
  const base = text.replace(/\s+/g, " ").trim() || attachments[0]?.name || "New conversation";
  return base.length > 80 ? `${base.slice(0, 79)}…` : base;
}

