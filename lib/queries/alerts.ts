import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { PUNCH_STATUS_POLL_MS, PUNCH_STATUS_STALE_MS } from "@/lib/constants";
import type {
  AdminAlertsDto,
  AlertRuleDto,
  AlertRuleInput,
  AlertRuleList,
  AlertRulePreview,
  MyAlertsDto,
  UpdateAlertRuleInput,
} from "@/lib/validations/alerts";

/** Alerts paths (docs/alerts.md). */
export const ALERTS_PATH = "/api/alerts";
export const ALERT_RULES_PATH = "/api/alerts/rules";
export const ADMIN_ALERTS_PATH = "/api/admin/alerts";

export const MY_ALERTS_KEY = [ALERTS_PATH, { limit: 20 }] as const;

/**
 * The bell: polled at the punch status's rhythm (every 5 s, refetched on window focus), the
 * one other query that differs from the app-wide cache policy (docs/alerts.md).
 */
export function useMyAlerts() {
  return useQuery<MyAlertsDto>({
    queryKey: MY_ALERTS_KEY,
    refetchInterval: PUNCH_STATUS_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: PUNCH_STATUS_STALE_MS,
  });
}

function useAlertsMutation<Vars, Result = unknown>(fn: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [ALERTS_PATH] }),
        queryClient.invalidateQueries({ queryKey: [ADMIN_ALERTS_PATH] }),
        queryClient.invalidateQueries({ queryKey: [ALERT_RULES_PATH] }),
      ]),
  });
}

export const useAcknowledgeAlert = () => useAlertsMutation((id: string) => apiRequest("POST", `${ALERTS_PATH}/${encodeURIComponent(id)}/acknowledge`, {}));
export const useSnoozeAlert = () =>
  useAlertsMutation(({ id, minutes }: { id: string; minutes: number }) => apiRequest("POST", `${ALERTS_PATH}/${encodeURIComponent(id)}/snooze`, { minutes }));
export const useMarkAllAlertsRead = () => useAlertsMutation(() => apiRequest("POST", `${ALERTS_PATH}/read-all`, {}));

export function useAlertRules() {
  return useQuery<AlertRuleList>({ queryKey: [ALERT_RULES_PATH] });
}
export const useCreateAlertRule = () => useAlertsMutation((body: AlertRuleInput) => apiRequest<AlertRuleDto>("POST", ALERT_RULES_PATH, body));
export const useUpdateAlertRule = () =>
  useAlertsMutation(({ id, body }: { id: string; body: UpdateAlertRuleInput }) => apiRequest<AlertRuleDto>("PATCH", `${ALERT_RULES_PATH}/${encodeURIComponent(id)}`, body));
export const useDeleteAlertRule = () => useAlertsMutation((id: string) => apiRequest("DELETE", `${ALERT_RULES_PATH}/${encodeURIComponent(id)}`));
export function usePreviewAlertRule() {
  return useMutation({ mutationFn: (body: AlertRuleInput) => apiRequest<AlertRulePreview>("POST", `${ALERT_RULES_PATH}/preview`, body) });
}

export interface AdminAlertFilters {
  severity?: string;
  ruleId?: string;
  unitId?: string;
  userId?: string;
  page?: number;
  pageSize?: number;
}
export function useAdminAlerts(filters: AdminAlertFilters) {
  return useQuery<AdminAlertsDto>({ queryKey: [ADMIN_ALERTS_PATH, filters], placeholderData: keepPreviousData });
}
export const useBulkAcknowledge = () => useAlertsMutation((ids: string[]) => apiRequest("POST", `${ADMIN_ALERTS_PATH}/acknowledge`, { ids }));
