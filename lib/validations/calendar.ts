import { z } from "zod";
import { CALENDAR_FEED_KINDS } from "@/lib/calendar/feeds";
import { isoDateTime } from "./common";

/** Calendar feeds (docs/calendar.md): the create body and the answers. */

export const createCalendarFeedSchema = z.object({
  kind: z.enum(CALENDAR_FEED_KINDS, { error: "is not a calendar you may subscribe to" }),
});

export const calendarFeedSchema = z.object({
  id: z.string(),
  kind: z.enum(CALENDAR_FEED_KINDS),
  label: z.string(),
  /** The token's first characters, to tell two feeds apart. */
  tokenHint: z.string(),
  createdAt: isoDateTime,
  lastUsedAt: isoDateTime.nullable(),
});

export const calendarFeedListSchema = z.object({
  /** The feeds this member may create. */
  available: z.array(z.object({ kind: z.enum(CALENDAR_FEED_KINDS), label: z.string(), description: z.string() })),
  /** This member's live feeds (revoked ones are gone). */
  feeds: z.array(calendarFeedSchema),
});

/** Create: the secret URL, shown this once (https and webcal forms). */
export const calendarFeedCreatedSchema = z.object({
  feed: calendarFeedSchema,
  url: z.string().describe("https URL of the .ics feed, shown once"),
  webcalUrl: z.string().describe("The same as webcal:// (opens the phone's calendar app)"),
});
