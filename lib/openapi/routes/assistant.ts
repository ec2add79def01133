import { op, type RouteDoc } from "../describe";
import { actionDecisionSchema, chatRequestSchema, listChatSessionsQuerySchema, renameChatSessionSchema, updateChatPreferencesSchema } from "@/lib/validations/assistant";
import * as agentChat from "@/app/api/agent/chat/route";
import * as agentChatActions from "@/app/api/agent/chat/actions/route";
import * as agentChatAttachmentsId from "@/app/api/agent/chat/attachments/[id]/route";
import * as agentChatPreferences from "@/app/api/agent/chat/preferences/route";
import * as agentChatSessions from "@/app/api/agent/chat/sessions/route";
import * as agentChatSessionsId from "@/app/api/agent/chat/sessions/[id]/route";
import * as agentChatStatus from "@/app/api/agent/chat/status/route";
import * as agentChatUpload from "@/app/api/agent/chat/upload/route";
import * as testHooksAssistant from "@/app/api/test-hooks/assistant/route";

export const assistantDocs = (): RouteDoc[] => [
  op("POST /api/agent/chat", agentChat.POST, "Send a message to the assistant", { body: chatRequestSchema }),
  op("POST /api/agent/chat/actions", agentChatActions.POST, "Confirm or cancel an action the assistant proposed", { body: actionDecisionSchema }),
  op("GET /api/agent/chat/attachments/[id]", agentChatAttachmentsId.GET, "Download one's own chat attachment", { produces: "application/octet-stream" }),
  op("GET /api/agent/chat/preferences", agentChatPreferences.GET, "One's assistant preferences"),
  op("PUT /api/agent/chat/preferences", agentChatPreferences.PUT, "Change one's assistant preferences", { body: updateChatPreferencesSchema }),
  op("GET /api/agent/chat/sessions", agentChatSessions.GET, "One's discussions with the assistant", { query: listChatSessionsQuerySchema }),
  op("DELETE /api/agent/chat/sessions/[id]", agentChatSessionsId.DELETE, "Delete a discussion"),
  op("GET /api/agent/chat/sessions/[id]", agentChatSessionsId.GET, "One discussion with its messages"),
  op("PATCH /api/agent/chat/sessions/[id]", agentChatSessionsId.PATCH, "Rename a discussion", { body: renameChatSessionSchema }),
  op("GET /api/agent/chat/status", agentChatStatus.GET, "Whether a model is configured, and the quick actions"),
  op("POST /api/agent/chat/upload", agentChatUpload.POST, "Upload a chat attachment", { multipart: true, status: 201 }),
  op("POST /api/test-hooks/assistant", testHooksAssistant.POST, "Point the assistant at a stub provider (tests only)", { internal: "enabled only where ENABLE_TEST_HOOKS allows it" }),
];
