import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { apiRequest } from "@/lib/api-client";
import type { z } from "zod";
import type {
  PayrollExportSettingsInput,
  PayrollProviderSettings,
  PayrollProviderSettingsInput,
  approvePeriodSchema,
  correctionDecisionSchema,
  correctionListSchema,
  lockPeriodSchema,
  withdrawApprovalSchema,
  breakWaiverSchema,
  jurisdictionSettingsSchema,
  correctionRequestSchema,
  TimePolicyInput,
  timeCardQuerySchema,
  timeCardSchema,
  timeEditSchema,
  timeLogQuerySchema,
  timeLogSchema,
  unlockPeriodSchema,
} from "@/lib/validations/time";

export type TimeLogView = z.infer<typeof timeLogSchema>;
export type TimeCardView = z.infer<typeof timeCardSchema>;
export type CorrectionListView = z.infer<typeof correctionListSchema>;
export type TimeLogFilters = z.input<typeof timeLogQuerySchema>;
export type TimeCardFilters = z.input<typeof timeCardQuerySchema>;
/** What the page read on the server, so the screen paints without a round trip. */
export interface InitialDataOptions<T> {
  data: T;
  readAt: number;
}

const TIME_LOGS_PATH = "/api/time/logs";
const TIME_CARD_PATH = "/api/admin/time/card";
const CORRECTIONS_PATH = "/api/admin/time/corrections";
const TIME_KEYS = [TIME_LOGS_PATH, TIME_CARD_PATH, CORRECTIONS_PATH];

export const useTimeLog = (filters: TimeLogFilters, initial: InitialDataOptions<TimeLogView>) =>
  useQuery<TimeLogView>({ queryKey: [TIME_LOGS_PATH, filters], initialData: initial.data, initialDataUpdatedAt: initial.readAt });

export const useTimeCard = (filters: TimeCardFilters, initial: InitialDataOptions<TimeCardView>) =>
  useQuery<TimeCardView>({ queryKey: [TIME_CARD_PATH, filters], initialData: initial.data, initialDataUpdatedAt: initial.readAt, placeholderData: keepPreviousData });

/**
 * Every member of a pay period (no page, no search): what a payroll export holds, for the export
 * dialog's warnings (members without a payroll ID, members not approved yet).
 */
export const useWholeTimeCard = (period: string, enabled: boolean) =>
  useQuery<TimeCardView>({
    queryKey: [TIME_CARD_PATH, { period, whole: true }],
    queryFn: () => apiRequest<TimeCardView>("GET", `${TIME_CARD_PATH}?period=${encodeURIComponent(period)}`),
    enabled,
  });

export const useCorrectionList = (initial: InitialDataOptions<CorrectionListView>) =>
  useQuery<CorrectionListView>({ queryKey: [CORRECTIONS_PATH, {}], initialData: initial.data, initialDataUpdatedAt: initial.readAt });

/**
 * Time administration writes. A write can change every time screen's numbers (a punch edit moves
 * the card's totals and the member's log), so it refetches them all, and refreshes the route for
 * what the page passed down (the policy, the export settings).
 */
function useRefreshingMutation<Input>(method: "POST" | "PUT", path: (input: Input) => string, body: (input: Input) => unknown = (i) => i) {
  const router = useRouter();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => apiRequest(method, path(input), body(input)),
    // Not awaited: the write's own answer (and its toast) need not wait for the refetch.
    onSuccess: () => {
      for (const key of TIME_KEYS) void queryClient.invalidateQueries({ queryKey: [key] });
      router.refresh();
    },
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
export const useWaiveBreak = () => useRefreshingMutation<z.input<typeof breakWaiverSchema>>("POST", () => "/api/admin/time/break-waivers");
export const useSaveJurisdictions = () => useRefreshingMutation<z.input<typeof jurisdictionSettingsSchema>>("PUT", () => "/api/admin/time/jurisdictions");
export const useSaveTimePolicy = () => useRefreshingMutation<TimePolicyInput>("PUT", () => "/api/admin/time/policy");

/** The payroll provider layouts' settings (QuickBooks, ADP): docs/time.md, "Exports to payroll providers". */
export const PAYROLL_PROVIDERS_PATH = "/api/admin/time/payroll/providers";
export const usePayrollProviderSettings = () => useQuery<PayrollProviderSettings>({ queryKey: [PAYROLL_PROVIDERS_PATH] });
export const useSavePayrollProviderSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayrollProviderSettingsInput) => apiRequest<PayrollProviderSettings>("PUT", PAYROLL_PROVIDERS_PATH, input),
    onSuccess: (saved) => queryClient.setQueryData([PAYROLL_PROVIDERS_PATH], saved),
  });
};
