import { route } from "@/lib/http/route";
import { deleteChatSession, getChatSession, renameChatSession } from "@/lib/services/assistant/sessions";
import { renameChatSessionSchema } from "@/lib/validations/assistant";

/** One of the caller's discussions (another member's: 404): read, rename, delete. */
export const GET = route(async ({ caller, params }) => getChatSession(caller, String(params.id)), { permission: "assistant.use" });
export const PATCH = route(async ({ caller, params, body }) => renameChatSession(caller, String(params.id), (await body(renameChatSessionSchema)).title), { permission: "assistant.use" });
export const DELETE = route(async ({ caller, params }) => deleteChatSession(caller, String(params.id)), { permission: "assistant.use" });
