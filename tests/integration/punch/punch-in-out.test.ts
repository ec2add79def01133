import { GET as getStatus } from "@/app/api/auth/punch/status/route";
import { POST as punchInHandler } from "@/app/api/auth/punch/in/route";
import { POST as punchOutHandler } from "@/app/api/auth/punch/out-with-reason/route";
import { POST as clockInHandler } from "@/app/api/tasks/[id]/clock-in/route";
import { PUNCH_OUT_REASONS } from "@/lib/constants";
import { countUnreadAlerts } from "@/lib/services/alerts/count-unread-alerts";
import { getPunchPoll, getPunchStatus } from "@/lib/services/punch/get-punch-status";
import { createPunchSession, createTask, createTimeEntry, createUnit, createUser } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { PRIVATE_TASK_TITLE } from "@/lib/tasks/task-title";

const testDb = useTestDatabase();

const UA = { "user-agent": "jest-desktop/1.0", "x-bfs-peer-address": "203.0.113.7" };

async function staff() {
  const user = await createUser(testDb.prisma, { role: "staff" });
  return { user, headers: { ...(await signIn(user)), ...UA } };
}

const status = (headers: Record<string, string>) => call(getStatus, { path: "/api/auth/punch/status", headers });
const punchIn = (headers: Record<string, string> | undefined, body: unknown = { location: "desktop" }) =>
  call(punchInHandler, { method: "POST", path: "/api/auth/punch/in", headers, body });
const punchOut = (headers: Record<string, string> | undefined, body: unknown) =>
  call(punchOutHandler, { method: "POST", path: "/api/auth/punch/out-with-reason", headers, body });

async function taskFor(createdById: string, extra: Record<string, unknown> = {}) {
  const unit = await createUnit(testDb.prisma, {});
  return createTask(testDb.prisma, { createdById, organizationalUnitId: unit.id, title: "Engrave the Whiskers urn", ...extra });
}

describe("anonymous callers", () => {
  it("get 401 from every punch endpoint and nothing is written", async () => {
    expect((await status({})).status).toBe(401);
    expect((await punchIn(undefined)).status).toBe(401);
    expect((await punchOut(undefined, { location: "desktop", reason: "Lunch" })).status).toBe(401);
    expect(await testDb.prisma.punchSession.count()).toBe(0);
  });

  it("cannot use a made-up bearer token", async () => {
    const res = await status({ authorization: "Bearer eyJhbGciOiJIUzI1NiJ9.e30.bad" });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ message: "Unauthorized" });
  });
});

describe("GET /api/auth/punch/status", () => {
  it("starts punched out with no lastPunchIn", async () => {
    const { headers } = await staff();
    const res = await status(headers);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isPunchedIn: false, lastPunchIn: null, activeTask: null, unreadAlerts: 0 });
  });

  it("carries the bell's unread count: my open alerts not yet read (not read, acknowledged, snoozed or resolved ones, nor others')", async () => {
    const { user, headers } = await staff();
    const other = await staff();
    const now = Date.now();
    const alert = (data: Record<string, unknown> = {}) =>
      testDb.prisma.alert.create({ data: { kind: "mention", subjectType: "user", subjectId: user.id, occurrence: `o${Math.random()}`, severity: "info", message: "m", ...data } });
    const recipient = async (data: Record<string, unknown> = {}, userId = user.id) => testDb.prisma.alertRecipient.create({ data: { alertId: (await alert(data)).id, userId } });
    await recipient();
    await recipient();
    await testDb.prisma.alertRecipient.update({ where: { id: (await recipient()).id }, data: { readAt: new Date() } });
    await recipient({ acknowledgedAt: new Date() });
    await recipient({ resolvedAt: new Date() });
    await recipient({ snoozedUntil: new Date(now + 3_600_000) });
    await recipient({ snoozedUntil: new Date(now - 60_000) }); // the snooze is over
    await recipient({}, other.user.id);
    const res = await status(headers);
    expect(res.status).toBe(200);
    expect(res.body.unreadAlerts).toBe(3);
    expect((await status(other.headers)).body.unreadAlerts).toBe(1);
  });

  it("answers in one statement what the status read and the bell's count answer apart (a completed private task of someone else)", async () => {
    const { user } = await staff();
    const owner = await createUser(testDb.prisma, { role: "staff", firstName: "Ana", lastName: "Reyes" });
    const task = await taskFor(owner.id, { isPrivate: true });
    await testDb.prisma.task.update({ where: { id: task.id }, data: { status: "completed", completedAt: new Date(), completedById: owner.id } });
    const punch = await createPunchSession(testDb.prisma, { userId: user.id, punchInAt: new Date(Date.now() - 60_000) });
    await createTimeEntry(testDb.prisma, { userId: user.id, taskId: task.id, punchSessionId: punch.id });
    const alert = await testDb.prisma.alert.create({ data: { kind: "mention", subjectType: "user", subjectId: user.id, occurrence: "x", severity: "info", message: "m" } });
    await testDb.prisma.alertRecipient.create({ data: { alertId: alert.id, userId: user.id } });
    const caller = { userId: user.id, role: user.role };
    const poll = await getPunchPoll(caller);
    expect(poll).toEqual({ ...(await getPunchStatus(caller)), unreadAlerts: await countUnreadAlerts(user.id) });
    expect(poll).toMatchObject({ isPunchedIn: true, unreadAlerts: 1, activeTask: { id: task.id, title: PRIVATE_TASK_TITLE, completedBy: "Ana Reyes" } });
    const never = await staff();
    expect(await getPunchPoll({ userId: never.user.id, role: never.user.role })).toEqual({ isPunchedIn: false, lastPunchIn: null, activeTask: null, unreadAlerts: 0 });
  });

  it("shows only the caller's own punch", async () => {
    const a = await staff();
    const b = await staff();
    await createPunchSession(testDb.prisma, { userId: b.user.id });
    expect((await status(a.headers)).body.isPunchedIn).toBe(false);
    expect((await status(b.headers)).body.isPunchedIn).toBe(true);
  });

  it("reports the task clock as activeTask", async () => {
    const { user, headers } = await staff();
    const task = await taskFor(user.id);
    const punch = await createPunchSession(testDb.prisma, { userId: user.id, punchInAt: new Date(Date.now() - 60_000) });
    const entry = await createTimeEntry(testDb.prisma, { userId: user.id, taskId: task.id, punchSessionId: punch.id });
    const res = await status(headers);
    expect(res.body).toEqual({
      isPunchedIn: true,
      lastPunchIn: punch.punchInAt.toISOString(),
      activeTask: { id: task.id, displayNumber: task.displayNumber, title: "Engrave the Whiskers urn", startedAt: entry.startedAt.toISOString(), completedAt: null, completedBy: null },
      unreadAlerts: 0,
    });
  });
});

describe("POST /api/auth/punch/in", () => {
  it("punches in and records who, when and where from", async () => {
    const { user, headers } = await staff();
    const before = Date.now();
    const res = await punchIn(headers, { location: "desktop" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ isPunchedIn: true, lastPunchIn: expect.any(String), activeTask: null });

    const rows = await testDb.prisma.punchSession.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ inSource: "desktop", inLocation: "desktop", inUserAgent: "jest-desktop/1.0", inIp: "203.0.113.7", punchOutAt: null });
    expect(rows[0].punchInAt.getTime()).toBeGreaterThanOrEqual(before - 5);
    expect(rows[0].punchInAt.toISOString()).toBe(res.body.lastPunchIn);

    const after = await status(headers);
    expect(after.body).toMatchObject({ isPunchedIn: true, lastPunchIn: res.body.lastPunchIn });

    const audit = await testDb.prisma.auditLog.findMany({ where: { action: "punch.in", entityId: rows[0].id } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: user.id, entityType: "punch_session", metadata: { ip: "203.0.113.7", userAgent: "jest-desktop/1.0" } });
  });

  it("derives the source from the location: mobile, a QR post, or as the client says", async () => {
    for (const [body, source, location] of [
      [{ location: "mobile" }, "mobile", "mobile"],
      [{ location: "facility" }, "qr", "facility"],
      [{ location: "Front desk", source: "qr" }, "qr", "Front desk"],
      [{ location: "  desktop  " }, "desktop", "desktop"],
    ] as const) {
      const { user, headers } = await staff();
      expect((await punchIn(headers, body)).status).toBe(201);
      const row = await testDb.prisma.punchSession.findFirstOrThrow({ where: { userId: user.id } });
      expect({ inSource: row.inSource, inLocation: row.inLocation }).toEqual({ inSource: source, inLocation: location });
    }
  });

  it("refuses a second punch-in with 409 Already punched in and keeps one open punch", async () => {
    const { user, headers } = await staff();
    expect((await punchIn(headers)).status).toBe(201);
    const again = await punchIn(headers);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: "Already punched in", code: "CONFLICT" });
    expect(await testDb.prisma.punchSession.count({ where: { userId: user.id } })).toBe(1);
  });

  it.each([
    [{}, "location is required"],
    [{ location: "" }, "location is required"],
    [{ location: 42 }, "location must be text"],
    [{ location: "x".repeat(101) }, "location must be at most 100 characters"],
    [{ location: "desktop", source: "fax" }, 'source must be "desktop", "mobile" or "qr"'],
  ])("rejects %j with 400 naming the field", async (body, message) => {
    const { user, headers } = await staff();
    const res = await punchIn(headers, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await testDb.prisma.punchSession.count({ where: { userId: user.id } })).toBe(0);
  });

  it("rejects malformed JSON with 400", async () => {
    const { headers } = await staff();
    const res = await punchIn(headers, "{not json");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Malformed JSON body");
  });

  it("refuses a cross-site cookie POST (403) but accepts the mobile bearer token", async () => {
    const user = await createUser(testDb.prisma);
    const cookie = await signIn(user);
    const crossSite = await punchIn({ ...cookie, origin: "https://evil.example", "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    const bearer = await signIn(user, { via: "bearer" });
    const res = await punchIn({ ...bearer, "x-client-type": "mobile" }, { location: "mobile" });
    expect(res.status).toBe(201);
    expect((await testDb.prisma.punchSession.findFirstOrThrow({ where: { userId: user.id } })).inSource).toBe("mobile");
  });

  it("may start at the very instant the previous punch ended, never earlier", async () => {
    const { user, headers } = await staff();
    // A punch-out stamped slightly in the future (another server's clock ran ahead).
    const ahead = new Date(Date.now() + 2_000);
    await createPunchSession(testDb.prisma, { userId: user.id, punchInAt: new Date(Date.now() - 3_600_000), punchOutAt: ahead });
    const res = await punchIn(headers);
    expect(res.status).toBe(201);
    expect(res.body.lastPunchIn).toBe(ahead.toISOString());
  });
});

describe("POST /api/auth/punch/out-with-reason", () => {
  it.each(PUNCH_OUT_REASONS.filter((r) => r !== "Other"))("punches out with %s and stores the reason (extra text dropped)", async (reason) => {
    const { user, headers } = await staff();
    await punchIn(headers);
    const res = await punchOut(headers, { location: "desktop", reason, reasonOther: "should not be kept" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isPunchedIn: false, reason, reasonOther: null, activeTask: null, clockedOutOfTask: null });

    const row = await testDb.prisma.punchSession.findFirstOrThrow({ where: { userId: user.id } });
    expect(row).toMatchObject({
      outReason: reason,
      outReasonOther: null,
      outSource: "desktop",
      outLocation: "desktop",
      outUserAgent: "jest-desktop/1.0",
      outIp: "203.0.113.7",
      forcedTaskOut: false,
    });
    expect(row.punchOutAt!.getTime()).toBeGreaterThanOrEqual(row.punchInAt.getTime());
    expect((await status(headers)).body).toEqual({ isPunchedIn: false, lastPunchIn: row.punchInAt.toISOString(), activeTask: null, unreadAlerts: 0 });
    expect(await testDb.prisma.auditLog.count({ where: { action: "punch.out", entityId: row.id } })).toBe(1);
  });

  it("keeps the trimmed text for Other", async () => {
    const { user, headers } = await staff();
    await punchIn(headers);
    const res = await punchOut(headers, { location: "desktop", reason: "Other", reasonOther: "  Vet appointment  " });
    expect(res.status).toBe(200);
    const row = await testDb.prisma.punchSession.findFirstOrThrow({ where: { userId: user.id } });
    expect(row).toMatchObject({ outReason: "Other", outReasonOther: "Vet appointment" });
  });

  it.each([
    [{ location: "desktop", reason: "Other" }, "reasonOther is required when the reason is Other"],
    [{ location: "desktop", reason: "Other", reasonOther: "   " }, "reasonOther is required when the reason is Other"],
    [{ location: "desktop", reason: "Other", reasonOther: "x".repeat(501) }, "reasonOther must be at most 500 characters"],
    [{ location: "desktop" }, "reason must be one of: End of Workday, Lunch, Break, School, Personal, Other"],
    [{ location: "desktop", reason: "lunch" }, "reason must be one of: End of Workday, Lunch, Break, School, Personal, Other"],
    [{ reason: "Lunch" }, "location is required"],
    [{ location: "desktop", reason: "Lunch", forceClockOut: "yes" }, "forceClockOut must be true or false"],
  ])("rejects %j with 400 naming the field and leaves the punch open", async (body, message) => {
    const { user, headers } = await staff();
    await punchIn(headers);
    const res = await punchOut(headers, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await testDb.prisma.punchSession.findFirstOrThrow({ where: { userId: user.id } })).punchOutAt).toBeNull();
  });

  it("answers 409 Not punched in when there is no open punch", async () => {
    const { headers } = await staff();
    const res = await punchOut(headers, { location: "desktop", reason: "Lunch" });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: "Not punched in", code: "CONFLICT" });
    await punchIn(headers);
    await punchOut(headers, { location: "desktop", reason: "Lunch" });
    expect((await punchOut(headers, { location: "desktop", reason: "Lunch" })).body.message).toBe("Not punched in");
  });

  it("answers 409 with message and activeTask while clocked into a task, and changes nothing", async () => {
    const { user, headers } = await staff();
    const task = await taskFor(user.id);
    await punchIn(headers);
    expect((await call(clockInHandler, { method: "POST", path: `/api/tasks/${task.id}/clock-in`, headers, params: { id: task.id }, body: {} })).status).toBe(200);

    const res = await punchOut(headers, { location: "desktop", reason: "Lunch" });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message: `You are still clocked into task #${task.displayNumber} (Engrave the Whiskers urn). Clock out of the task first, or punch out anyway.`,
      code: "CONFLICT",
      hasConflict: true,
      conflictingTask: { id: task.id, displayNumber: task.displayNumber, title: "Engrave the Whiskers urn" },
      activeTask: { id: task.id, displayNumber: task.displayNumber, title: "Engrave the Whiskers urn" },
    });
    expect(await testDb.prisma.punchSession.count({ where: { userId: user.id, punchOutAt: null } })).toBe(1);
    expect(await testDb.prisma.taskTimeEntry.count({ where: { userId: user.id, endedAt: null } })).toBe(1);
  });

  it("with forceClockOut closes the task clock and the punch together", async () => {
    const { user, headers } = await staff();
    const task = await taskFor(user.id);
    await punchIn(headers);
    await call(clockInHandler, { method: "POST", path: `/api/tasks/${task.id}/clock-in`, headers, params: { id: task.id }, body: {} });

    const res = await punchOut(headers, { location: "desktop", reason: "End of Workday", forceClockOut: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      isPunchedIn: false,
      reason: "End of Workday",
      clockedOutOfTask: { id: task.id, displayNumber: task.displayNumber, title: "Engrave the Whiskers urn" },
    });

    const punch = await testDb.prisma.punchSession.findFirstOrThrow({ where: { userId: user.id } });
    const entry = await testDb.prisma.taskTimeEntry.findFirstOrThrow({ where: { userId: user.id } });
    expect(punch).toMatchObject({ forcedTaskOut: true, outReason: "End of Workday" });
    expect(entry).toMatchObject({ endedByForce: true, endSource: "desktop", endLocation: "desktop", endUserAgent: "jest-desktop/1.0", endIp: "203.0.113.7" });
    expect(entry.endedAt!.getTime()).toBeLessThanOrEqual(punch.punchOutAt!.getTime());
    expect(entry.startedAt.getTime()).toBeGreaterThanOrEqual(punch.punchInAt.getTime());
    expect((await status(headers)).body).toMatchObject({ isPunchedIn: false, activeTask: null });

    const audit = await testDb.prisma.auditLog.findMany({ where: { actorId: user.id, action: { in: ["task.clock_out", "punch.out"] } } });
    expect(audit.map((a) => a.action).sort()).toEqual(["punch.out", "task.clock_out"]);
    expect(audit.find((a) => a.action === "task.clock_out")).toMatchObject({ entityId: entry.id, metadata: { via: "punch-out", source: "desktop" } });
  });

  it("forceClockOut without a task clock is an ordinary punch-out", async () => {
    const { user, headers } = await staff();
    await punchIn(headers);
    const res = await punchOut(headers, { location: "desktop", reason: "Break", forceClockOut: true });
    expect(res.status).toBe(200);
    expect(res.body.clockedOutOfTask).toBeNull();
    expect((await testDb.prisma.punchSession.findFirstOrThrow({ where: { userId: user.id } })).forcedTaskOut).toBe(false);
  });

  it("punches in again after punching out: a new session, no overlap", async () => {
    const { user, headers } = await staff();
    await punchIn(headers);
    await punchOut(headers, { location: "desktop", reason: "Lunch" });
    const res = await punchIn(headers);
    expect(res.status).toBe(201);
    const rows = await testDb.prisma.punchSession.findMany({ where: { userId: user.id }, orderBy: { punchInAt: "asc" } });
    expect(rows).toHaveLength(2);
    expect(rows[1].punchInAt.getTime()).toBeGreaterThanOrEqual(rows[0].punchOutAt!.getTime());
  });
});
