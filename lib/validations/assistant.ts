import { z } from "zod";
import { isoDateTime } from "./common";
import { UUID_PATTERN } from "./ids";
import { multilineText, text } from "./text";

/**
 * The AI assistant's contracts (spec §3, §5, §7; docs/assistant.md). Shared by the route
 * handlers and the chat screens: the client's types come from here.
 */

export const CHAT_MESSAGE_MAX = 8000;
export const CHAT_HISTORY_MAX_ITEMS = 40;
export const CHAT_ATTACHMENTS_MAX = 5;
export const EMPTY_MESSAGE = "Type a message or attach a file";

const uuid = (what: string) => z.string({ error: `${what} is required` }).regex(UUID_PATTERN, `must be a valid ${what}`);

/** Spec §3: id, name, size, type, url. */
export const chatAttachmentSchema = z.object({
  id: uuid("attachment"),
  name: text().max(300),
  size: z.number().int().min(0),
  type: text().max(200),
  url: text().max(500),
});
export type ChatAttachmentRef = z.infer<typeof chatAttachmentSchema>;

/** The quick actions of structured mode: each runs the same tool code a model would. */
export const QUICK_ACTIONS = ["tasks-due-today", "hours-this-week", "punch-status", "create-task", "on-the-clock"] as const;
export type QuickAction = (typeof QUICK_ACTIONS)[number];
export const QUICK_ACTION_LABELS: Record<QuickAction, string> = {
  "tasks-due-today": "My tasks due today",
  "hours-this-week": "Hours this week",
  "punch-status": "Punch status",
  "create-task": "Create a task…",
  "on-the-clock": "Who's on the clock",
};

const historyItemSchema = z.object({
  role: z.enum(["user", "assistant"]),
  content: multilineText().max(CHAT_MESSAGE_MAX * 4),
});

/** POST /api/agent/chat: message, conversationHistory, sessionId, attachments (spec §7), or a quick action. */
export const chatRequestSchema = z
  .object({
    message: multilineText({ error: "message must be text" }).max(CHAT_MESSAGE_MAX, `message must be at most ${CHAT_MESSAGE_MAX} characters`).default(""),
    conversationHistory: z.array(historyItemSchema).max(200).default([]),
    sessionId: z.preprocess((v) => (v === "" ? null : v), uuid("session").nullish()),
    attachments: z
      .array(z.union([uuid("attachment"), chatAttachmentSchema.transform((a) => a.id)]))
      .max(CHAT_ATTACHMENTS_MAX, `At most ${CHAT_ATTACHMENTS_MAX} files can be attached to a message`)
      .default([]),
    quickAction: z.enum(QUICK_ACTIONS).optional(),
  })
  .superRefine((value, ctx) => {
    // Spec §5: empty text without files cannot be sent.
    if (!value.quickAction && value.message.trim() === "" && value.attachments.length === 0) {
      ctx.addIssue({ code: "custom", path: ["message"], message: EMPTY_MESSAGE });
    }
  });
export type ChatRequest = z.input<typeof chatRequestSchema>;
export type ChatRequestInput = z.output<typeof chatRequestSchema>;

/** One editable or read-only line of an action card. */
export const actionFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  kind: z.enum(["text", "textarea", "date", "select", "readonly"]),
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  required: z.boolean().optional(),
});
export type ActionField = z.infer<typeof actionFieldSchema>;

export const WRITE_TOOLS = ["createTask", "updateTask", "addChecklistItem", "claimTask", "punchIn", "punchOut", "clockIntoTask", "startProcess"] as const;
export type WriteTool = (typeof WRITE_TOOLS)[number];

/** A proposed write: nothing changes until the user confirms it. */
export const actionCardSchema = z.object({
  id: z.string(),
  tool: z.enum(WRITE_TOOLS),
  title: z.string(),
  fields: z.array(actionFieldSchema),
  /** The values the fields show and edit (ids already resolved); sent back on Confirm. */
  draft: z.record(z.string(), z.string()),
  status: z.enum(["proposed", "done", "cancelled", "failed"]),
  /** After Confirm: what happened (markdown), e.g. a link to the created task. */
  result: z.string().optional(),
});
export type ActionCard = z.infer<typeof actionCardSchema>;

/** POST /api/agent/chat/actions: the user's Confirm or Cancel of a card. */
export const actionDecisionSchema = z.object({
  actionId: text().min(1).max(100),
  tool: z.enum(WRITE_TOOLS, { error: "tool is not an action the assistant can take" }),
  draft: z.record(text().max(100), multilineText().max(20_000)).default({}),
  decision: z.enum(["confirm", "cancel"]).default("confirm"),
  sessionId: uuid("session").nullish(),
  messageId: uuid("message").nullish(),
});
export type ActionDecision = z.input<typeof actionDecisionSchema>;

const assistantMode = z.enum(["model", "structured"]);

export const chatReplySchema = z.object({
  response: z.string(),
  sessionId: z.string(),
  /** Whether this conversation is stored (saveHistory); false: the id lives only in the dialog. */
  saved: z.boolean(),
  messageId: z.string().nullable(),
  actions: z.array(actionCardSchema),
  mode: assistantMode,
});
export type ChatReply = z.infer<typeof chatReplySchema>;

export const actionResultSchema = z.object({ action: actionCardSchema });
export type ActionResult = z.infer<typeof actionResultSchema>;

/** Spec §3 chat message (plus the assistant's action cards). */
export const chatMessageSchema = z.object({
  id: z.string(),
  content: z.string(),
  role: z.enum(["user", "assistant"]),
  timestamp: isoDateTime,
  attachments: z.array(chatAttachmentSchema),
  actions: z.array(actionCardSchema),
});
export type ChatMessageDto = z.infer<typeof chatMessageSchema>;

export const chatSessionSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  updatedAt: isoDateTime,
});
export type ChatSessionSummary = z.infer<typeof chatSessionSummarySchema>;

export const chatSessionListSchema = z.object({
  items: z.array(chatSessionSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type ChatSessionList = z.infer<typeof chatSessionListSchema>;

/** At most the newest 500 messages, oldest first. */
export const chatSessionDetailSchema = chatSessionSummarySchema.extend({ messages: z.array(chatMessageSchema) });
export type ChatSessionDetail = z.infer<typeof chatSessionDetailSchema>;

export const assistantStatusSchema = z.object({
  mode: assistantMode,
  quickActions: z.array(z.object({ id: z.enum(QUICK_ACTIONS), label: z.string() })),
});
export type AssistantStatus = z.infer<typeof assistantStatusSchema>;

/** Spec §3: saveHistory (default true), allowAnalytics (default true), allowTraining (default false). */
export const chatPreferencesSchema = z.object({
  saveHistory: z.boolean(),
  allowAnalytics: z.boolean(),
  allowTraining: z.boolean(),
});
export type ChatPreferencesDto = z.infer<typeof chatPreferencesSchema>;

export const updateChatPreferencesSchema = z
  .object({
    saveHistory: z.boolean({ error: "saveHistory must be true or false" }).optional(),
    allowAnalytics: z.boolean({ error: "allowAnalytics must be true or false" }).optional(),
    allowTraining: z.boolean({ error: "allowTraining must be true or false" }).optional(),
  })
  .strict()
  .refine((v) => v.saveHistory !== undefined || v.allowAnalytics !== undefined || v.allowTraining !== undefined, {
    message: "saveHistory, allowAnalytics or allowTraining is required",
  });

export const renameChatSessionSchema = z.object({
  title: text({ error: "title is required" }).trim().min(1, "title is required").max(120, "title must be at most 120 characters"),
});

export const listChatSessionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(30),
});

/** POST /api/test-hooks/assistant (tests only): only a stub on this machine, so the hook can never send a member's words elsewhere. */
const loopbackUrl = z
  .string()
  .url()
  .refine((value) => ["127.0.0.1", "localhost", "[::1]"].includes(new URL(value).hostname), "must be a loopback address");
export const assistantStubHookSchema = z.object({ baseUrl: loopbackUrl.nullable().optional() }).strict();
