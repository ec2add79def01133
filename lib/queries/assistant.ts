import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, apiUpload } from "@/lib/api-client";
import type {
  ActionDecision,
  ActionResult,
  AssistantStatus,
  ChatAttachmentRef,
  ChatPreferencesDto,
  ChatReply,
  ChatRequest,
  ChatSessionDetail,
  ChatSessionList,
  ChatSessionSummary,
} from "@/lib/validations/assistant";
import { invalidateTaskQueries } from "./tasks";

export const CHAT_PATH = "/api/agent/chat";
export const CHAT_SESSIONS_PATH = "/api/agent/chat/sessions";
export const CHAT_PREFERENCES_PATH = "/api/agent/chat/preferences";
export const CHAT_STATUS_PATH = "/api/agent/chat/status";

export function useAssistantStatus() {
  return useQuery<AssistantStatus>({ queryKey: [CHAT_STATUS_PATH] });
}

export function useChatSessions(page = 1) {
  return useQuery<ChatSessionList>({ queryKey: [CHAT_SESSIONS_PATH, { page }], placeholderData: keepPreviousData });
}

export function useChatSession(id: string | null, initial?: ChatSessionDetail) {
  return useQuery<ChatSessionDetail>({ queryKey: [CHAT_SESSIONS_PATH, id ?? ""], enabled: Boolean(id), initialData: initial });
}

export function useChatPreferences() {
  return useQuery<ChatPreferencesDto>({ queryKey: [CHAT_PREFERENCES_PATH] });
}

export function useUpdateChatPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<ChatPreferencesDto>) => apiRequest<ChatPreferencesDto>("PUT", CHAT_PREFERENCES_PATH, body),
    onSuccess: (prefs) => queryClient.setQueryData([CHAT_PREFERENCES_PATH], prefs),
  });
}

export function useSendChatMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChatRequest) => apiRequest<ChatReply>("POST", CHAT_PATH, body),
    onSuccess: (reply) => {
      if (reply.saved) void queryClient.invalidateQueries({ queryKey: [CHAT_SESSIONS_PATH] });
    },
  });
}

/** Uploads one file with progress; a failure rejects (the message is then not sent). */
export function uploadChatFile(file: File, onProgress: (fraction: number) => void): Promise<ChatAttachmentRef> {
  const form = new FormData();
  form.append("file", file, file.name);
  return apiUpload<ChatAttachmentRef>("POST", `${CHAT_PATH}/upload`, form, onProgress);
}

export function useDecideAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ActionDecision) => apiRequest<ActionResult>("POST", `${CHAT_PATH}/actions`, body),
    // A confirmed action may have changed tasks, punches or runs: what the screens show is refreshed.
    onSuccess: async (result) => {
      if (result.action.status !== "done") return;
      await Promise.all([invalidateTaskQueries(queryClient), queryClient.invalidateQueries({ queryKey: ["/api/auth/punch/status"] })]);
    },
  });
}

export function useRenameChatSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => apiRequest<ChatSessionSummary>("PATCH", `${CHAT_SESSIONS_PATH}/${id}`, { title }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CHAT_SESSIONS_PATH] }),
  });
}

export function useDeleteChatSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ ok: true }>("DELETE", `${CHAT_SESSIONS_PATH}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CHAT_SESSIONS_PATH] }),
  });
}
