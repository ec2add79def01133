import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { PUNCH_LOCATION } from "@/lib/constants";
import type { z } from "zod";
import type { taskClockInResultSchema, taskClockOutResultSchema } from "@/lib/validations/punch";
import { invalidateAfterPunch, PUNCH_PATHS, PUNCH_STATUS_KEY } from "./punch";

/** Clocking into and out of a task (spec §7): a task's page, the day's panel and the command palette. */

export type TaskClockInResult = z.infer<typeof taskClockInResultSchema>;
export type TaskClockOutResult = z.infer<typeof taskClockOutResultSchema>;

/** Clock into a task; the task is named when mutating (`clockIn.mutate(taskId)`), so one hook serves a task's own button and the palette's list of recent tasks. */
export function useTaskClockIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) => apiRequest<TaskClockInResult>("POST", PUNCH_PATHS.clockIn(taskId), { location: PUNCH_LOCATION }),
    onSuccess: () => invalidateAfterPunch(queryClient, { tasks: true }),
    onError: () => queryClient.invalidateQueries({ queryKey: PUNCH_STATUS_KEY }),
  });
}

export function useTaskClockOut(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<TaskClockOutResult>("POST", PUNCH_PATHS.clockOut(taskId), { location: PUNCH_LOCATION }),
    onSuccess: () => invalidateAfterPunch(queryClient, { tasks: true }),
    onError: () => queryClient.invalidateQueries({ queryKey: PUNCH_STATUS_KEY }),
  });
}
