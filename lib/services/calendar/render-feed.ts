import "server-only";
import ical from "ical-generator";
import { can } from "@/lib/auth/permissions";
import { CALENDAR_FEEDS, type CalendarFeedKind } from "@/lib/calendar/feeds";
import { COMPANY_NAME } from "@/lib/constants";
import { BUSINESS_TIME_ZONE, addDays } from "@/lib/dates";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { FEED_SOURCES } from "./feed-sources";
import { CALENDAR_FEED_NOT_FOUND, hashFeedToken } from "./manage-feeds";

/** How often a calendar app should poll (REFRESH-INTERVAL / X-PUBLISHED-TTL): every hour. */
const REFRESH_SECONDS = 3600;

/**
 * GET /api/calendar/{token}: the feed as iCalendar text (RFC 5545, through ical-generator).
 * A wrong or revoked token, a deactivated owner, or an owner who lost the feed's permission are
 * the same 404. Timed entries are in UTC; all-day ones are the business date (VALUE=DATE).
 */
export async function renderCalendarFeed(tokenParam: string, now = new Date()): Promise<{ body: string; filename: string }> {
  const token = tokenParam.replace(/\.ics$/, "");
  const feed = await db.calendarFeed.findUnique({
    where: { tokenHash: hashFeedToken(token) },
    select: { id: true, kind: true, revokedAt: true, lastUsedAt: true, user: { select: { id: true, role: true, isActive: true } } },
  });
  const kind = feed?.kind as CalendarFeedKind | undefined;
  const definition = kind ? CALENDAR_FEEDS[kind] : undefined;
  if (!feed || !definition || feed.revokedAt || !feed.user.isActive || !can(feed.user.role, definition.permission)) throw notFound(CALENDAR_FEED_NOT_FOUND);

  const items = await FEED_SOURCES[kind!]({ userId: feed.user.id, role: feed.user.role }, now);
  // "Last used" at most once a minute: a phone polling often costs no write each time.
  if (!feed.lastUsedAt || now.getTime() - feed.lastUsedAt.getTime() > 60_000) {
    await db.calendarFeed.update({ where: { id: feed.id }, data: { lastUsedAt: now } });
  }

  const calendar = ical({ name: `${COMPANY_NAME}: ${definition.label}`, description: definition.description, timezone: null, ttl: REFRESH_SECONDS, prodId: { company: COMPANY_NAME, product: "BFS Tasks", language: "EN" } });
  calendar.x([{ key: "X-WR-TIMEZONE", value: BUSINESS_TIME_ZONE }]);
  for (const item of items) {
    calendar.createEvent({
      id: item.uid,
      summary: item.summary,
      description: item.description ?? null,
      url: item.url,
      stamp: now,
      lastModified: item.updatedAt ?? null,
      ...(item.day ? { start: item.day, end: addDays(item.day, 1), allDay: true } : { start: item.start!, end: item.end! }),
    });
  }
  return { body: calendar.toString(), filename: `${kind}.ics` };
}
