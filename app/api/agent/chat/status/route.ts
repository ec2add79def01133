import { route } from "@/lib/http/route";
import { getAssistantStatus } from "@/lib/services/assistant/get-assistant-status";

/** Model or structured mode, and the caller's quick actions. */
export const GET = route(async ({ caller }) => getAssistantStatus(caller), { permission: "assistant.use" });
