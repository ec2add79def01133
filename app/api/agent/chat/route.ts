import { getClientInfo } from "@/lib/auth/client-info";
import { route } from "@/lib/http/route";
import { sendChatMessage } from "@/lib/services/assistant/send-chat-message";
import { chatRequestSchema } from "@/lib/validations/assistant";

/** Spec §7: message, conversationHistory, sessionId, attachments -> response and sessionId (20 a minute a member). */
export const POST = route(async ({ req, caller, body }) => sendChatMessage(caller, await body(chatRequestSchema), getClientInfo(req)), { permission: "assistant.use" });
