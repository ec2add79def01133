/**
 * Every path that changes what the punch-status poll shows bumps the member's poll
 * version in its own transaction, and the poll (answered from the per-process cache while the
 * version is current) shows the change at once. A matrix over the paths of the issue: punch in,
 * punch out, clock in, clock out, a completion that stops a clock, a new alert (a mention), one
 * marked read, an offline replay, an admin's correction; plus a snooze running out (no write).
 */
import { GET as getStatus } from "@/app/api/auth/punch/status/route";
import { POST as punchInHandler } from "@/app/api/auth/punch/in/route";
import { POST as punchOutHandler } from "@/app/api/auth/punch/out-with-reason/route";
import { POST as clockInHandler } from "@/app/api/tasks/[id]/clock-in/route";
import { POST as clockOutHandler } from "@/app/api/tasks/[id]/clock-out/route";
import { POST as completeHandler } from "@/app/api/tasks/[id]/complete/route";
import { POST as addComment } from "@/app/api/tasks/[id]/comments/route";
import { POST as markReadHandler } from "@/app/api/alerts/[id]/read/route";
import { POST as editHandler } from "@/app/api/admin/time/edits/route";
import { cacheStats, listenerReady } from "@/lib/cache/member-versions";
import { createPunchSession, createTask, createUnit, createUser } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();
const UA = { "user-agent": "jest-desktop/1.0", "x-bfs-peer-address": "203.0.113.9" };
type Headers = Record<string, string>;

const status = (headers: Headers, etag?: string) => call(getStatus, { path: "/api/auth/punch/status", headers: { ...headers, ...(etag ? { "if-none-match": etag } : {}) } });
const post = (handler: typeof getStatus, path: string, headers: Headers, body: unknown = {}, params: Record<string, string> = {}) =>
  call(handler, { method: "POST", path, headers, body, params });

async function version(userId: string): Promise<number> {
  const row = await testDb.prisma.memberVersion.findUnique({ where: { userId } });
  return Number(row?.pollVersion ?? 0);
}

interface Member {
  id: string;
  email: string;
  headers: Headers;
}

async function member(role: "staff" | "admin" = "staff", name = "Pat"): Promise<Member> {
  const user = await createUser(testDb.prisma, { role, firstName: name });
  return { id: user.id, email: user.email, headers: { ...(await signIn(user)), ...UA } };
}

async function clockedInTask(who: Member) {
  const unit = await createUnit(testDb.prisma, {});
  await testDb.prisma.unitMembership.create({ data: { unitId: unit.id, userId: who.id } });
  const task = await createTask(testDb.prisma, { createdById: who.id, organizationalUnitId: unit.id, title: "Engrave the Whiskers urn", assigneeType: "user", assigneeId: who.id });
  return task;
}

beforeEach(async () => {
  expect(await listenerReady()).toBe(true);
});

/**
 * Polls once (filling the cache), checks the next poll is a cache hit answered 304 to its ETag,
 * runs `change`, then checks the version went up and the very next poll shows `expected`.
 */
async function expectBump(who: Member, change: () => Promise<unknown>, expected: (body: Record<string, unknown>) => void) {
  const first = await status(who.headers);
  expect(first.status).toBe(200);
  const etag = first.headers.get("etag")!;
  expect(etag).toMatch(/^W\/"/);
  const hitsBefore = cacheStats().hits;
  const again = await status(who.headers, etag);
  expect(again.status).toBe(304);
  expect(cacheStats().hits).toBeGreaterThan(hitsBefore);
  const before = await version(who.id);

  await change();

  expect(await version(who.id)).toBeGreaterThan(before);
  const after = await status(who.headers, etag);
  expect(after.status).toBe(200);
  expect(after.headers.get("etag")).not.toBe(etag);
  expected(after.body);
  return after.body;
}

describe("each change path bumps the poll version and the cached poll shows it at once", () => {
  it("punch in", async () => {
    const who = await member();
    await expectBump(who, () => post(punchInHandler, "/api/auth/punch/in", who.headers, { location: "desktop" }), (b) => expect(b.isPunchedIn).toBe(true));
  });

  it("punch out", async () => {
    const who = await member();
    expect((await post(punchInHandler, "/api/auth/punch/in", who.headers, { location: "desktop" })).status).toBe(201);
    await expectBump(
      who,
      async () => expect((await post(punchOutHandler, "/api/auth/punch/out-with-reason", who.headers, { location: "desktop", reason: "Lunch" })).status).toBe(200),
      (b) => expect(b.isPunchedIn).toBe(false),
    );
  });

  it("clock in and clock out of a task", async () => {
    const who = await member();
    const task = await clockedInTask(who);
    expect((await post(punchInHandler, "/api/auth/punch/in", who.headers, { location: "desktop" })).status).toBe(201);
    await expectBump(
      who,
      async () => expect((await post(clockInHandler, `/api/tasks/${task.id}/clock-in`, who.headers, {}, { id: task.id })).status).toBeLessThan(300),
      (b) => expect(b.activeTask).toMatchObject({ id: task.id }),
    );
    await expectBump(
      who,
      async () => expect((await post(clockOutHandler, `/api/tasks/${task.id}/clock-out`, who.headers, {}, { id: task.id })).status).toBeLessThan(300),
      (b) => expect(b.activeTask).toBeNull(),
    );
  });

  it("a completion that stops the clock", async () => {
    const who = await member();
    const task = await clockedInTask(who);
    expect((await post(punchInHandler, "/api/auth/punch/in", who.headers, { location: "desktop" })).status).toBe(201);
    expect((await post(clockInHandler, `/api/tasks/${task.id}/clock-in`, who.headers, {}, { id: task.id })).status).toBeLessThan(300);
    await expectBump(
      who,
      async () => expect((await post(completeHandler, `/api/tasks/${task.id}/complete`, who.headers, undefined, { id: task.id })).status).toBeLessThan(300),
      (b) => {
        const active = b.activeTask as { completedAt?: string | null } | null;
        // Completing either stops the clock or shows it running on a completed task: either way the answer changed.
        expect(active === null || typeof active.completedAt === "string").toBe(true);
      },
    );
  });

  it("a new alert (a mention) and the same alert marked read", async () => {
    const who = await member("staff", "Mo");
    const author = await member("staff", "Al");
    const unit = await createUnit(testDb.prisma, {});
    await testDb.prisma.unitMembership.createMany({ data: [{ unitId: unit.id, userId: who.id }, { unitId: unit.id, userId: author.id }] });
    const task = await createTask(testDb.prisma, { createdById: author.id, organizationalUnitId: unit.id, title: "Order the flowers" });
    await expectBump(
      who,
      async () =>
        expect(
          (await call(addComment, { method: "POST", path: `/api/tasks/${task.id}/comments`, headers: author.headers, params: { id: task.id }, body: { body: "<p>Can you?</p>", mentions: [who.id] } })).status,
        ).toBe(201),
      (b) => expect(b.unreadAlerts).toBe(1),
    );
    const recipient = await testDb.prisma.alertRecipient.findFirstOrThrow({ where: { userId: who.id } });
    await expectBump(
      who,
      async () => expect((await post(markReadHandler, `/api/alerts/${recipient.alertId}/read`, who.headers, undefined, { id: recipient.alertId })).status).toBeLessThan(300),
      (b) => expect(b.unreadAlerts).toBe(0),
    );
  });

  it("an offline replay of a punch made without a signal", async () => {
    const who = await member();
    const deviceTime = new Date(Date.now() - 10 * 60_000).toISOString();
    await expectBump(
      who,
      async () =>
        expect((await post(punchInHandler, "/api/auth/punch/in", who.headers, { location: "mobile", clientUuid: "7d1f2c3e-7a0b-4c1d-9e2f-0a1b2c3d4e5f", deviceTime })).status).toBe(201),
      (b) => {
        expect(b.isPunchedIn).toBe(true);
        expect(b.lastPunchIn).toBe(deviceTime);
      },
    );
  });

  it("an admin's correction of the member's punch", async () => {
    const who = await member();
    const admin = await member("admin", "Ada");
    const punchInAt = new Date(Date.now() - 3 * 3_600_000);
    const punchOutAt = new Date(punchInAt.getTime() + 2 * 3_600_000);
    const punch = await createPunchSession(testDb.prisma, { userId: who.id, punchInAt, punchOutAt });
    const corrected = new Date(punchInAt.getTime() - 15 * 60_000);
    await expectBump(
      who,
      async () =>
        expect(
          (await post(editHandler, "/api/admin/time/edits", admin.headers, { action: "update-punch", punchId: punch.id, punchInAt: corrected.toISOString(), punchOutAt: punchOutAt.toISOString(), reason: "Forgot to punch at the door" })).status,
        ).toBe(200),
      (b) => expect(b.lastPunchIn).toBe(corrected.toISOString()),
    );
  });

  it("a snooze running out (no write) ends the cached answer by time", async () => {
    const who = await member();
    const alert = await testDb.prisma.alert.create({
      data: { kind: "mention", subjectType: "user", subjectId: who.id, occurrence: "snooze", severity: "info", message: "m", snoozedUntil: new Date(Date.now() + 1_500) },
    });
    await testDb.prisma.alertRecipient.create({ data: { alertId: alert.id, userId: who.id } });
    expect((await status(who.headers)).body.unreadAlerts).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect((await status(who.headers)).body.unreadAlerts).toBe(1);
  });

  it("a member's poll never answers another member's If-None-Match with 304", async () => {
    const a = await member();
    const b = await member();
    const etagA = (await status(a.headers)).headers.get("etag")!;
    const res = await status(b.headers, etagA);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isPunchedIn: false, lastPunchIn: null, activeTask: null, unreadAlerts: 0 });
  });
});

describe("the poll's request line", () => {
  it("is written only when the poll fails or is slow; other routes log every request", async () => {
    const who = await member();
    const lines: string[] = [];
    const spy = jest.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
    process.env.LOG_IN_TESTS = "1";
    try {
      expect((await status(who.headers)).status).toBe(200);
      expect((await status({ ...UA })).status).toBe(401);
      expect((await post(punchInHandler, "/api/auth/punch/in", who.headers, { location: "desktop" })).status).toBe(201);
    } finally {
      delete process.env.LOG_IN_TESTS;
      spy.mockRestore();
    }
    const logged = lines.map((line) => JSON.parse(line) as { path: string; status: number });
    expect(logged.map((l) => [l.path, l.status])).toEqual([
      ["/api/auth/punch/status", 401],
      ["/api/auth/punch/in", 201],
    ]);
  });
});
