import { z } from "zod";
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
  name: z.string().max(300),
  size: z.number().int().min(0),
  type: z.string().max(200),
  url: z.string().max(500),
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
export interface ActionField {
  name: string;
  label: string;
  kind: "text" | "textarea" | "date" | "select" | "readonly";
  options?: Array<{ value: string; label: string }>;
  required?: boolean;
}

export const WRITE_TOOLS = ["createTask", "updateTask", "addChecklistItem", "claimTask", "punchIn", "punchOut", "clockIntoTask", "startProcess"] as const;
export type WriteTool = (typeof WRITE_TOOLS)[number];

/** A proposed write: nothing changes until the user confirms it. */
export interface ActionCard {
  id: string;
  tool: WriteTool;
  title: string;
  fields: ActionField[];
  /** The values the fields show and edit (ids already resolved); sent back on Confirm. */
  draft: Record<string, string>;
  status: "proposed" | "done" | "cancelled" | "failed";
  /** After Confirm: what happened (markdown), e.g. a link to the created task. */
  result?: string;
}

/** POST /api/agent/chat/actions: the user's Confirm or Cancel of a card. */
export const actionDecisionSchema = z.object({
  actionId: z.string().min(1).max(100),
  tool: z.enum(WRITE_TOOLS, { error: "tool is not an action the assistant can take" }),
  draft: z.record(z.string().max(100), z.string().max(20_000)).default({}),
  decision: z.enum(["confirm", "cancel"]).default("confirm"),
  sessionId: uuid("session").nullish(),
  messageId: uuid("message").nullish(),
});
export type ActionDecision = z.input<typeof actionDecisionSchema>;

export interface ChatReply {
  response: string;
  sessionId: string;
  /** Whether this conversation is stored (saveHistory); false: the id lives only in the dialog. */
  saved: boolean;
  messageId: string | null;
  actions: ActionCard[];
  mode: "model" | "structured";
}

export interface ActionResult {
  action: ActionCard;
}

/** Spec §3 chat message (plus the assistant's action cards). */
export interface ChatMessageDto {
  id: string;
  content: string;
  role: "user" | "assistant";
  timestamp: string;
  attachments: ChatAttachmentRef[];
  actions: ActionCard[];
}

export interface ChatSessionSummary {
  id: string;
  title: string;
  updatedAt: string;
}

export interface ChatSessionDetail extends ChatSessionSummary {
  messages: ChatMessageDto[];
}

export interface AssistantStatus {
  mode: "model" | "structured";
  quickActions: Array<{ id: QuickAction; label: string }>;
}

/** Spec §3: saveHistory (default true), allowAnalytics (default true), allowTraining (default false). */
export interface ChatPreferencesDto {
  saveHistory: boolean;
  allowAnalytics: boolean;
  allowTraining: boolean;
}

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
