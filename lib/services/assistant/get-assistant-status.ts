import "server-only";
import { quickActionLabel, quickActionsFor } from "@/lib/services/assistant/engine";
import { getAssistantProvider } from "@/lib/services/assistant/provider";
import type { Caller } from "@/lib/auth/resolve-caller";
import type { AssistantStatus } from "@/lib/validations/assistant";

/** GET /api/agent/chat/status: model or structured mode and the caller's quick actions (never a setting or key). */
export function getAssistantStatus(caller: Caller): AssistantStatus {
  return {
    mode: getAssistantProvider() ? "model" : "structured",
    quickActions: quickActionsFor(caller).map((id) => ({ id, label: quickActionLabel(id) })),
  };
}
