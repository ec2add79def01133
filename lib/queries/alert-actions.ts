import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { MyAlertsDto } from "@/lib/validations/alerts";
import { ALERTS_PATH, MY_ALERTS_KEY } from "./alerts";
import { PUNCH_STATUS_KEY } from "./punch";

/** The bell panel's list and every alert write (the panel's and the admin's); the count is ./alerts.ts. */
export const ALERT_RULES_PATH = "/api/alerts/rules";
export const ADMIN_ALERTS_PATH = "/api/admin/alerts";

/**
 * The bell's list: loaded when the panel opens (the panel mounts only then; stale at once, so
 * every opening reads it again) and when the polled unread count changes while it is open
 * (`useAlertListFollowsCount`). Never polled (docs/alerts.md).
 */
export function useMyAlerts() {
  return useQuery<MyAlertsDto>({ queryKey: MY_ALERTS_KEY, staleTime: 0 });
}

/** An alert write: the bell's list, the admin's lists and rules, and the count on the punch status refresh. */
export function useAlertsMutation<Vars, Result = unknown>(fn: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [ALERTS_PATH] }),
        queryClient.invalidateQueries({ queryKey: [ADMIN_ALERTS_PATH] }),
        queryClient.invalidateQueries({ queryKey: [ALERT_RULES_PATH] }),
        // The bell's count rides on the punch status.
        queryClient.invalidateQueries({ queryKey: PUNCH_STATUS_KEY }),
      ]),
  });
}

export const useAcknowledgeAlert = () => useAlertsMutation((id: string) => apiRequest("POST", `${ALERTS_PATH}/${encodeURIComponent(id)}/acknowledge`, {}));
export const useSnoozeAlert = () =>
  useAlertsMutation(({ id, minutes }: { id: string; minutes: number }) => apiRequest("POST", `${ALERTS_PATH}/${encodeURIComponent(id)}/snooze`, { minutes }));
/** Opening an alert from the bell marks it read (the badge drops); acknowledging is still its own step. */
export const useMarkAlertRead = () => useAlertsMutation((id: string) => apiRequest("POST", `${ALERTS_PATH}/${encodeURIComponent(id)}/read`, {}));
export const useMarkAllAlertsRead = () => useAlertsMutation(() => apiRequest("POST", `${ALERTS_PATH}/read-all`, {}));
