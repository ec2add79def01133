import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { DeletedTaskList } from "@/lib/validations/tasks";
import { DELETED_TASKS_PATH, TASKS_PATH, useTaskMutation, type Task } from "./tasks";

/** The admin's deleted tasks (/admin/deleted-tasks) and restoring one. */

export function useDeletedTasks(filters: { q?: string; page?: number }) {
  return useQuery<DeletedTaskList>({
    queryKey: [DELETED_TASKS_PATH, filters],
    placeholderData: keepPreviousData,
  });
}

export function useRestoreTask() {
  return useTaskMutation((id: string) => apiRequest<Task>("POST", `${TASKS_PATH}/${id}/restore`));
}
