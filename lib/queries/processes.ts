import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { CreateProcessBody, ProcessDetail, ProcessRun, ProcessSummary, SchedulePreview, StartProcessBody } from "@/lib/validations/processes";
import { PROJECTS_PATH } from "./projects";
import { invalidateTaskQueries } from "./tasks";

export type { ProcessDetail, ProcessRun, ProcessSummary, SchedulePreview };

export const PROCESSES_PATH = "/api/processes";
export const processKey = (id: string) => [PROCESSES_PATH, id] as const;

export function useProcesses(filters: { q?: string; show?: "active" | "archived" }, { enabled }: { enabled?: boolean } = {}) {
  return useQuery<{ items: ProcessSummary[] }>({ queryKey: [PROCESSES_PATH, filters], enabled });
}

export function useProcess(id: string | null | undefined, initial?: { data: ProcessDetail; readAt: number }) {
  return useQuery<ProcessDetail>({ queryKey: processKey(id ?? ""), enabled: Boolean(id), initialData: initial?.data, initialDataUpdatedAt: initial?.readAt });
}

function useProcessMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: [PROCESSES_PATH] }) });
}

export function useCreateProcess() {
  return useProcessMutation((body: CreateProcessBody) => apiRequest<ProcessDetail>("POST", PROCESSES_PATH, body));
}

export function useUpdateProcess() {
  return useProcessMutation(({ id, body }: { id: string; body: Partial<CreateProcessBody> & { isActive?: boolean } }) =>
    apiRequest<ProcessDetail>("PATCH", `${PROCESSES_PATH}/${id}`, body),
  );
}

export function useDuplicateProcess() {
  return useProcessMutation((id: string) => apiRequest<ProcessDetail>("POST", `${PROCESSES_PATH}/${id}/duplicate`));
}

/** Starting creates tasks (and maybe a project): refresh those lists too. */
export function useStartProcess(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartProcessBody) => apiRequest<ProcessRun>("POST", `${PROCESSES_PATH}/${id}/start`, body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [PROCESSES_PATH] }),
        queryClient.invalidateQueries({ queryKey: [PROJECTS_PATH] }),
        invalidateTaskQueries(queryClient),
      ]);
    },
  });
}

export function fetchSchedulePreview(body: { startDate: string; steps: Array<{ offsetDays: number; durationDays: number }> }) {
  return apiRequest<SchedulePreview>("POST", `${PROCESSES_PATH}/schedule`, body);
}
