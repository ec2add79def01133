import { useEffect, useRef } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { PUNCH_STATUS_KEY, type PunchStatus } from "./punch";
import type { MyAlertsDto } from "@/lib/validations/alerts";

/** Alerts paths (docs/alerts.md). */
export const ALERTS_PATH = "/api/alerts";
export const ALERT_RULES_PATH = "/api/alerts/rules";
export const ADMIN_ALERTS_PATH = "/api/admin/alerts";

export const MY_ALERTS_KEY = [ALERTS_PATH, { limit: 20 }] as const;

const selectUnread = (status: PunchStatus | null | undefined) => status?.unreadAlerts ?? 0;

/**
 * The bell's unread count, read from the punch-status poll (its `unreadAlerts`): no request of
 * its own. The header's `usePunchStatus` seeds and polls that query; this only observes it.
 */
export function useUnreadAlerts(): number {
  const { data } = useQuery<PunchStatus | null, Error, number>({ queryKey: PUNCH_STATUS_KEY, enabled: false, select: selectUnread });
  return data ?? 0;
}

/**
 * The bell's list: loaded when the panel opens (the panel mounts only then; stale at once, so
 * every opening reads it again) and when the polled unread count changes while it is open
 * (`useAlertListFollowsCount`). Never polled (docs/alerts.md).
 */
export function useMyAlerts() {
  return useQuery<MyAlertsDto>({ queryKey: MY_ALERTS_KEY, staleTime: 0 });
}

/**
 * Called once, by the header: when the polled unread count changes and the loaded list does not
 * already say that count, the list is refreshed (at once if the panel is open, else on opening).
 */
export function useAlertListFollowsCount() {
  const queryClient = useQueryClient();
  const unread = useUnreadAlerts();
  const last = useRef(unread);
  useEffect(() => {
    if (last.current === unread) return;
    last.current = unread;
    if (queryClient.getQueryData<MyAlertsDto>(MY_ALERTS_KEY)?.unreadCount === unread) return;
    void queryClient.invalidateQueries({ queryKey: [ALERTS_PATH] });
  }, [queryClient, unread]);
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
export const useMarkAllAlertsRead = () => useAlertsMutation(() => apiRequest("POST", `${ALERTS_PATH}/read-all`, {}));
