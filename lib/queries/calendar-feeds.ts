import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "@/lib/api-client";
import type * as op from "@/lib/calendar/contracts";
import type { CalendarFeedKind } from "@/lib/calendar/feeds";

/** My calendar feeds (docs/calendar.md): list, create (the URL answered once), revoke. */
export const CALENDAR_FEEDS_PATH = "/api/calendar-feeds";

type Answer<O extends { response: z.ZodType }> = z.output<O["response"]>;
export type CalendarFeedList = Answer<typeof op.listCalendarFeeds>;
export type CalendarFeed = CalendarFeedList["feeds"][number];
export type CalendarFeedCreated = Answer<typeof op.createCalendarFeed>;

export const useCalendarFeeds = () => useQuery<CalendarFeedList>({ queryKey: [CALENDAR_FEEDS_PATH] });

function useFeedMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: [CALENDAR_FEEDS_PATH] }) });
}

export const useCreateCalendarFeed = () => useFeedMutation((kind: CalendarFeedKind) => apiRequest<CalendarFeedCreated>("POST", CALENDAR_FEEDS_PATH, { kind }));
export const useRevokeCalendarFeed = () => useFeedMutation((id: string) => apiRequest<CalendarFeed>("DELETE", `${CALENDAR_FEEDS_PATH}/${id}`));
