/**
 * The calendar feeds a member can subscribe to (docs/calendar.md): one entry each, with the
 * permission a member needs for it. A new feed is one more entry here and one loader in
 * lib/services/calendar/feed-sources.ts.
 *
 * Pure data: safe for client components.
 */
import type { Permission } from "@/lib/auth/permissions";

export const CALENDAR_FEED_KINDS = ["my-tasks", "case-returns", "my-shifts"] as const;
export type CalendarFeedKind = (typeof CALENDAR_FEED_KINDS)[number];

export interface CalendarFeedDefinition {
  /** The calendar's name in the phone's calendar app. */
  label: string;
  description: string;
  permission: Permission;
}

export const CALENDAR_FEEDS: Record<CalendarFeedKind, CalendarFeedDefinition> = {
  "my-tasks": {
    label: "My tasks",
    description: "Open tasks assigned to you or your team that have a due date: at their due time, or all day when they have none.",
    permission: "calendar.feeds",
  },
  "case-returns": {
    label: "Promised case returns",
    description: "The front desk's list: every open memorial case on the day its return was promised to the family.",
    permission: "cases.read",
  },
  "my-shifts": {
    label: "My shifts",
    description: "Your published shifts, each from its start to its end, with the department and where.",
    permission: "schedule.read",
  },
};
