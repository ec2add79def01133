/**
 * Calendar feeds' operations (lib/http/operation.ts): a member manages their own secret feed
 * URLs; the feed itself is public behind its token. No API key may manage feeds.
 */
import { defineOperation } from "@/lib/http/operation";
import { calendarFeedCreatedSchema, calendarFeedListSchema, calendarFeedSchema, createCalendarFeedSchema } from "@/lib/validations/calendar";

export const listCalendarFeeds = defineOperation({
  method: "GET",
  path: "/api/calendar-feeds",
  summary: "My calendar feeds and the ones I may create",
  access: { permission: "calendar.feeds" },
  response: calendarFeedListSchema,
});

export const createCalendarFeed = defineOperation({
  method: "POST",
  path: "/api/calendar-feeds",
  summary: "Create a calendar feed",
  description: "Answers with the feed's secret URL this once; only the token's hash is stored.",
  access: { permission: "calendar.feeds" },
  body: createCalendarFeedSchema,
  response: calendarFeedCreatedSchema,
  status: 201,
});

export const revokeCalendarFeed = defineOperation({
  method: "DELETE",
  path: "/api/calendar-feeds/[id]",
  summary: "Revoke one of my calendar feeds",
  description: "Its URL answers 404 from then on. Someone else's feed is a 404.",
  access: { permission: "calendar.feeds" },
  response: calendarFeedSchema,
});

export const getCalendarFeed = defineOperation({
  method: "GET",
  path: "/api/calendar/[token]",
  summary: "A calendar feed (iCalendar, RFC 5545)",
  description:
    "No sign-in: the token in the URL is the credential (`cal_…`, optionally ending in `.ics`). A wrong or revoked token, a deactivated member or one who lost the feed's permission is the same 404.",
  access: { public: true },
  produces: "text/calendar",
});
