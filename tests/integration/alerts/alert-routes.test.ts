/** The routes no other alerts test drives end to end: snoozing from the bell, the details behind an accountability figure, and expected start times. */
import { GET as myAlerts } from "@/app/api/alerts/route";
import { POST as snooze } from "@/app/api/alerts/[id]/snooze/route";
import { POST as markRead } from "@/app/api/alerts/[id]/read/route";
import { GET as punchStatus } from "@/app/api/auth/punch/status/route";
import { GET as accountabilityDetails } from "@/app/api/admin/accountability/details/route";
import { GET as listStarts, PUT as setStart } from "@/app/api/admin/expected-starts/route";
import { DELETE as deleteStart } from "@/app/api/admin/expected-starts/[id]/route";
import { evaluateRules } from "@/lib/services/alerts/evaluate-rules";
import { createTask, createUser } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { HOUR, rule, team } from "./fixtures";
import { addDays, businessToday } from "@/lib/dates";

const testDb = useTestDatabase();
let admin: Awaited<ReturnType<typeof createUser>>;
let adminHeaders: Record<string, string>;
let staffHeaders: Record<string, string>;

beforeAll(async () => {
  admin = await createUser(testDb.prisma, { role: "admin" });
  adminHeaders = await signIn(admin);
  staffHeaders = await signIn(await createUser(testDb.prisma, { role: "staff" }));
});

describe("snoozing an alert", () => {
  it("hides it from the bell until the snooze ends; others get 404, bad minutes 400", async () => {
    const { unit, member } = await team(testDb.prisma);
    await createTask(testDb.prisma, { createdById: admin.id, organizationalUnitId: unit.id, assigneeId: member.id, assigneeType: "user", dueDate: new Date(Date.now() - 5 * HOUR) });
    const r = await rule(testDb.prisma, admin.id, { kind: "task_overdue", config: { threshold: 2 }, scope: "department", scopeUnitId: unit.id });
    await evaluateRules({ ruleId: r.id });
    const headers = await signIn(member);
    const bell = await call(myAlerts, { path: "/api/alerts", headers });
    expect(bell.body.items).toHaveLength(1);
    const id = bell.body.items[0].id;
    const path = `/api/alerts/${id}/snooze`;

    expect((await call(snooze, { method: "POST", path, params: { id }, body: { minutes: 60 } })).status).toBe(401);
    expect((await call(snooze, { method: "POST", path, params: { id }, headers: staffHeaders, body: { minutes: 60 } })).status).toBe(404);
    const bad = await call(snooze, { method: "POST", path, params: { id }, headers, body: { minutes: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("minutes");

    const snoozed = await call(snooze, { method: "POST", path, params: { id }, headers, body: { minutes: 60 } });
    expect(snoozed.status).toBe(200);
    expect(snoozed.body).toEqual({ ok: true, snoozedUntil: expect.any(String) });
    expect(Date.parse(snoozed.body.snoozedUntil)).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect((await call(myAlerts, { path: "/api/alerts", headers })).body).toMatchObject({ items: [], unreadCount: 0 });
    // The header's poll counts it on the same clock as the bell (at a TEST_NOW boundary, not the database's now()).
    expect((await call(punchStatus, { path: "/api/auth/punch/status", headers })).body).toMatchObject({ unreadAlerts: 0 });
  });
});

describe("opening an alert from the bell", () => {
  it("marks it read for that recipient only: the count drops, it stays listed; others 404, anonymous 401", async () => {
    const { unit, member } = await team(testDb.prisma);
    const colleague = await createUser(testDb.prisma, { role: "staff" });
    const task = await createTask(testDb.prisma, { createdById: admin.id, organizationalUnitId: unit.id, assigneeId: member.id, assigneeType: "user", dueDate: new Date(Date.now() - 5 * HOUR) });
    await testDb.prisma.taskAssignment.create({ data: { taskId: task.id, userId: colleague.id } });
    const r = await rule(testDb.prisma, admin.id, { kind: "task_overdue", config: { threshold: 2 }, scope: "department", scopeUnitId: unit.id });
    await evaluateRules({ ruleId: r.id });
    const headers = await signIn(member);
    const theirs = await signIn(colleague);
    const before = await call(myAlerts, { path: "/api/alerts", headers });
    expect(before.body).toMatchObject({ unreadCount: 1, items: [{ read: false }] });
    expect((await call(myAlerts, { path: "/api/alerts", headers: theirs })).body.unreadCount).toBe(1);
    const id = before.body.items[0].id;
    const path = `/api/alerts/${id}/read`;

    expect((await call(markRead, { method: "POST", path, params: { id } })).status).toBe(401);
    expect((await call(markRead, { method: "POST", path, params: { id }, headers: staffHeaders })).status).toBe(404);
    expect((await call(markRead, { method: "POST", path, params: { id }, headers: adminHeaders })).status).toBe(404);
    expect((await call(markRead, { method: "POST", path: "/api/alerts/nope/read", params: { id: "nope" }, headers })).status).toBe(404);

    const read = await call(markRead, { method: "POST", path, params: { id }, headers });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ ok: true });
    const after = await call(myAlerts, { path: "/api/alerts", headers });
    expect(after.body).toMatchObject({ unreadCount: 0, items: [{ id, read: true }] });
    const row = await testDb.prisma.alertRecipient.findFirstOrThrow({ where: { alertId: id, userId: member.id } });
    expect(row.readAt).not.toBeNull();
    // Again: still 200, the first read time stays.
    expect((await call(markRead, { method: "POST", path, params: { id }, headers })).status).toBe(200);
    expect((await testDb.prisma.alertRecipient.findFirstOrThrow({ where: { alertId: id, userId: member.id } })).readAt).toEqual(row.readAt);
    // The colleague's copy of the same alert is still unread.
    expect((await call(myAlerts, { path: "/api/alerts", headers: theirs })).body.unreadCount).toBe(1);
  });
});

describe("accountability details", () => {
  it("lists the items behind a member's figure; staff 403, unknown metric 400", async () => {
    const { unit, member } = await team(testDb.prisma);
    const due = new Date(Date.now() - 5 * HOUR);
    await createTask(testDb.prisma, { title: "Return the urn", createdById: admin.id, organizationalUnitId: unit.id, assigneeId: member.id, assigneeType: "user", dueDate: due });
    const day = (offset: number) => addDays(businessToday(), offset);
    const query = `from=${day(-3)}&to=${day(1)}`;
    const path = `/api/admin/accountability/details?${query}&metric=overdue&userId=${member.id}`;

    expect((await call(accountabilityDetails, { path })).status).toBe(401);
    expect((await call(accountabilityDetails, { path, headers: staffHeaders })).status).toBe(403);
    expect((await call(accountabilityDetails, { path: `/api/admin/accountability/details?${query}&metric=nope`, headers: adminHeaders })).status).toBe(400);
    const res = await call(accountabilityDetails, { path, headers: adminHeaders });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([expect.objectContaining({ label: expect.stringContaining("Return the urn"), href: expect.stringMatching(/^\/tasks\//) })]);
  });
});

describe("expected start times", () => {
  it("sets, replaces, lists and removes a member's expected start", async () => {
    const member = await createUser(testDb.prisma, { firstName: "Ida", lastName: "Early" });
    const path = "/api/admin/expected-starts";
    expect((await call(listStarts, { path })).status).toBe(401);
    expect((await call(listStarts, { path, headers: staffHeaders })).status).toBe(403);
    expect((await call(setStart, { method: "PUT", path, headers: staffHeaders, body: { userId: member.id, time: "08:30" } })).status).toBe(403);
    const bad = await call(setStart, { method: "PUT", path, headers: adminHeaders, body: { userId: member.id, time: "8h30" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("time");
    expect((await call(setStart, { method: "PUT", path, headers: adminHeaders, body: { time: "08:30" } })).status).toBe(400);

    const set = await call(setStart, { method: "PUT", path, headers: adminHeaders, body: { userId: member.id, time: "08:30" } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ id: expect.any(String), userId: member.id, unitId: null, name: "Ida Early", time: "08:30" });
    // Setting it again replaces it (same row).
    const again = await call(setStart, { method: "PUT", path, headers: adminHeaders, body: { userId: member.id, time: "09:15" } });
    expect(again.body).toMatchObject({ id: set.body.id, time: "09:15" });
    const listed = await call(listStarts, { path, headers: adminHeaders });
    expect(listed.body.items.filter((i: { userId: string | null }) => i.userId === member.id)).toEqual([again.body]);

    const id = set.body.id;
    expect((await call(deleteStart, { method: "DELETE", path: `${path}/${id}`, params: { id }, headers: staffHeaders })).status).toBe(403);
    expect((await call(deleteStart, { method: "DELETE", path: `${path}/${id}`, params: { id }, headers: adminHeaders })).body).toEqual({ ok: true });
    expect((await call(deleteStart, { method: "DELETE", path: `${path}/${id}`, params: { id }, headers: adminHeaders })).status).toBe(404);
    expect((await call(listStarts, { path, headers: adminHeaders })).body.items.some((i: { id: string }) => i.id === id)).toBe(false);
  });
});
