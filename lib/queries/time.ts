import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { apiRequest } from "@/lib/api-client";
import type { z } from "zod";
import type { PayrollExportSettingsInput, approvePeriodSchema, correctionDecisionSchema, lockPeriodSchema, withdrawApprovalSchema, correctionRequestSchema, TimePolicyInput, timeEditSchema, unlockPeriodSchema } from "@/lib/validations/time";

/**
 * Time administration writes. The screens are server-rendered, so a successful write
 * refreshes the route (router.refresh()) instead of invalidating client caches.
 */
function useRefreshingMutation<Input>(method: "POST" | "PUT", path: (input: Input) => string, body: (input: Input) => unknown = (i) => i) {
  const router = useRouter();
  return useMutation({
    mutationFn: (input: Input) => apiRequest(method, path(input), body(input)),
    onSuccess: () => router.refresh(),
  });
}

/** The edit as sent (dates as ISO strings); the schema is the request's contract. */
export type TimeEditRequest = z.input<typeof timeEditSchema>;

export const useTimeEdit = () => useRefreshingMutation<TimeEditRequest>("POST", () => "/api/admin/time/edits");
export const useRequestCorrection = () => useRefreshingMutation<z.input<typeof correctionRequestSchema>>("POST", () => "/api/time/corrections");
export const useDecideCorrection = () =>
  useRefreshingMutation<{ id: string } & z.input<typeof correctionDecisionSchema>>(
    "POST",
    (i) => `/api/admin/time/corrections/${i.id}`,
    ({ decision, note }) => ({ decision, note }),
  );
export const useApprovePeriod = () => useRefreshingMutation<z.input<typeof approvePeriodSchema>>("POST", () => "/api/admin/time/approvals");
export const useWithdrawApproval = () => useRefreshingMutation<z.input<typeof withdrawApprovalSchema>>("POST", () => "/api/admin/time/approvals/withdraw");
export const useLockPeriod = () => useRefreshingMutation<z.input<typeof lockPeriodSchema>>("POST", () => "/api/admin/time/locks");
export const useUnlockPeriod = () => useRefreshingMutation<z.input<typeof unlockPeriodSchema>>("POST", () => "/api/admin/time/approvals/unlock");
export const useSavePayrollExportSettings = () => useRefreshingMutation<PayrollExportSettingsInput>("PUT", () => "/api/admin/time/payroll/settings");
export const useSaveTimePolicy = () => useRefreshingMutation<TimePolicyInput>("PUT", () => "/api/admin/time/policy");
