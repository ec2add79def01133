import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "@/lib/api-client";
import type * as op from "@/lib/webhooks/contracts";
import type { CreateWebhookBody, RotateWebhookSecretBody } from "@/lib/validations/webhooks";

export const WEBHOOKS_PATH = "/api/admin/webhooks";

type Answer<O extends { response: z.ZodType }> = z.output<O["response"]>;
export type WebhookList = Answer<typeof op.listWebhooks>;
export type WebhookWithSecret = Answer<typeof op.createWebhook>;
export type WebhookDeliveryList = Answer<typeof op.listWebhookDeliveries>;
export type Webhook = WebhookList["items"][number];
export type WebhookDelivery = WebhookDeliveryList["items"][number];

export const useWebhooks = () => useQuery<WebhookList>({ queryKey: [WEBHOOKS_PATH] });

export function useWebhookDeliveries(id: string | null, page: number) {
  return useQuery<WebhookDeliveryList>({ queryKey: [`${WEBHOOKS_PATH}/${id}/deliveries`, { page }], enabled: id !== null, placeholderData: keepPreviousData });
}

function useWebhookMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(WEBHOOKS_PATH) }) });
}

export const useCreateWebhook = () => useWebhookMutation((body: CreateWebhookBody) => apiRequest<WebhookWithSecret>("POST", WEBHOOKS_PATH, body));
export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, ...body }: { id: string; isActive?: boolean; url?: string; eventTypes?: string[]; description?: string }) => apiRequest<Webhook>("PATCH", `${WEBHOOKS_PATH}/${id}`, body));
export const useRotateWebhookSecret = () =>
  useWebhookMutation(({ id, ...body }: RotateWebhookSecretBody & { id: string }) => apiRequest<WebhookWithSecret>("POST", `${WEBHOOKS_PATH}/${id}/rotate`, body));
export const useDeleteWebhook = () => useWebhookMutation((id: string) => apiRequest<Webhook>("DELETE", `${WEBHOOKS_PATH}/${id}`));
export const useResendWebhookDelivery = () => useWebhookMutation((id: string) => apiRequest<WebhookDelivery>("POST", `${WEBHOOKS_PATH}/deliveries/${id}/resend`));
