/**
 * Calendar feeds: created with a secret URL shown once (only its hash stored), the .ics read
 * without sign-in and parsed back with ical.js (RFC 5545): my tasks at their due time in UTC or
 * all day on their business date, only mine and open; the front desk's promised case returns;
 * my published shifts from start to end;
 * revoked, unknown, someone else's and a deactivated owner's feeds are 404.
 */
import ICAL from "ical.js";
import { DELETE as revokeRoute } from "@/app/api/calendar-feeds/[id]/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/calendar-feeds/route";
import { GET as feedRoute } from "@/app/api/calendar/[token]/route";
import { addDays, dateColumnOf, dateKeyOf } from "@/lib/dates";
import { combineDayAndTime } from "@/lib/dates/day-time";
import { hashFeedToken } from "@/lib/services/calendar/manage-feeds";
import { createMemorialCase, createTask } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person, unitWith } from "../tasks/fixtures";

const testDb = useTestDatabase();

async function newFeed(headers: Record<string, string>, kind: string) {
  const res = await call(createRoute, { method: "POST", path: "/api/calendar-feeds", headers, body: { kind } });
  expect(res.status).toBe(201);
  return res.body as { feed: { id: string; tokenHint: string }; url: string; webcalUrl: string };
}

const tokenOf = (url: string) => new URL(url).pathname.split("/").pop()!;
const read = (url: string) => call(feedRoute, { path: new URL(url).pathname, params: { token: tokenOf(url) } });

function parse(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  return { root, events: root.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v)) };
}

describe("my tasks feed", () => {
  it("lists my open tasks with due dates, timed in UTC or all day, and parses as iCalendar", async () => {
    const me = await person(testDb.prisma, "staff");
    const other = await person(testDb.prisma, "staff");
    const unit = await unitWith(testDb.prisma, me.id, other.id);
    const day = addDays(dateKeyOf(new Date()), 3);
    const timed = await createTask(testDb.prisma, { createdById: other.id, organizationalUnitId: unit.id, title: "Call the florist", assigneeId: me.id, dueDate: combineDayAndTime(day, 14 * 60 + 30, "due") });
    const allDay = await createTask(testDb.prisma, { createdById: other.id, organizationalUnitId: unit.id, title: "Order urns", assigneeId: other.id, team: [{ userId: me.id }], dueDate: combineDayAndTime(addDays(day, 1), null, "due") });
    await createTask(testDb.prisma, { createdById: me.id, organizationalUnitId: unit.id, title: "Someone else's", assigneeId: other.id, dueDate: combineDayAndTime(day, null, "due") });
    await createTask(testDb.prisma, { createdById: me.id, organizationalUnitId: unit.id, title: "Already done", assigneeId: me.id, status: "completed", completedAt: new Date(), dueDate: combineDayAndTime(day, null, "due") });

    const { feed, url, webcalUrl } = await newFeed(me.headers, "my-tasks");
    expect(url).toMatch(/\/api\/calendar\/cal_[A-Za-z0-9_-]{43}\.ics$/);
    expect(webcalUrl).toBe(url.replace(/^https?:/, "webcal:"));
    const stored = await testDb.prisma.calendarFeed.findUniqueOrThrow({ where: { id: feed.id } });
    expect(stored.tokenHash).toBe(hashFeedToken(tokenOf(url).replace(/\.ics$/, "")));
    expect(JSON.stringify(stored)).not.toContain(tokenOf(url).slice(10, 30));

    const res = await read(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const { root, events } = parse(res.body);
    expect(root.getFirstPropertyValue("version")).toBe("2.0");
    expect(root.getFirstPropertyValue("x-wr-calname")).toMatch(/My tasks$/);
    expect(events.map((e) => e.summary).sort()).toEqual([`#${allDay.displayNumber} Order urns`, `#${timed.displayNumber} Call the florist`].sort());

    const florist = events.find((e) => e.summary.endsWith("Call the florist"))!;
    expect(florist.startDate.isDate).toBe(false);
    expect(florist.startDate.toJSDate().toISOString()).toBe(timed.dueDate.toISOString());
    expect(florist.endDate.toJSDate().getTime() - florist.startDate.toJSDate().getTime()).toBe(30 * 60_000);
    expect(florist.uid).toBe(`task-${timed.id}@bfs-tasks`);
    expect(florist.component.getFirstPropertyValue("url")).toMatch(new RegExp(`/tasks/${timed.id}$`));

    const urns = events.find((e) => e.summary.endsWith("Order urns"))!;
    expect(urns.startDate.isDate).toBe(true);
    expect(urns.startDate.toString()).toBe(addDays(day, 1));
    expect(urns.endDate.toString()).toBe(addDays(day, 2));

    // Last used is recorded; the list shows the feed without its secret.
    const list = await call(listRoute, { path: "/api/calendar-feeds", headers: me.headers });
    expect(list.body.feeds).toEqual([expect.objectContaining({ id: feed.id, kind: "my-tasks", label: "My tasks", tokenHint: tokenOf(url).slice(0, 10) })]);
    expect(list.body.feeds[0].lastUsedAt).not.toBeNull();
    expect(JSON.stringify(list.body)).not.toContain(tokenOf(url).replace(/\.ics$/, ""));
    expect(list.body.available.map((a: { kind: string }) => a.kind)).toEqual(["my-tasks", "case-returns", "my-shifts"]);
  });

  it("revoked, unknown, someone else's and a deactivated owner's feeds are 404; anonymous management is 401; a bad kind is 400", async () => {
    const me = await person(testDb.prisma, "staff");
    const other = await person(testDb.prisma, "staff");
    const { feed, url } = await newFeed(me.headers, "my-tasks");
    expect((await read(url.replace(/cal_(.)/, (_, c: string) => `cal_${c === "x" ? "y" : "x"}`))).status).toBe(404);
    expect((await call(revokeRoute, { method: "DELETE", path: `/api/calendar-feeds/${feed.id}`, headers: other.headers, params: { id: feed.id } })).status).toBe(404);
    expect((await read(url)).status).toBe(200);
    const revoked = await call(revokeRoute, { method: "DELETE", path: `/api/calendar-feeds/${feed.id}`, headers: me.headers, params: { id: feed.id } });
    expect(revoked.status).toBe(200);
    expect((await read(url)).status).toBe(404);
    expect((await call(listRoute, { path: "/api/calendar-feeds", headers: me.headers })).body.feeds).toEqual([]);

    const second = await newFeed(me.headers, "my-tasks");
    await testDb.prisma.user.update({ where: { id: me.id }, data: { isActive: false } });
    const gone = await read(second.url);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe("Calendar feed not found");

    expect((await call(listRoute, { path: "/api/calendar-feeds" })).status).toBe(401);
    const bad = await call(createRoute, { method: "POST", path: "/api/calendar-feeds", headers: other.headers, body: { kind: "everyone's-salaries" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^kind: /);
  });
});

describe("promised case returns feed", () => {
  it("shows open cases on their promised return day, all day; returned ones are left out", async () => {
    const desk = await person(testDb.prisma, "staff");
    const day = addDays(dateKeyOf(new Date()), 5);
    const biscuit = await createMemorialCase(testDb.prisma, { createdById: desk.id, petName: "Biscuit", familyName: "Henderson", promisedReturnDate: dateColumnOf(day) });
    await createMemorialCase(testDb.prisma, { createdById: desk.id, petName: "Mochi", familyName: "Tanaka", promisedReturnDate: dateColumnOf(day), returnedAt: new Date() });
    const { url } = await newFeed(desk.headers, "case-returns");
    const res = await read(url);
    expect(res.status).toBe(200);
    const { events } = parse(res.body);
    expect(events.map((e) => e.summary)).toEqual([`Return Biscuit (Henderson) · ${biscuit.number}`]);
    expect(events[0]!.startDate.isDate).toBe(true);
    expect(events[0]!.startDate.toString()).toBe(day);
  });
});

describe("my shifts feed", () => {
  it("lists my published shifts from start to end, not drafts and not someone else's", async () => {
    const me = await person(testDb.prisma, "staff");
    const other = await person(testDb.prisma, "staff");
    const unit = await unitWith(testDb.prisma, me.id, other.id);
    const day = addDays(dateKeyOf(new Date()), 2);
    const startsAt = combineDayAndTime(day, 8 * 60, "due");
    const endsAt = combineDayAndTime(day, 16 * 60 + 30, "due");
    const base = { unitId: unit.id, createdById: other.id, startsAt, endsAt };
    const mine = await testDb.prisma.shift.create({ data: { ...base, userId: me.id, roleLabel: "Front desk", punchLocation: "Front door", breakMinutes: 30, status: "published", publishedAt: new Date() } });
    await testDb.prisma.shift.create({ data: { ...base, userId: me.id, startsAt: combineDayAndTime(addDays(day, 1), 8 * 60, "due"), endsAt: combineDayAndTime(addDays(day, 1), 12 * 60, "due") } });
    await testDb.prisma.shift.create({ data: { ...base, userId: other.id, status: "published", publishedAt: new Date() } });

    const { url } = await newFeed(me.headers, "my-shifts");
    const res = await read(url);
    expect(res.status).toBe(200);
    const { root, events } = parse(res.body);
    expect(root.getFirstPropertyValue("x-wr-calname")).toMatch(/My shifts$/);
    expect(events).toHaveLength(1);
    const [shift] = events;
    expect(shift.uid).toBe(`shift-${mine.id}@bfs-tasks`);
    expect(shift.summary).toContain("Front desk");
    expect(shift.startDate.toJSDate().toISOString()).toBe(startsAt.toISOString());
    expect(shift.endDate.toJSDate().toISOString()).toBe(endsAt.toISOString());
    expect(shift.description).toContain("At Front door");
  });
});
