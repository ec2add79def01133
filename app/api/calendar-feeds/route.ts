import * as op from "@/lib/calendar/contracts";
import { json, route } from "@/lib/http/route";
import { createCalendarFeed, listCalendarFeeds } from "@/lib/services/calendar/manage-feeds";

export const GET = route(op.listCalendarFeeds, async ({ caller }) => listCalendarFeeds(caller));

/** Returns the feed's secret URL this once. */
export const POST = route(op.createCalendarFeed, async ({ caller, body }) => json(await createCalendarFeed(caller, body), 201, { "Cache-Control": "no-store" }));
