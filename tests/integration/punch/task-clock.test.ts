import { GET as getStatus } from "@/app/api/auth/punch/status/route";
import { POST as punchInHandler } from "@/app/api/auth/punch/in/route";
import { POST as clockInHandler } from "@/app/api/tasks/[id]/clock-in/route";
import { POST as clockOutHandler } from "@/app/api/tasks/[id]/clock-out/route";
import { createTask, createUnit, createUser } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();

const H = { "user-agent": "jest-tablet/2.0", "x-bfs-peer-address": "198.51.100.9" };

async function person(role: "admin" | "manager" | "staff" = "staff") {
  const user = await createUser(testDb.prisma, { role });
  return { user, headers: { ...(await signIn(user)), ...H } };
}

async function task(createdById: string, extra: Record<string, unknown> = {}) {
  const unit = await createUnit(testDb.prisma, {});
  return createTask(testDb.prisma, { createdById, organizationalUnitId: unit.id, ...extra });
}

const clockIn = (headers: Record<string, string> | undefined, id: string, body: unknown = {}) =>
  call(clockInHandler, { method: "POST", path: `/api/tasks/${id}/clock-in`, headers, params: { id }, body });
const clockOut = (headers: Record<string, string> | undefined, id: string, body: unknown = {}) =>
  call(clockOutHandler, { method: "POST", path: `/api/tasks/${id}/clock-out`, headers, params: { id }, body });
const punchIn = (headers: Record<string, string>) => call(punchInHandler, { method: "POST", path: "/api/auth/punch/in", headers, body: { location: "desktop" } });

const PUNCH_IN_FIRST = "Not punched in: you need to punch in for work before clocking into a task.";

describe("POST /api/tasks/{id}/clock-in", () => {
  it("401 for anonymous callers", async () => {
    const { user } = await person();
    const t = await task(user.id);
    expect((await clockIn(undefined, t.id)).status).toBe(401);
    expect((await clockOut(undefined, t.id)).status).toBe(401);
    expect(await testDb.prisma.taskTimeEntry.count({ where: { taskId: t.id } })).toBe(0);
  });

  it("needs an open punch: 400 with 'punch in for work' and requiresPunchIn", async () => {
    const { user, headers } = await person();
    const t = await task(user.id);
    const res = await clockIn(headers, t.id);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: PUNCH_IN_FIRST, code: "BAD_REQUEST", requiresPunchIn: true });
    expect(res.body.message).toContain("punch in for work");
    expect(await testDb.prisma.taskTimeEntry.count({ where: { userId: user.id } })).toBe(0);
  });

  it("clocks into a task inside the open punch and records where from", async () => {
    const { user, headers } = await person();
    const t = await task(user.id, { title: "Prepare the memorial garden" });
    await punchIn(headers);
    const res = await clockIn(headers, t.id, { location: "front-desk", source: "qr" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      created: true,
      entry: { taskId: t.id, endedAt: null, source: "qr", location: "front-desk" },
      activeTask: { id: t.id, displayNumber: t.displayNumber, title: "Prepare the memorial garden" },
    });
    const punch = await testDb.prisma.punchSession.findFirstOrThrow({ where: { userId: user.id } });
    const entry = await testDb.prisma.taskTimeEntry.findFirstOrThrow({ where: { userId: user.id } });
    expect(entry).toMatchObject({ punchSessionId: punch.id, userAgent: "jest-tablet/2.0", ip: "198.51.100.9", endedAt: null });
    expect(entry.startedAt.getTime()).toBeGreaterThanOrEqual(punch.punchInAt.getTime());

    const status = await call(getStatus, { path: "/api/auth/punch/status", headers });
    expect(status.body.activeTask).toEqual({ id: t.id, displayNumber: t.displayNumber, title: "Prepare the memorial garden", startedAt: entry.startedAt.toISOString(), completedAt: null, completedBy: null });
    expect(await testDb.prisma.auditLog.count({ where: { action: "task.clock_in", entityId: entry.id, actorId: user.id } })).toBe(1);
  });

  it("refuses a recurring series (time goes on its occurrences): 400, no clock", async () => {
    const { user, headers } = await person();
    const series = await task(user.id, { isRecurring: true, recurringPattern: "daily" });
    await punchIn(headers);
    const res = await clockIn(headers, series.id);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("A recurring series can't be clocked into: clock into one of its tasks instead.");
    expect(await testDb.prisma.taskTimeEntry.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses a completed or cancelled task with 409 (reopen it first), no clock; reopened, it clocks in", async () => {
    const { user, headers } = await person();
    const done = await task(user.id, { status: "completed", completedAt: new Date() });
    const cancelled = await task(user.id, { status: "cancelled" });
    await punchIn(headers);
    const res = await clockIn(headers, done.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: `Task #${done.displayNumber} is completed: reopen it before clocking into it.`, code: "CONFLICT", status: "completed" });
    expect((await clockIn(headers, cancelled.id)).body).toMatchObject({ status: "cancelled" });
    expect(await testDb.prisma.taskTimeEntry.count({ where: { userId: user.id } })).toBe(0);
    await testDb.prisma.task.update({ where: { id: done.id }, data: { status: "open", completedAt: null } });
    expect((await clockIn(headers, done.id)).body).toMatchObject({ created: true, entry: { taskId: done.id } });
  });

  it("defaults the location to desktop when the body is empty", async () => {
    const { user, headers } = await person();
    const t = await task(user.id);
    await punchIn(headers);
    expect((await clockIn(headers, t.id, undefined)).status).toBe(200);
    expect(await testDb.prisma.taskTimeEntry.findFirstOrThrow({ where: { userId: user.id } })).toMatchObject({ source: "desktop", location: "desktop" });
  });

  it("is idempotent for the task already running", async () => {
    const { user, headers } = await person();
    const t = await task(user.id);
    await punchIn(headers);
    const first = await clockIn(headers, t.id);
    const second = await clockIn(headers, t.id);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ created: false, entry: { id: first.body.entry.id } });
    expect(await testDb.prisma.taskTimeEntry.count({ where: { userId: user.id } })).toBe(1);
  });

  it("refuses a second task with 409 'Cannot punch into task' naming the running one (hasConflict, conflictingTask, activeTask)", async () => {
    const { user, headers } = await person();
    const a = await task(user.id, { title: "Call the Hendersons" });
    const b = await task(user.id, { title: "Order urns" });
    await punchIn(headers);
    await clockIn(headers, a.id);
    const res = await clockIn(headers, b.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message: `Cannot punch into task #${b.displayNumber} while you are clocked into task #${a.displayNumber} (Call the Hendersons). Clock out of it first.`,
      code: "CONFLICT",
      hasConflict: true,
      conflictingTask: { id: a.id, displayNumber: a.displayNumber, title: "Call the Hendersons" },
      activeTask: { id: a.id, displayNumber: a.displayNumber, title: "Call the Hendersons" },
    });
    const open = await testDb.prisma.taskTimeEntry.findMany({ where: { userId: user.id, endedAt: null } });
    expect(open.map((e) => e.taskId)).toEqual([a.id]);
  });

  it("404 for a task the caller may not see: someone else's private task, a deleted task, an unknown id", async () => {
    const { user, headers } = await person();
    const { user: other } = await person();
    const privateTask = await task(other.id, { isPrivate: true });
    const deleted = await task(other.id, { deletedAt: new Date(), deletedById: other.id });
    await punchIn(headers);
    for (const id of [privateTask.id, deleted.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const res = await clockIn(headers, id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Task not found", code: "NOT_FOUND" });
    }
    expect(await testDb.prisma.taskTimeEntry.count({ where: { userId: user.id } })).toBe(0);
  });

  it("lets the creator and admins clock into a private task (but not a manager)", async () => {
    const creator = await person();
    const admin = await person("admin");
    const manager = await person("manager");
    const privateTask = await task(creator.user.id, { isPrivate: true });
    for (const who of [creator, admin, manager]) await punchIn(who.headers);
    expect((await clockIn(creator.headers, privateTask.id)).status).toBe(200);
    expect((await clockIn(admin.headers, privateTask.id)).status).toBe(200);
    expect((await clockIn(manager.headers, privateTask.id)).status).toBe(404);
  });

  it("rejects a bad body with 400 naming the field", async () => {
    const { user, headers } = await person();
    const t = await task(user.id);
    await punchIn(headers);
    const res = await clockIn(headers, t.id, { location: "", source: "qr" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("location is required");
    const bad = await clockIn(headers, t.id, { source: "carrier-pigeon" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^source must be/);
  });
});

describe("POST /api/tasks/{id}/clock-out", () => {
  it("closes the running clock and records where from", async () => {
    const { user, headers } = await person();
    const t = await task(user.id);
    await punchIn(headers);
    await clockIn(headers, t.id);
    const res = await clockOut(headers, t.id, { location: "mobile" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ entry: { taskId: t.id, endedAt: expect.any(String), endedByForce: false }, activeTask: null });
    const entry = await testDb.prisma.taskTimeEntry.findFirstOrThrow({ where: { userId: user.id } });
    expect(entry).toMatchObject({ endSource: "mobile", endLocation: "mobile", endUserAgent: "jest-tablet/2.0", endIp: "198.51.100.9" });
    expect(entry.endedAt!.getTime()).toBeGreaterThanOrEqual(entry.startedAt.getTime());
    expect((await call(getStatus, { path: "/api/auth/punch/status", headers })).body).toMatchObject({ isPunchedIn: true, activeTask: null });
    expect(await testDb.prisma.auditLog.count({ where: { action: "task.clock_out", entityId: entry.id } })).toBe(1);
  });

  it("409 when not clocked into that task (naming the running one, if any)", async () => {
    const { user, headers } = await person();
    const a = await task(user.id);
    const b = await task(user.id);
    await punchIn(headers);
    const none = await clockOut(headers, a.id);
    expect(none.status).toBe(409);
    expect(none.body).toEqual({ message: `You are not clocked into task #${a.displayNumber}.`, code: "CONFLICT", activeTask: null });
    await clockIn(headers, a.id);
    const other = await clockOut(headers, b.id);
    expect(other.status).toBe(409);
    expect(other.body.activeTask).toEqual({ id: a.id, displayNumber: a.displayNumber, title: a.title });
    expect(await testDb.prisma.taskTimeEntry.count({ where: { userId: user.id, endedAt: null } })).toBe(1);
  });

  it("404 for a task the caller may not see", async () => {
    const { headers } = await person();
    const { user: other } = await person();
    const privateTask = await task(other.id, { isPrivate: true });
    expect((await clockOut(headers, privateTask.id)).status).toBe(404);
  });

  it("always lets people stop their own running clock, even if the task became private to someone else", async () => {
    const { user, headers } = await person();
    const { user: other } = await person();
    const t = await task(other.id);
    await punchIn(headers);
    await clockIn(headers, t.id);
    await testDb.prisma.task.update({ where: { id: t.id }, data: { isPrivate: true } });
    expect((await clockOut(headers, t.id)).status).toBe(200);
    expect(await testDb.prisma.taskTimeEntry.count({ where: { userId: user.id, endedAt: null } })).toBe(0);
  });

  it("after clocking out, another task may be clocked into", async () => {
    const { user, headers } = await person();
    const a = await task(user.id);
    const b = await task(user.id);
    await punchIn(headers);
    await clockIn(headers, a.id);
    await clockOut(headers, a.id);
    expect((await clockIn(headers, b.id)).status).toBe(200);
    const entries = await testDb.prisma.taskTimeEntry.findMany({ where: { userId: user.id }, orderBy: { startedAt: "asc" } });
    expect(entries.map((e) => e.taskId)).toEqual([a.id, b.id]);
  });
});
