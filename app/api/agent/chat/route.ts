import * as op from "@/lib/assistant/contracts";
import { getClientInfo } from "@/lib/auth/client-info";
import { route } from "@/lib/http/route";
import { sendChatMessage } from "@/lib/services/assistant/send-chat-message";

/** Spec §7: message, conversationHistory, sessionId, attachments -> response and sessionId (20 a minute a member). */
export const POST = route(op.sendChatMessage, async ({ req, caller, body }) => sendChatMessage(caller, body, getClientInfo(req)));
