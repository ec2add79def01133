import { route } from "@/lib/http/route";
import { getChatPreferences, updateChatPreferences } from "@/lib/services/assistant/preferences";
import { updateChatPreferencesSchema } from "@/lib/validations/assistant";

/** Spec §3/§7: saveHistory (default true), allowAnalytics (default true), allowTraining (default false). */
export const GET = route(async ({ caller }) => getChatPreferences(caller), { permission: "assistant.use" });
export const PUT = route(async ({ caller, body }) => updateChatPreferences(caller, await body(updateChatPreferencesSchema)), { permission: "assistant.use" });
