import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { checklistItemPath, checklistTickTarget } from "@/lib/offline/paths";
import { entriesOf, isQueued, type OfflineEntry, type QueuedWrite } from "@/lib/offline/queue";
import type { ChecklistItemView, HistoryEntry } from "@/lib/validations/tasks";
import { CURRENT_USER_KEY, type CurrentUser } from "./auth";
import { isBrowserOffline, isNetworkFailure, queueWrite, useOfflineQueue } from "./offline-queue";
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

/**
 * Ticks a checklist item at once (optimistic), rolling back if the server refuses. Without a
 * connection the tick is kept on the phone (lib/offline, the queue of punches and scans) and sent
 * when the signal returns, with the time of the tap.
 */
export function useToggleChecklistItem(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ itemId, isCompleted }: { itemId: string; isCompleted: boolean }): Promise<ChecklistItemView | QueuedWrite> => {
      const queue = () => queueWrite(queryClient, { kind: "checklist-tick", payload: { isCompleted }, target: checklistTickTarget(taskId, itemId) });
      if (isBrowserOffline()) return queue();
      try {
        return await apiRequest<ChecklistItemView>("PATCH", checklistItemPath(taskId, itemId), { isCompleted });
      } catch (error) {
        if (isNetworkFailure(error)) return queue();
        throw error;
      }
    },
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
    // A kept tick shows through the queue (useQueuedTicks) until the replay refreshes the task.
    onSettled: (result) => (isQueued(result) ? undefined : invalidateTaskQueries(queryClient)),
  });
}

/** This person's checklist ticks of the task still waiting on the phone, by item id (the last tap wins). */
export function useQueuedTicks(taskId: string): Map<string, OfflineEntry> {
  const queryClient = useQueryClient();
  const queue = useOfflineQueue();
  const owner = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY)?.id;
  const ticks = new Map<string, OfflineEntry>();
  for (const entry of entriesOf(queue, owner)) {
    if (entry.kind === "checklist-tick" && entry.target?.startsWith(`${taskId}/`)) ticks.set(entry.target.slice(taskId.length + 1), entry);
  }
  return ticks;
}
