import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { clientUuid } from "@/lib/offline/uuid";
import type { Chamber } from "@/lib/validations/cases";
import type { AddCertificationBody, AddMaintenanceBody, Certification, ChamberServiceBody, ChamberSettings, MaintenanceEntry } from "@/lib/validations/chambers";
import { CASES_PATH, invalidateCaseQueries } from "./cases";

/** Operators and chambers on record (docs/cases.md "Operators and chambers"): certifications, the setting, the maintenance log. */
export type { Certification, MaintenanceEntry };

const CERTIFICATIONS_PATH = `${CASES_PATH}/certifications`;
const chamberPath = (id: string) => `${CASES_PATH}/chambers/${encodeURIComponent(id)}`;

export function useCertifications(filters: { memberId?: string; status?: "all" | "expiring"; limit?: number }, enabled = true) {
  return useQuery<{ items: Certification[]; total: number }>({ queryKey: [CASES_PATH, "certifications", filters], enabled, placeholderData: keepPreviousData });
}

export function useChamberMaintenance(chamberId: string, limit: number) {
  return useQuery<{ items: MaintenanceEntry[]; total: number }>({ queryKey: [CASES_PATH, "chambers", chamberId, "maintenance", { limit }], placeholderData: keepPreviousData });
}

/** Every write here refreshes every case query (the chambers, their logs and the certifications are all under /api/cases). */
function useChamberMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateCaseQueries(queryClient) });
}

/** The client uuid is made once per draft, so a retry of the same submit records one certification. */
export const useAddCertification = () =>
  useChamberMutation((draft: AddCertificationBody) => apiRequest<Certification>("POST", CERTIFICATIONS_PATH, { ...draft, clientUuid: draft.clientUuid ?? clientUuid() }));

export const useRemoveCertification = () => useChamberMutation((id: string) => apiRequest<{ ok: true }>("DELETE", `${CERTIFICATIONS_PATH}/${encodeURIComponent(id)}`));

export const useUpdateChamberSettings = () => useChamberMutation((body: ChamberSettings) => apiRequest<ChamberSettings>("PUT", `${CASES_PATH}/chamber-settings`, body));

export const useCreateChamber = () => useChamberMutation((name: string) => apiRequest<Chamber>("POST", `${CASES_PATH}/chambers`, { name }));

export const useAddMaintenance = (chamberId: string) =>
  useChamberMutation((draft: AddMaintenanceBody) => apiRequest<MaintenanceEntry>("POST", `${chamberPath(chamberId)}/maintenance`, { ...draft, clientUuid: draft.clientUuid ?? clientUuid() }));

export const useSetChamberService = (chamberId: string) =>
  useChamberMutation((body: ChamberServiceBody) => apiRequest<Chamber>("POST", `${chamberPath(chamberId)}/service`, body));
