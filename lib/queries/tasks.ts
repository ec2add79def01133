import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { DashboardStats, HistoryEntry, TaskListPage, TaskView } from "@/lib/validations/tasks";

import type { Jsonified } from "./initial-data";
export type { Jsonified };

export type Task = TaskView;
export type { DashboardStats, HistoryEntry, TaskListPage };

export const TASKS_PATH = "/api/tasks";
export const STATS_KEY = ["/api/dashboard/stats"] as const;
export const DELETED_TASKS_PATH = "/api/admin/deleted-tasks";

/** GET /api/tasks filters (null and empty values are dropped from the query string). */
export interface TaskFilters {
  status?: string;
  priority?: string;
  unitId?: string | null;
  assigneeId?: string | null;
  projectId?: string | null;
  parentTaskId?: string;
  /** Occurrences of one recurring series. */
  seriesId?: string;
  mine?: boolean;
  available?: boolean;
  completedThisWeek?: boolean;
  excludeTree?: string;
  dueFrom?: string;
  dueTo?: string;
  /** A calendar day, yyyy-MM-dd, in the business time zone. */
  dueOn?: string;
  q?: string;
  sort?: string;
  order?: "asc" | "desc";
  page?: number;
  pageSize?: number;
}

export const taskKey = (id: string) => [TASKS_PATH, id] as const;
export const tasksKey = (filters: TaskFilters) => [TASKS_PATH, filters] as const;

/** `initialData`: a page the server already rendered for exactly these filters (fresh for staleTime). */
export function useTasks(filters: TaskFilters, options: { enabled?: boolean; initialData?: TaskListPage; initialDataUpdatedAt?: number } = {}) {
  return useQuery<TaskListPage>({
    queryKey: tasksKey(filters),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
    initialData: options.initialData,
    initialDataUpdatedAt: options.initialDataUpdatedAt,
  });
}

export function useDashboardStats(initialData?: DashboardStats, initialDataUpdatedAt?: number, options: { enabled?: boolean } = {}) {
  return useQuery<DashboardStats>({ queryKey: STATS_KEY, initialData, initialDataUpdatedAt, enabled: options.enabled });
}

/**
 * After a task changes: every task list and task (all keys under /api/tasks), and the dashboard
 * stats (spec §7); also the projects, whose progress counts their tasks.
 */
export async function invalidateTaskQueries(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ["/api/projects"] }),
    queryClient.invalidateQueries({ queryKey: [TASKS_PATH] }),
    queryClient.invalidateQueries({ queryKey: STATS_KEY }),
    queryClient.invalidateQueries({ queryKey: [DELETED_TASKS_PATH] }),
    // Completing, deleting or unassigning a task may stop a task clock (timers follow the work).
    queryClient.invalidateQueries({ queryKey: ["/api/auth/punch/status"] }),
  ]);
}

/** A task write: its answer refreshes that task's cache entry, then every task query (invalidateTaskQueries). */
export function useTaskMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (result) => {
      // A task answer (it has a displayNumber) refreshes that task's cache entry at once.
      if (result && typeof result === "object" && "displayNumber" in result) {
        const task = result as unknown as Task;
        queryClient.setQueryData(taskKey(task.id), task);
      }
      await invalidateTaskQueries(queryClient);
    },
  });
}

/** Completing answers the task plus the caller's task clock it stopped (`clockedOutOfTask`, lib/validations/tasks.ts). */
export type TaskCompletionAnswer = Task & { clockedOutOfTask?: { id: string; displayNumber: number | null; title: string } | null };

export function useSetTaskCompletion() {
  return useTaskMutation(({ id, completed }: { id: string; completed: boolean }) =>
    apiRequest<TaskCompletionAnswer>("POST", `${TASKS_PATH}/${id}/${completed ? "complete" : "reopen"}`),
  );
}

