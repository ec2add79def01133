import { route } from "@/lib/http/route";
import { listChatSessions } from "@/lib/services/assistant/sessions";
import { listChatSessionsQuerySchema } from "@/lib/validations/assistant";

/** The caller's own discussions, latest first, paginated. */
export const GET = route(async ({ caller, query }) => listChatSessions(caller, query(listChatSessionsQuerySchema)), { permission: "assistant.use" });
