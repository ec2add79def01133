import { createHash, randomBytes } from "node:crypto";
import { everyone, signedIn, type ApiRow } from "../types";

/** Calendar feeds (docs/calendar.md): each member manages their own; the feed is public behind its token. */
type Ctx = Parameters<NonNullable<ApiRow["setup"]>>[0];

async function staffFeed(ctx: Ctx) {
  const token = `cal_${randomBytes(32).toString("base64url")}`;
  const feed = await ctx.db.calendarFeed.create({
    data: { userId: ctx.users.staff.id, kind: "my-tasks", tokenHash: createHash("sha256").update(token).digest("hex"), tokenHint: token.slice(0, 10) },
  });
  return { id: feed.id, token };
}

export const calendarRows: ApiRow[] = [
  { route: "/api/calendar-feeds", method: "GET", expect: signedIn(200) },
  { route: "/api/calendar-feeds", method: "POST", setup: async () => ({ body: { kind: "my-tasks" } }), expect: signedIn(201) },
  {
    route: "/api/calendar-feeds/[id]",
    method: "DELETE",
    setup: async (ctx) => ({ path: `/api/calendar-feeds/${(await staffFeed(ctx)).id}` }),
    // Only its owner (the staff member, on the web or the phone); anyone else's is "not there".
    expect: signedIn(404, { staff: 200, mobile: 200 }),
  },
  {
    route: "/api/calendar/[token]",
    method: "GET",
    setup: async (ctx) => ({ path: `/api/calendar/${(await staffFeed(ctx)).token}.ics` }),
    // The token is the credential: whoever holds the URL reads the feed, signed in or not.
    expect: everyone(200),
  },
];
