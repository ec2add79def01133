import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "@/lib/api-client";
import type { availabilityRequestSchema, myAvailabilitySchema, pendingAvailabilitySchema, scheduleSettingsAnswerSchema } from "@/lib/availability/contracts";
import type { applyResultSchema, templateListSchema, templateSchema } from "@/lib/shift-templates/contracts";
import type { ApplyTemplateInput, CopyWeekInput, SaveTemplateInput, SubmitAvailabilityInput } from "@/lib/validations/schedule-planning";

/** Templates, copying and availability: paths and hooks (docs/schedules.md "Templates", "Availability"). */
export const TEMPLATES_PATH = "/api/schedule/templates";
export const AVAILABILITY_PATH = "/api/availability";
export const PENDING_AVAILABILITY_PATH = "/api/availability/pending";

export type ShiftTemplates = z.output<typeof templateListSchema>;
export type ShiftTemplate = z.output<typeof templateSchema>;
export type ApplyResult = z.output<typeof applyResultSchema>;
export type MyAvailability = z.output<typeof myAvailabilitySchema>;
export type PendingAvailability = z.output<typeof pendingAvailabilitySchema>;
export type AvailabilityChange = z.output<typeof availabilityRequestSchema>;
export type ScheduleSettings = z.output<typeof scheduleSettingsAnswerSchema>;

export const useTemplates = (enabled = true) => useQuery<ShiftTemplates>({ queryKey: [TEMPLATES_PATH], enabled });
export const useMyAvailability = () => useQuery<MyAvailability>({ queryKey: [AVAILABILITY_PATH] });
export const usePendingAvailability = () => useQuery<PendingAvailability>({ queryKey: [PENDING_AVAILABILITY_PATH] });

function usePlanningMutation<Vars, Out>(fn: (vars: Vars) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // The week grid, the templates and the availability lists.
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === "string" && /^\/api\/(schedule|availability)/.test(q.queryKey[0] as string) }),
  });
}

export const useSaveTemplate = () => usePlanningMutation((body: SaveTemplateInput) => apiRequest<ShiftTemplate>("POST", TEMPLATES_PATH, body));
export const useDeleteTemplate = () => usePlanningMutation((id: string) => apiRequest("DELETE", `${TEMPLATES_PATH}/${id}`));
export const useApplyTemplate = () =>
  usePlanningMutation(({ id, ...body }: ApplyTemplateInput & { id: string }) => apiRequest<ApplyResult>("POST", `${TEMPLATES_PATH}/${id}/apply`, body));
export const useCopyLastWeek = () => usePlanningMutation((body: CopyWeekInput) => apiRequest<ApplyResult>("POST", "/api/schedule/copy-week", body));
export const useSubmitAvailability = () => usePlanningMutation((body: SubmitAvailabilityInput) => apiRequest<AvailabilityChange>("POST", AVAILABILITY_PATH, body));
export const useDecideAvailability = () =>
  usePlanningMutation(({ id, decision, note }: { id: string; decision: "approve" | "decline"; note?: string }) => apiRequest<AvailabilityChange>("POST", `${AVAILABILITY_PATH}/${id}/decision`, { decision, note }));
export const useWithdrawAvailability = () => usePlanningMutation((id: string) => apiRequest<AvailabilityChange>("POST", `${AVAILABILITY_PATH}/${id}/withdraw`));
export const useScheduleSettings = () => usePlanningMutation((body: ScheduleSettings) => apiRequest<ScheduleSettings>("PUT", "/api/schedule/settings", body));
