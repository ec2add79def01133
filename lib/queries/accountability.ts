import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { AccountabilityDetails, AccountabilityDto, AccountabilityMetric, ExpectedStartList, SetExpectedStartInput } from "@/lib/validations/accountability";

/** Accountability paths (docs/accountability.md). */
export const EXPECTED_STARTS_PATH = "/api/admin/expected-starts";
export const ACCOUNTABILITY_PATH = "/api/admin/accountability";

export function useExpectedStarts() {
  return useQuery<ExpectedStartList>({ queryKey: [EXPECTED_STARTS_PATH] });
}
function useExpectedStartMutation<Vars>(fn: (vars: Vars) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: [EXPECTED_STARTS_PATH] }) });
}
export const useSetExpectedStart = () => useExpectedStartMutation((body: SetExpectedStartInput) => apiRequest("PUT", EXPECTED_STARTS_PATH, body));
export const useDeleteExpectedStart = () => useExpectedStartMutation((id: string) => apiRequest("DELETE", `${EXPECTED_STARTS_PATH}/${encodeURIComponent(id)}`));

export function useAccountability(period: { from: string; to: string }) {
  return useQuery<AccountabilityDto>({ queryKey: [ACCOUNTABILITY_PATH, period], placeholderData: keepPreviousData });
}
export function useAccountabilityDetails(query: { from: string; to: string; metric: AccountabilityMetric; userId?: string; unitId?: string } | null) {
  return useQuery<AccountabilityDetails>({ queryKey: [`${ACCOUNTABILITY_PATH}/details`, query ?? {}], enabled: query !== null });
}
export const accountabilityExportUrl = (period: { from: string; to: string }) =>
  `${ACCOUNTABILITY_PATH}/export?from=${encodeURIComponent(period.from)}&to=${encodeURIComponent(period.to)}`;
