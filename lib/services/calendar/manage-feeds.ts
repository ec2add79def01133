import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { z } from "zod";
import type { Caller } from "@/lib/auth/resolve-caller";
import { can } from "@/lib/auth/permissions";
import { CALENDAR_FEED_KINDS, CALENDAR_FEEDS, type CalendarFeedKind } from "@/lib/calendar/feeds";
import { db } from "@/lib/db";
import { forbidden, notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { appUrl } from "@/lib/services/mail/mailer";
import type { calendarFeedCreatedSchema, calendarFeedListSchema, calendarFeedSchema } from "@/lib/validations/calendar";

type FeedView = z.output<typeof calendarFeedSchema>;
export const CALENDAR_FEED_NOT_FOUND = "Calendar feed not found";
export const FEED_NOT_ALLOWED = "You may not subscribe to this calendar";

/** Only the SHA-256 of a token is stored (a leaked table opens no feed). */
export const hashFeedToken = (token: string) => createHash("sha256").update(token).digest("hex");

const feedSelect = { id: true, kind: true, tokenHint: true, createdAt: true, lastUsedAt: true } as const;

function toFeedView(row: { id: string; kind: string; tokenHint: string; createdAt: Date; lastUsedAt: Date | null }): FeedView {
  const kind = row.kind as CalendarFeedKind;
  return { id: row.id, kind, label: CALENDAR_FEEDS[kind]?.label ?? row.kind, tokenHint: row.tokenHint, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null };
}

export async function listCalendarFeeds(caller: Caller): Promise<z.output<typeof calendarFeedListSchema>> {
  const rows = await db.calendarFeed.findMany({ where: { userId: caller.userId, revokedAt: null }, select: feedSelect, orderBy: { createdAt: "asc" }, take: 50 });
  return {
    available: CALENDAR_FEED_KINDS.filter((kind) => can(caller, CALENDAR_FEEDS[kind].permission)).map((kind) => ({ kind, label: CALENDAR_FEEDS[kind].label, description: CALENDAR_FEEDS[kind].description })),
    feeds: rows.map(toFeedView),
  };
}

/** A new secret URL, answered once. */
export async function createCalendarFeed(caller: Caller, input: { kind: CalendarFeedKind }): Promise<z.output<typeof calendarFeedCreatedSchema>> {
  if (!can(caller, CALENDAR_FEEDS[input.kind].permission)) throw forbidden(FEED_NOT_ALLOWED);
  const token = `cal_${randomBytes(32).toString("base64url")}`;
  const row = await db.$transaction(async (tx) => {
    const created = await tx.calendarFeed.create({ data: { userId: caller.userId, kind: input.kind, tokenHash: hashFeedToken(token), tokenHint: token.slice(0, 10) }, select: feedSelect });
    await recordAudit(tx, { actorId: caller.userId, action: "calendar_feed.create", entityType: "calendar_feed", entityId: created.id, after: { kind: input.kind } });
    return created;
  });
  const url = `${appUrl()}/api/calendar/${token}.ics`;
  return { feed: toFeedView(row), url, webcalUrl: url.replace(/^https?:/, "webcal:") };
}

/** Revokes one of the caller's own feeds; someone else's (or an unknown one) is a 404. */
export async function revokeCalendarFeed(caller: Caller, id: string): Promise<FeedView> {
  return db.$transaction(async (tx) => {
    const row = await tx.calendarFeed.findFirst({ where: { id, userId: caller.userId, revokedAt: null }, select: feedSelect });
    if (!row) throw notFound(CALENDAR_FEED_NOT_FOUND);
    await tx.calendarFeed.update({ where: { id }, data: { revokedAt: new Date() } });
    await recordAudit(tx, { actorId: caller.userId, action: "calendar_feed.revoke", entityType: "calendar_feed", entityId: id });
    return toFeedView(row);
  });
}
