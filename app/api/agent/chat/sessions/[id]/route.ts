import * as op from "@/lib/assistant/contracts";
import { route } from "@/lib/http/route";
import { deleteChatSession } from "@/lib/services/assistant/delete-chat-session";
import { getChatSession } from "@/lib/services/assistant/get-chat-session";
import { renameChatSession } from "@/lib/services/assistant/rename-chat-session";

/** One of the caller's discussions (another member's: 404): read, rename, delete. */
export const GET = route(op.getChatSession, async ({ caller, params }) => getChatSession(caller, String(params.id)));
export const PATCH = route(op.renameChatSession, async ({ caller, params, body }) => renameChatSession(caller, String(params.id), body.title));
export const DELETE = route(op.deleteChatSession, async ({ caller, params }) => deleteChatSession(caller, String(params.id)));
