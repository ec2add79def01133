import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { CreateTaskBody, CreateTaskInput, UpdateTaskInput } from "@/lib/validations/tasks";
import { taskKey, TASKS_PATH, useTaskMutation, type Task } from "./tasks";

/**
 * One task read and the writes of the task form, quick add and picking a task up: hooks the task
 * list itself never calls, so they are not in its first load (./tasks.ts has the list's).
 */

/** `initial`: the task as the server page read it (so /tasks/{id} paints without a round trip). */
export function useTask(id: string | null | undefined, initial?: { data: Task; readAt: number }) {
  return useQuery<Task>({ queryKey: taskKey(id ?? ""), enabled: Boolean(id), initialData: initial?.data, initialDataUpdatedAt: initial?.readAt });
}

/** The body as sent, or as the shared schema parsed it (the task form's output: its Dates travel as ISO strings). */
export type TaskBody = CreateTaskBody | CreateTaskInput;

export function useCreateTask() {
  return useTaskMutation((body: TaskBody) => apiRequest<Task>("POST", TASKS_PATH, body));
}

export function useUpdateTask(id: string) {
  return useTaskMutation((body: Partial<TaskBody> | UpdateTaskInput) => apiRequest<Task>("PATCH", `${TASKS_PATH}/${id}`, body));
}

export function useClaimTask() {
  return useTaskMutation((id: string) => apiRequest<Task>("POST", `${TASKS_PATH}/${id}/claim`));
}
