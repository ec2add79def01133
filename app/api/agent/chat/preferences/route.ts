import * as op from "@/lib/assistant/contracts";
import { route } from "@/lib/http/route";
import { getChatPreferences, updateChatPreferences } from "@/lib/services/assistant/preferences";

/** Spec §3/§7: saveHistory (default true), allowAnalytics (default true), allowTraining (default false). */
export const GET = route(op.getChatPreferences, async ({ caller }) => getChatPreferences(caller));
export const PUT = route(op.updateChatPreferences, async ({ caller, body }) => updateChatPreferences(caller, body));
