import { getClientInfo } from "@/lib/auth/client-info";
import { route } from "@/lib/http/route";
import { decideAction } from "@/lib/services/assistant/decide-action";
import { actionDecisionSchema } from "@/lib/validations/assistant";

/** Confirm or cancel an action card; a confirmed write runs through the screens' own service. */
export const POST = route(async ({ req, caller, body }) => decideAction(caller, await body(actionDecisionSchema), getClientInfo(req)), { permission: "assistant.use" });
