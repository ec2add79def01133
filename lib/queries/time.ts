import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { apiRequest } from "@/lib/api-client";
import type { CorrectionRequestInput, TimePolicyInput } from "@/lib/validations/time";

/**
 * Time administration writes. The screens are server-rendered, so a successful write
 * refreshes the route (router.refresh()) instead of invalidating client caches.
 */
type Jsonish<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | undefined ? string | undefined : T[K] };

function useRefreshingMutation<Input>(method: "POST" | "PUT", path: (input: Input) => string, body: (input: Input) => unknown = (i) => i) {
  const router = useRouter();
  return useMutation({
    mutationFn: (input: Input) => apiRequest(method, path(input), body(input)),
    onSuccess: () => router.refresh(),
  });
}

export type TimeEditRequest =
  | { action: "update-punch"; punchId: string; punchInAt: string; punchOutAt: string; reason: string }
  | { action: "create-punch"; userId: string; punchInAt: string; punchOutAt: string; reason: string }
  | { action: "split-punch"; punchId: string; at: string; gapMinutes: number; reason: string }
  | { action: "delete-punch"; punchId: string; reason: string }
  | { action: "update-entry"; entryId: string; startedAt: string; endedAt: string; reason: string }
  | { action: "delete-entry"; entryId: string; reason: string };

export const useTimeEdit = () => useRefreshingMutation<TimeEditRequest>("POST", () => "/api/admin/time/edits");
export const useRequestCorrection = () => useRefreshingMutation<Jsonish<CorrectionRequestInput>>("POST", () => "/api/time/corrections");
export const useDecideCorrection = () =>
  useRefreshingMutation<{ id: string; decision: "approve" | "reject"; note?: string }>(
    "POST",
    (i) => `/api/admin/time/corrections/${i.id}`,
    ({ decision, note }) => ({ decision, note }),
  );
export const useApprovePeriod = () => useRefreshingMutation<{ period: string; userIds?: string[] }>("POST", () => "/api/admin/time/approvals");
export const useUnlockPeriod = () => useRefreshingMutation<{ period: string; userId?: string; reason: string }>("POST", () => "/api/admin/time/approvals/unlock");
export const useSaveTimePolicy = () => useRefreshingMutation<TimePolicyInput>("PUT", () => "/api/admin/time/policy");
