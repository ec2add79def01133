import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiRequest, getQueryFn } from "@/lib/api-client";
import { PUNCH_LOCATION, PUNCH_STATUS_POLL_MS, PUNCH_STATUS_STALE_MS } from "@/lib/constants";
import type { PunchOutPayload } from "@/lib/punch/reason";
import type { z } from "zod";
import type {
  activeTaskSchema,
  punchInSchema,
  punchOutResultSchema,
  punchOutSchema,
  punchStatusSchema,
  taskClockInResultSchema,
  taskClockOutResultSchema,
} from "@/lib/validations/punch";

/** Punch clock paths (spec §7) and the task clock endpoints. */
export const PUNCH_PATHS = {
  status: "/api/auth/punch/status",
  in: "/api/auth/punch/in",
  outWithReason: "/api/auth/punch/out-with-reason",
  clockIn: (taskId: string) => `/api/tasks/${encodeURIComponent(taskId)}/clock-in`,
  clockOut: (taskId: string) => `/api/tasks/${encodeURIComponent(taskId)}/clock-out`,
} as const;

export const PUNCH_STATUS_KEY = [PUNCH_PATHS.status] as const;
/** Every task query starts with this path; punch-out refreshes them (spec §7). */
export const TASKS_KEY = ["/api/tasks"] as const;

/** The task named in a 409 (spec §3): id, displayNumber, title. */
export type ActiveTask = z.infer<typeof activeTaskSchema>;
/** GET /api/auth/punch/status: the timer counts from lastPunchIn; activeTask is the task clock running, with its start. */
export type PunchStatus = z.infer<typeof punchStatusSchema>;
export type PunchInInput = z.input<typeof punchInSchema>;
export type PunchOutInput = PunchOutPayload & Pick<z.input<typeof punchOutSchema>, "source">;
export type PunchOutResult = z.infer<typeof punchOutResultSchema>;
export type TaskClockInResult = z.infer<typeof taskClockInResultSchema>;
export type TaskClockOutResult = z.infer<typeof taskClockOutResultSchema>;

/**
 * The punch status (spec §7, §9): polled every 5 s, refetched on window focus, stale after 5 s
 * — the one query that differs from the app-wide cache policy. `on401: "returnNull"` (used by
 * the public /mobile-punch page) turns "signed out" into null instead of an error. While the
 * browser reports no connection its polls wait (networkMode "online"): the button keeps the last
 * known state instead of turning to "Error loading" every 5 s, a punch tapped meanwhile is still
 * sent and fails visibly (mutations are "always"), and the polls resume with the connection.
 * Signed out (null) it does not poll: /mobile-punch reads the status once right after sign-in.
 */
export function usePunchStatus(options: { on401?: "throw" | "returnNull"; enabled?: boolean; initialData?: PunchStatus; initialDataUpdatedAt?: number } = {}) {
  return useQuery<PunchStatus | null>({
    initialData: options.initialData,
    initialDataUpdatedAt: options.initialDataUpdatedAt,
    queryKey: PUNCH_STATUS_KEY,
    queryFn: options.on401 === "returnNull" ? getQueryFn<PunchStatus>({ on401: "returnNull" }) : getQueryFn<PunchStatus>({ on401: "throw" }),
    refetchInterval: (query) => (query.state.data === null ? false : PUNCH_STATUS_POLL_MS),
    refetchOnWindowFocus: true,
    staleTime: PUNCH_STATUS_STALE_MS,
    enabled: options.enabled ?? true,
    networkMode: "online",
  });
}

/**
 * After punch success the status refreshes; after punch-out the tasks list too (spec §7). The
 * day's time log ("today so far" under the big button) changes with every punch.
 */
export function invalidateAfterPunch(queryClient: QueryClient, { tasks }: { tasks: boolean }): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: PUNCH_STATUS_KEY }),
    queryClient.invalidateQueries({ queryKey: ["/api/time/logs"] }),
    tasks ? queryClient.invalidateQueries({ queryKey: TASKS_KEY }) : null,
  ]);
}

export function usePunchIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PunchInInput) => apiRequest<PunchStatus>("POST", PUNCH_PATHS.in, input),
    onSuccess: (status) => {
      queryClient.setQueryData(PUNCH_STATUS_KEY, status);
      return invalidateAfterPunch(queryClient, { tasks: false });
    },
    // "Already punched in" means this tab's status was stale: refresh it.
    onError: () => queryClient.invalidateQueries({ queryKey: PUNCH_STATUS_KEY }),
  });
}

export function usePunchOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PunchOutInput) => apiRequest<PunchOutResult>("POST", PUNCH_PATHS.outWithReason, input),
    onSuccess: (result) => {
      const next: PunchStatus = { isPunchedIn: false, lastPunchIn: result.lastPunchIn, activeTask: null };
      queryClient.setQueryData(PUNCH_STATUS_KEY, next);
      return invalidateAfterPunch(queryClient, { tasks: true });
    },
    // "Not punched in" (punched out elsewhere) or a 409 task: the status may be stale.
    onError: () => queryClient.invalidateQueries({ queryKey: PUNCH_STATUS_KEY }),
  });
}

export function useTaskClockIn(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<TaskClockInResult>("POST", PUNCH_PATHS.clockIn(taskId), { location: PUNCH_LOCATION }),
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
