import * as op from "@/lib/assistant/contracts";
import { route } from "@/lib/http/route";
import { getAssistantStatus } from "@/lib/services/assistant/get-assistant-status";

/** Model or structured mode, and the caller's quick actions. */
export const GET = route(op.getAssistantStatus, async ({ caller }) => getAssistantStatus(caller));
