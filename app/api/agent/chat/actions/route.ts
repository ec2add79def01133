import * as op from "@/lib/assistant/contracts";
import { getClientInfo } from "@/lib/auth/client-info";
import { route } from "@/lib/http/route";
import { decideAction } from "@/lib/services/assistant/decide-action";

/** Confirm or cancel an action card; a confirmed write runs through the screens' own service. */
export const POST = route(op.decideChatAction, async ({ req, caller, body }) => decideAction(caller, body, getClientInfo(req)));
