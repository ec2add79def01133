"use client";

import { useEffect } from "react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { keepMyRuns } from "@/lib/offline/kept-my-runs";
import { runPickupPath } from "@/lib/offline/paths";
import type { QueuedWrite } from "@/lib/offline/queue";
import type {
  AddRunRequestsInput,
  CreateRunInput,
  DispatchRequest,
  PickupResult,
  RecordPickupBody,
  Run,
  RunList,
  RunSettings,
  RunSettingsInput,
  TodayRuns,
} from "@/lib/validations/runs";
import { CURRENT_USER_KEY, type CurrentUser } from "./auth";
import { isBrowserOffline, isNetworkFailure, queueWrite } from "./offline-queue";

/** Pickup runs (docs/runs.md): the dispatcher's screen and the driver's. */
export const RUNS_PATH = "/api/runs";
export const TODAY_RUNS_PATH = "/api/runs/today";
export const DISPATCH_REQUESTS_PATH = "/api/runs/requests";
export const RUN_SETTINGS_PATH = "/api/runs/settings";

export function useDispatchRequests(filter: { area: string; urgency: "" | "routine" | "urgent" }) {
  const params = { ...(filter.area ? { area: filter.area } : {}), ...(filter.urgency ? { urgency: filter.urgency } : {}) };
  return useQuery<{ items: DispatchRequest[]; total: number }>({ queryKey: [DISPATCH_REQUESTS_PATH, params], placeholderData: keepPreviousData });
}

export function useRunList(date: string) {
  return useQuery<RunList>({ queryKey: [RUNS_PATH, { date }], placeholderData: keepPreviousData });
}

export function useRun(id: string | null) {
  return useQuery<Run>({ queryKey: [`${RUNS_PATH}/${id}`], enabled: Boolean(id) });
}

/**
 * The driver's runs of today. Each answer is also kept on the phone, so /runs/today shows them
 * without a signal (lib/offline/kept-my-runs.ts).
 */
export function useTodayRuns() {
  const queryClient = useQueryClient();
  const query = useQuery<TodayRuns>({ queryKey: [TODAY_RUNS_PATH] });
  const { data, dataUpdatedAt } = query;
  useEffect(() => {
    if (!data) return;
    const user = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY);
    keepMyRuns(user?.id ?? null, data, dataUpdatedAt || Date.now());
  }, [data, dataUpdatedAt, queryClient]);
  return query;
}

function useRunsMutation<Vars, Out>(fn: (vars: Vars) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === "string" && (q.queryKey[0] as string).startsWith(RUNS_PATH) }),
  });
}

export const useCreateRun = () => useRunsMutation((body: CreateRunInput) => apiRequest<Run>("POST", RUNS_PATH, body));
export const useAddRunRequests = () =>
  useRunsMutation(({ runId, ...body }: AddRunRequestsInput & { runId: string }) => apiRequest<Run>("POST", `${RUNS_PATH}/${runId}/requests`, body));
export const useRemoveRunRequest = () =>
  useRunsMutation(({ runId, requestId }: { runId: string; requestId: string }) => apiRequest<Run>("DELETE", `${RUNS_PATH}/${runId}/requests/${requestId}`));
export const useUpdateRunSettings = () => useRunsMutation((body: RunSettingsInput) => apiRequest<RunSettings>("PUT", RUN_SETTINGS_PATH, body));

/**
 * Records a pickup at a stop. Without a connection the pickup is kept on the phone (the one
 * offline queue, kind "run-pickup") and sent when the signal returns, with the time of the tap;
 * the screen shows the pet as picked up on this phone meanwhile.
 */
export function useRecordPickup() {
  const queryClient = useQueryClient();
  return useRunsMutation(async ({ runId, body }: { runId: string; body: Omit<RecordPickupBody, "clientUuid" | "deviceTime"> }): Promise<PickupResult | QueuedWrite> => {
    const queue = () => queueWrite(queryClient, { kind: "run-pickup", payload: body as Record<string, unknown>, target: runId });
    if (isBrowserOffline()) return queue();
    try {
      // Online: recorded at the server's time; a retry after a lost answer finds the pet picked up (200, the first pickup).
      return await apiRequest<PickupResult>("POST", runPickupPath(runId), body);
    } catch (error) {
      if (isNetworkFailure(error)) return queue();
      throw error;
    }
  });
}
