import * as op from "@/lib/assistant/contracts";
import { route } from "@/lib/http/route";
import { listChatSessions } from "@/lib/services/assistant/list-chat-sessions";

/** The caller's own discussions, latest first, paginated. */
export const GET = route(op.listChatSessions, async ({ caller, query }) => listChatSessions(caller, query));
