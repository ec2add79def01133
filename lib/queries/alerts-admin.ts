import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { AdminAlertsDto, AlertRuleDto, AlertRuleInput, AlertRuleList, AlertRulePreview, UpdateAlertRuleInput } from "@/lib/validations/alerts";
import { ADMIN_ALERTS_PATH, ALERT_RULES_PATH, useAlertsMutation } from "./alert-actions";

/** The admin's alert screen (/admin/alerts): the rules, their preview, and every member's alerts. */

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
