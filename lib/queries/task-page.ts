import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { ChecklistItemView, HistoryEntry } from "@/lib/validations/tasks";
import { DELETED_TASKS_PATH, invalidateTaskQueries, STATS_KEY, taskKey, TASKS_PATH, type Task } from "./tasks";

/** What a task's own page does beyond the list's reads and writes (./tasks.ts): its history, deleting it, ticking its checklist. */

export function useTaskHistory(id: string) {
  return useQuery<{ items: HistoryEntry[] }>({ queryKey: [TASKS_PATH, id, "history"] });
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ ok: true; deletedIds: string[] }>("DELETE", `${TASKS_PATH}/${id}`),
    onSuccess: async (result) => {
      // The deleted tasks are gone: mark them stale without refetching them (the page showing
      // one navigates away); every other task query and the stats refresh as usual.
      const gone = new Set(result.deletedIds);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [TASKS_PATH], predicate: (q) => gone.has(String(q.queryKey[1])), refetchType: "none" }),
        queryClient.invalidateQueries({ queryKey: [TASKS_PATH], predicate: (q) => !gone.has(String(q.queryKey[1])) }),
        queryClient.invalidateQueries({ queryKey: STATS_KEY }),
        queryClient.invalidateQueries({ queryKey: [DELETED_TASKS_PATH] }),
        queryClient.invalidateQueries({ queryKey: ["/api/auth/punch/status"] }),
      ]);
    },
  });
}

/** Ticks a checklist item at once (optimistic), rolling back if the server refuses. */
export function useToggleChecklistItem(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, isCompleted }: { itemId: string; isCompleted: boolean }) =>
      apiRequest<ChecklistItemView>("PATCH", `${TASKS_PATH}/${taskId}/checklist/${itemId}`, { isCompleted }),
    onMutate: async ({ itemId, isCompleted }) => {
      await queryClient.cancelQueries({ queryKey: taskKey(taskId) });
      const previous = queryClient.getQueryData<Task>(taskKey(taskId));
      if (previous) {
        queryClient.setQueryData<Task>(taskKey(taskId), {
          ...previous,
          checklist: previous.checklist.map((c) => (c.id === itemId ? { ...c, isCompleted } : c)),
        });
      }
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(taskKey(taskId), context.previous);
    },
    onSettled: () => invalidateTaskQueries(queryClient),
  });
}
