import { useEffect } from "react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest, getRevalidatingQueryFn } from "@/lib/api-client";
import { keepMyShifts } from "@/lib/offline/kept-my-shifts";
import { shiftClaimPath } from "@/lib/offline/paths";
import { isQueued, type QueuedWrite } from "@/lib/offline/queue";
import type { myScheduleSchema, publishResultSchema, scheduleWeekSchema, shiftDetailSchema, shiftSchema } from "@/lib/schedule/contracts";
import type { CreateShiftInput, PublishScheduleInput, UpdateShiftInput } from "@/lib/validations/schedule";
import { CURRENT_USER_KEY, type CurrentUser } from "./auth";
import { isBrowserOffline, isNetworkFailure, queueWrite } from "./offline-queue";

/** Schedule paths and hooks (docs/schedules.md). */
export const SCHEDULE_PATH = "/api/schedule";
export const MY_SCHEDULE_PATH = "/api/schedule/me";
const SHIFTS_PATH = "/api/schedule/shifts";

export type ScheduleWeek = z.output<typeof scheduleWeekSchema>;
export type ScheduleShift = z.output<typeof shiftSchema>;
export type ShiftDetail = z.output<typeof shiftDetailSchema>;
export type MySchedule = z.output<typeof myScheduleSchema>;
export type PublishResult = z.output<typeof publishResultSchema>;

/** A week of the grid; a refetch of an unchanged week is a 304 (the server's week cache, docs/schedules.md "Performance"). */
export function useScheduleWeek(week: string) {
  return useQuery<ScheduleWeek>({ queryKey: [SCHEDULE_PATH, { week }], queryFn: getRevalidatingQueryFn<ScheduleWeek>({ on401: "throw" }), placeholderData: keepPreviousData });
}

export function useShiftDetail(id: string | null) {
  return useQuery<ShiftDetail>({ queryKey: [`${SHIFTS_PATH}/${id}`], enabled: id !== null });
}

/**
 * My schedule. Each answer's shifts are also kept on the device, so /schedule/me shows them
 * without a signal (lib/offline/kept-my-shifts.ts, docs/schedules.md "Offline").
 */
export function useMySchedule(initial?: { data: MySchedule; readAt: number }) {
  const queryClient = useQueryClient();
  const query = useQuery<MySchedule>({ queryKey: [MY_SCHEDULE_PATH], initialData: initial?.data, initialDataUpdatedAt: initial?.readAt });
  const { data, dataUpdatedAt } = query;
  useEffect(() => {
    if (!data) return;
    const user = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY);
    keepMyShifts(user?.id ?? null, data.shifts, dataUpdatedAt || Date.now());
  }, [data, dataUpdatedAt, queryClient]);
  return query;
}

function useScheduleMutation<Vars, Out>(fn: (vars: Vars) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === "string" && (q.queryKey[0] as string).startsWith(SCHEDULE_PATH) }),
  });
}

export const useCreateShift = () => useScheduleMutation((body: CreateShiftInput) => apiRequest<ScheduleShift>("POST", SHIFTS_PATH, body));
export const useUpdateShift = () =>
  useScheduleMutation(({ id, ...body }: UpdateShiftInput & { id: string }) => apiRequest<ScheduleShift>("PATCH", `${SHIFTS_PATH}/${id}`, body));
export const useDeleteShift = () => useScheduleMutation((id: string) => apiRequest("DELETE", `${SHIFTS_PATH}/${id}`));
export const usePublishSchedule = () => useScheduleMutation((body: PublishScheduleInput) => apiRequest<PublishResult>("POST", `${SCHEDULE_PATH}/publish`, body));
/**
 * Claims an open shift. Without a connection the claim is kept on the phone (lib/offline, the
 * queue of punches and scans) and sent when the signal returns, with the time of the tap: it
 * counts if it lands first (docs/schedules.md "Offline claims").
 */
export function useClaimShift() {
  const queryClient = useQueryClient();
  return useScheduleMutation(async (id: string): Promise<ScheduleShift | QueuedWrite> => {
    const queue = () => queueWrite(queryClient, { kind: "shift-claim", payload: {}, target: id });
    if (isBrowserOffline()) return queue();
    try {
      return await apiRequest<ScheduleShift>("POST", shiftClaimPath(id));
    } catch (error) {
      if (isNetworkFailure(error)) return queue();
      throw error;
    }
  });
}
export { isQueued };
