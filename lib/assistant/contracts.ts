/**
 * The assistant's API operations (lib/http/operation.ts): the chat, its discussions, preferences,
 * action cards and files. One descriptor each, read by the handlers in app/api/agent/chat, the
 * OpenAPI document and the tests.
 */
import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { CHAT_FILE_TYPES, chatAttachmentPolicy, chatUploadBodyLimit } from "./attachment-policy";
import { okSchema } from "@/lib/validations/common";
import {
  actionDecisionSchema,
  actionResultSchema,
  assistantStatusSchema,
  chatAttachmentSchema,
  chatPreferencesSchema,
  chatReplySchema,
  chatRequestSchema,
  chatSessionDetailSchema,
  chatSessionListSchema,
  chatSessionSummarySchema,
  listChatSessionsQuerySchema,
  renameChatSessionSchema,
  updateChatPreferencesSchema,
} from "@/lib/validations/assistant";

export const sendChatMessage = defineOperation({
  method: "POST",
  path: "/api/agent/chat",
  summary: "Send a message to the assistant",
  description:
    "message, conversationHistory, sessionId, attachments (or a quick action) -> the reply, its sessionId and any proposed action cards. At most 20 messages a minute a member.",
  access: { permission: "assistant.use" },
  body: chatRequestSchema,
  response: chatReplySchema,
  errors: { 503: "The AI provider is unavailable, rate-limited or refused the key", 504: "The AI provider did not answer in time" },
});

export const decideChatAction = defineOperation({
  method: "POST",
  path: "/api/agent/chat/actions",
  summary: "Confirm or cancel an action the assistant proposed",
  description: "A confirmed write runs through the screens' own service (same validation, permissions and errors); a card already done answers with its result again.",
  access: { permission: "assistant.use" },
  body: actionDecisionSchema,
  response: actionResultSchema,
  errors: { 409: "The write conflicts (e.g. already punched in, a scheduling conflict, the task already claimed)" },
});

export const uploadChatAttachment = defineOperation({
  method: "POST",
  path: "/api/agent/chat/upload",
  summary: "Upload a chat attachment",
  description: "One multipart `file` (images, PDF, doc, docx, txt; 10MB; typed by content) -> its id and url.",
  access: { permission: "assistant.use", ...chatUploadBodyLimit },
  multipart: { files: { file: { description: "The file", required: true } }, policy: chatAttachmentPolicy },
  response: chatAttachmentSchema,
  status: 201,
  errors: { 413: "The file is over 10MB", 415: "The file's content is not an accepted type" },
});

export const downloadChatAttachment = defineOperation({
  method: "GET",
  path: "/api/agent/chat/attachments/[id]",
  summary: "Download one's own chat attachment",
  description: "The uploader only (anyone else, admins included, gets 404); images inline, the rest downloaded.",
  access: { permission: "assistant.use" },
  produces: CHAT_FILE_TYPES,
});

export const getChatPreferences = defineOperation({
  method: "GET",
  path: "/api/agent/chat/preferences",
  summary: "One's assistant preferences",
  access: { permission: "assistant.use" },
  response: chatPreferencesSchema,
});

export const updateChatPreferences = defineOperation({
  method: "PUT",
  path: "/api/agent/chat/preferences",
  summary: "Change one's assistant preferences",
  access: { permission: "assistant.use" },
  body: updateChatPreferencesSchema,
  response: chatPreferencesSchema,
});

export const listChatSessions = defineOperation({
  method: "GET",
  path: "/api/agent/chat/sessions",
  summary: "One's discussions with the assistant",
  description: "Latest first, paginated.",
  access: { permission: "assistant.use" },
  query: listChatSessionsQuerySchema,
  response: chatSessionListSchema,
});

export const getChatSession = defineOperation({
  method: "GET",
  path: "/api/agent/chat/sessions/[id]",
  summary: "One discussion with its messages",
  description: "Another member's discussion is a 404.",
  access: { permission: "assistant.use" },
  response: chatSessionDetailSchema,
});

export const renameChatSession = defineOperation({
  method: "PATCH",
  path: "/api/agent/chat/sessions/[id]",
  summary: "Rename a discussion",
  access: { permission: "assistant.use" },
  body: renameChatSessionSchema,
  response: chatSessionSummarySchema,
});

export const deleteChatSession = defineOperation({
  method: "DELETE",
  path: "/api/agent/chat/sessions/[id]",
  summary: "Delete a discussion",
  description: "Its messages and the files they carried go with it.",
  access: { permission: "assistant.use" },
  response: okSchema,
});

export const getAssistantStatus = defineOperation({
  method: "GET",
  path: "/api/agent/chat/status",
  summary: "Whether a model is configured, and the quick actions",
  description: "Model or structured mode and the caller's quick actions (never a setting or key).",
  access: { permission: "assistant.use" },
  response: assistantStatusSchema,
});

export const setAssistantStub = defineOperation({
  method: "POST",
  path: "/api/test-hooks/assistant",
  summary: "Point the assistant at a stub provider (tests only)",
  description:
    "Body `{ baseUrl }`: a loopback OpenAI-compatible stub, or `null` for the server's own settings; without it only the mode is reported. The handler parses the body itself, after the test-hooks check (404 first when disabled).",
  access: { permission: "jobs.run" },
  response: z.object({ mode: z.enum(["model", "structured"]) }),
  internal: "enabled only where ENABLE_TEST_HOOKS allows it",
});
