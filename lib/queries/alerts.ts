import { useEffect, useRef } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { PUNCH_STATUS_KEY, type PunchStatus } from "./punch";
import type { MyAlertsDto } from "@/lib/validations/alerts";

/**
 * The bell's count, which every signed-in page shows (docs/alerts.md). The list, which loads when
 * the panel opens, and every alert write are in ./alert-actions.ts, out of the first load.
 */
export const ALERTS_PATH = "/api/alerts";

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
