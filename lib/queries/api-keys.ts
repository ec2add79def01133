import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { ApiKeyList, ApiKeyView, ApiKeyWithSecret, CreateApiKeyBody, RotateApiKeyBody, UpdateApiKeyBody } from "@/lib/validations/api-keys";

export const API_KEYS_PATH = "/api/admin/api-keys";

export function useApiKeys(page: number) {
  return useQuery<ApiKeyList>({ queryKey: [API_KEYS_PATH, { page }], placeholderData: keepPreviousData });
}

function useKeyMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: [API_KEYS_PATH] }) });
}

export const useCreateApiKey = () => useKeyMutation((body: CreateApiKeyBody) => apiRequest<ApiKeyWithSecret>("POST", API_KEYS_PATH, body));
export const useUpdateApiKey = () =>
  useKeyMutation(({ id, ...body }: UpdateApiKeyBody & { id: string }) => apiRequest<ApiKeyView>("PATCH", `${API_KEYS_PATH}/${id}`, body));
export const useRotateApiKey = () =>
  useKeyMutation(({ id, ...body }: RotateApiKeyBody & { id: string }) => apiRequest<ApiKeyWithSecret>("POST", `${API_KEYS_PATH}/${id}/rotate`, body));
export const useRevokeApiKey = () => useKeyMutation((id: string) => apiRequest<ApiKeyView>("DELETE", `${API_KEYS_PATH}/${id}`));
