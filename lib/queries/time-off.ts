import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "@/lib/api-client";
import type { myTimeOffSchema, pendingTimeOffSchema, timeOffPoliciesSchema, timeOffRequestSchema, timeOffTypeAdminSchema, timeOffTypesSchema } from "@/lib/time-off/contracts";
import type { CreateTimeOffInput, CreateTimeOffTypeInput, timeOffPolicySchema, TimeOffPolicyInput, UpdateTimeOffTypeInput } from "@/lib/validations/time-off";

/** Time-off paths and hooks (docs/schedules.md "Time off"). */
export const TIME_OFF_PATH = "/api/time-off";
export const PENDING_TIME_OFF_PATH = "/api/time-off/pending";
export const TIME_OFF_POLICIES_PATH = "/api/time-off/policies";
export const TIME_OFF_TYPES_PATH = "/api/time-off/types";

export type MyTimeOff = z.output<typeof myTimeOffSchema>;
export type PendingTimeOff = z.output<typeof pendingTimeOffSchema>;
export type TimeOffRequest = z.output<typeof timeOffRequestSchema>;
export type TimeOffPolicies = z.output<typeof timeOffPoliciesSchema>;
export type TimeOffPolicy = z.output<typeof timeOffPolicySchema>;
export type TimeOffTypes = z.output<typeof timeOffTypesSchema>;
export type TimeOffTypeRow = z.output<typeof timeOffTypeAdminSchema>;

export const useMyTimeOff = () => useQuery<MyTimeOff>({ queryKey: [TIME_OFF_PATH] });
export const usePendingTimeOff = () => useQuery<PendingTimeOff>({ queryKey: [PENDING_TIME_OFF_PATH] });
/** Every paid type with its policy (admins: docs/schedules.md "Policies"). */
export const useTimeOffPolicies = () => useQuery<TimeOffPolicies>({ queryKey: [TIME_OFF_POLICIES_PATH] });

/** Every type, active or not, in their order (admins: docs/schedules.md "Time off"). */
export const useTimeOffTypes = () => useQuery<TimeOffTypes>({ queryKey: [TIME_OFF_TYPES_PATH] });

function useTimeOffMutation<Vars, Out>(fn: (vars: Vars) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // The time-off lists and the week grid (which shows approved time off).
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === "string" && /^\/api\/(time-off|schedule)/.test(q.queryKey[0] as string) }),
  });
}

export const useRequestTimeOff = () => useTimeOffMutation((body: CreateTimeOffInput) => apiRequest<TimeOffRequest>("POST", TIME_OFF_PATH, body));
export const useCancelTimeOff = () => useTimeOffMutation((id: string) => apiRequest<TimeOffRequest>("POST", `${TIME_OFF_PATH}/${id}/cancel`));
export const useDecideTimeOff = () =>
  useTimeOffMutation(({ id, decision, note }: { id: string; decision: "approve" | "decline"; note?: string }) => apiRequest<TimeOffRequest>("POST", `${TIME_OFF_PATH}/${id}/decision`, { decision, note }));
export const useSetTimeOffPolicy = () =>
  useTimeOffMutation(({ typeId, ...body }: TimeOffPolicyInput & { typeId: string }) => apiRequest<TimeOffPolicy>("PUT", `${TIME_OFF_POLICIES_PATH}/${typeId}`, body));
export const useCreateTimeOffType = () => useTimeOffMutation((body: CreateTimeOffTypeInput) => apiRequest<TimeOffTypeRow>("POST", TIME_OFF_TYPES_PATH, body));
export const useUpdateTimeOffType = () =>
  useTimeOffMutation(({ id, ...body }: UpdateTimeOffTypeInput & { id: string }) => apiRequest<TimeOffTypeRow>("PATCH", `${TIME_OFF_TYPES_PATH}/${id}`, body));
