import { GET as getStatus } from "@/app/api/auth/punch/status/route";
import { POST as punchInHandler } from "@/app/api/auth/punch/in/route";
import { POST as clockInHandler } from "@/app/api/tasks/[id]/clock-in/route";
import { POST as completeHandler } from "@/app/api/tasks/[id]/complete/route";
import { DELETE as deleteHandler, PATCH as patchHandler } from "@/app/api/tasks/[id]/route";
import { POST as deactivateHandler } from "@/app/api/members/[id]/deactivate/route";
import { createTask, createUnit, createUser } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

/** Timers follow the work: completing, deleting, unassigning and deactivating close the task clocks they end. */

const testDb = useTestDatabase();

type Headers = Record<string, string>;

async function person(role: "admin" | "manager" | "staff" = "staff", extra: Record<string, unknown> = {}) {
  const user = await createUser(testDb.prisma, { role, ...extra });
  return { user, headers: await signIn(user) };
}

async function task(createdById: string, extra: Record<string, unknown> = {}) {
  const unit = await createUnit(testDb.prisma, {});
  return createTask(testDb.prisma, { createdById, organizationalUnitId: unit.id, ...extra });
}

const punchIn = (headers: Headers) => call(punchInHandler, { method: "POST", path: "/api/auth/punch/in", headers, body: { location: "desktop" } });
const clockIn = (headers: Headers, id: string) => call(clockInHandler, { method: "POST", path: `/api/tasks/${id}/clock-in`, headers, params: { id }, body: {} });
const complete = (headers: Headers | undefined, id: string) => call(completeHandler, { method: "POST", path: `/api/tasks/${id}/complete`, headers, params: { id } });
const remove = (headers: Headers, id: string) => call(deleteHandler, { method: "DELETE", path: `/api/tasks/${id}`, headers, params: { id } });
const patch = (headers: Headers, id: string, body: unknown) => call(patchHandler, { method: "PATCH", path: `/api/tasks/${id}`, headers, params: { id }, body });
const status = (headers: Headers) => call(getStatus, { path: "/api/auth/punch/status", headers });

async function onTheClock(headers: Headers, taskId: string) {
  expect((await punchIn(headers)).status).toBe(201);
  expect((await clockIn(headers, taskId)).status).toBe(200);
}

const openClocksOn = (taskId: string) => testDb.prisma.taskTimeEntry.count({ where: { taskId, endedAt: null } });

describe("POST /api/tasks/{id}/complete stops the completer's own task clock", () => {
  it("401 for anonymous callers, and nothing changes", async () => {
    const { user, headers } = await person();
    const t = await task(user.id);
    await onTheClock(headers, t.id);
    expect((await complete(undefined, t.id)).status).toBe(401);
    expect(await openClocksOn(t.id)).toBe(1);
  });

  it("403 for a member who may not change the task, and their clock keeps running", async () => {
    const { user: owner } = await person();
    const { headers } = await person();
    const t = await task(owner.id);
    await onTheClock(headers, t.id);
    const res = await complete(headers, t.id);
    expect(res.status).toBe(403);
    expect(await openClocksOn(t.id)).toBe(1);
    expect((await testDb.prisma.task.findUniqueOrThrow({ where: { id: t.id } })).status).not.toBe("completed");
  });

  it("404 for a task that is not there or not a uuid", async () => {
    const { headers } = await person();
    expect((await complete(headers, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await complete(headers, "not-a-uuid")).status).toBe(404);
  });

  it("completing the task you are clocked into closes that clock in the same write and says so", async () => {
    const { user, headers } = await person();
    const t = await task(user.id, { title: "Engrave the Whiskers urn" });
    await onTheClock(headers, t.id);

    const res = await complete(headers, t.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: t.id, status: "completed", clockedOutOfTask: { id: t.id, displayNumber: t.displayNumber, title: "Engrave the Whiskers urn" } });

    expect(await openClocksOn(t.id)).toBe(0);
    const entry = await testDb.prisma.taskTimeEntry.findFirstOrThrow({ where: { taskId: t.id } });
    expect(entry).toMatchObject({ endLocation: "task-completed", endedByForce: false });
    expect(entry.endedAt!.getTime()).toBeGreaterThanOrEqual(entry.startedAt.getTime());
    expect(await testDb.prisma.auditLog.count({ where: { action: "task.clock_out", entityId: entry.id, actorId: user.id } })).toBe(1);
    // The shift goes on: only the task clock stopped.
    expect((await status(headers)).body).toMatchObject({ isPunchedIn: true, activeTask: null });

    // A retry changes nothing and says no clock was stopped.
    const again = await complete(headers, t.id);
    expect(again.status).toBe(200);
    expect(again.body.clockedOutOfTask).toBeNull();
    expect(await testDb.prisma.auditLog.count({ where: { action: "task.clock_out", entityId: entry.id } })).toBe(1);
  });

  it("answers clockedOutOfTask null when the caller's clock runs on another task, and leaves it running", async () => {
    const { user, headers } = await person();
    const t = await task(user.id);
    const other = await task(user.id);
    await onTheClock(headers, other.id);
    const res = await complete(headers, t.id);
    expect(res.status).toBe(200);
    expect(res.body.clockedOutOfTask).toBeNull();
    expect(await openClocksOn(other.id)).toBe(1);
  });

  it("leaves someone else's clock alone; their next status says the task was completed and by whom", async () => {
    const { user: owner, headers: ownerHeaders } = await person("staff", { firstName: "Ana", lastName: "Reyes" });
    const { headers: workerHeaders } = await person();
    const t = await task(owner.id, { title: "Fold the memorial cards" });
    await onTheClock(workerHeaders, t.id);
    await onTheClock(ownerHeaders, t.id);

    const res = await complete(ownerHeaders, t.id);
    expect(res.status).toBe(200);
    expect(res.body.clockedOutOfTask).toMatchObject({ id: t.id });
    expect(await openClocksOn(t.id)).toBe(1);

    const theirs = await status(workerHeaders);
    expect(theirs.status).toBe(200);
    expect(theirs.body.activeTask).toMatchObject({ id: t.id, title: "Fold the memorial cards", completedAt: expect.any(String), completedBy: "Ana Reyes" });
  });
});

describe("PATCH /api/tasks/{id} closes the clocks it ends", () => {
  it("setting the status to completed stops the caller's clock on the task", async () => {
    const { user, headers } = await person();
    const t = await task(user.id);
    await onTheClock(headers, t.id);
    const res = await patch(headers, t.id, { status: "completed" });
    expect(res.status).toBe(200);
    expect(await openClocksOn(t.id)).toBe(0);
  });

  it("unassigning the only assignee stops their clock on the task; other people's stay", async () => {
    const { user: manager, headers: managerHeaders } = await person("admin");
    const { user: assignee, headers: assigneeHeaders } = await person();
    const { headers: helperHeaders } = await person();
    const t = await task(manager.id, { assigneeId: assignee.id });
    await onTheClock(assigneeHeaders, t.id);
    await onTheClock(helperHeaders, t.id);

    const res = await patch(managerHeaders, t.id, { assigneeId: null, assigneeType: "user" });
    expect(res.status).toBe(200);
    expect(await testDb.prisma.taskTimeEntry.count({ where: { taskId: t.id, userId: assignee.id, endedAt: null } })).toBe(0);
    expect(await openClocksOn(t.id)).toBe(1);
    const closed = await testDb.prisma.taskTimeEntry.findFirstOrThrow({ where: { taskId: t.id, userId: assignee.id } });
    expect(closed).toMatchObject({ endLocation: "unassigned", endedByForce: true });
    expect(await testDb.prisma.auditLog.count({ where: { action: "task.clock_out", entityId: closed.id, actorId: manager.id } })).toBe(1);
    expect((await status(assigneeHeaders)).body).toMatchObject({ isPunchedIn: true, activeTask: null });
  });

  it("removing a team member stops their clock on the task", async () => {
    const { user: manager, headers: managerHeaders } = await person("admin");
    const { user: member, headers: memberHeaders } = await person();
    const t = await task(manager.id, { team: [{ userId: member.id, isLead: true }] });
    await onTheClock(memberHeaders, t.id);
    expect((await patch(managerHeaders, t.id, { assigneeIds: [] })).status).toBe(200);
    expect(await openClocksOn(t.id)).toBe(0);
  });

  it("an edit that keeps the assignee leaves their clock running", async () => {
    const { user: manager, headers: managerHeaders } = await person("admin");
    const { user: assignee, headers: assigneeHeaders } = await person();
    const t = await task(manager.id, { assigneeId: assignee.id });
    await onTheClock(assigneeHeaders, t.id);
    expect((await patch(managerHeaders, t.id, { title: "Renamed" })).status).toBe(200);
    expect(await openClocksOn(t.id)).toBe(1);
  });
});

describe("DELETE /api/tasks/{id} closes every clock on the deleted tasks", () => {
  it("closes everyone's clock on the task and its sub-tasks, in the delete's transaction", async () => {
    const { user: owner, headers: ownerHeaders } = await person("admin");
    const { headers: a } = await person();
    const { headers: b } = await person();
    const parent = await task(owner.id);
    const child = await task(owner.id, { parentTaskId: parent.id });
    await onTheClock(a, parent.id);
    await onTheClock(b, child.id);

    const res = await remove(ownerHeaders, parent.id);
    expect(res.status).toBe(200);
    expect(res.body.deletedIds.sort()).toEqual([parent.id, child.id].sort());
    expect(await openClocksOn(parent.id)).toBe(0);
    expect(await openClocksOn(child.id)).toBe(0);
    const entries = await testDb.prisma.taskTimeEntry.findMany({ where: { taskId: { in: [parent.id, child.id] } } });
    expect(entries.map((e) => e.endLocation)).toEqual(["task-deleted", "task-deleted"]);
    expect(entries.every((e) => e.endedByForce)).toBe(true);
    expect((await status(a)).body).toMatchObject({ isPunchedIn: true, activeTask: null });
  });

  it("a clock-in racing the delete is closed by it or refused: no clock stays open on the deleted task", async () => {
    const { user: owner, headers: ownerHeaders } = await person("admin");
    const t = await task(owner.id, { availableForPickup: true });
    const members = await Promise.all(Array.from({ length: 8 }, () => person("admin")));
    await Promise.all(members.map(({ headers }) => punchIn(headers)));
    const [deleted, ...clocks] = await Promise.all([remove(ownerHeaders, t.id), ...members.map(({ headers }) => clockIn(headers, t.id))]);
    expect(deleted.status).toBe(200);
    expect(clocks.every((res) => res.status === 201 || res.status === 200 || res.status === 404)).toBe(true);
    expect(await openClocksOn(t.id)).toBe(0);
    // After the delete, the task is gone for a clock-in too.
    expect((await clockIn(members[0]!.headers, t.id)).status).toBe(404);
  });

  it("a refused delete (403) closes nothing", async () => {
    const { user: owner } = await person();
    const { headers } = await person();
    const t = await task(owner.id);
    await onTheClock(headers, t.id);
    expect((await remove(headers, t.id)).status).toBe(403);
    expect(await openClocksOn(t.id)).toBe(1);
  });
});

describe("POST /api/members/{id}/deactivate closes the member's task clock", () => {
  it("leaves no open clock and no open punch", async () => {
    const { headers: adminHeaders } = await person("admin");
    const { user, headers } = await person();
    const t = await task(user.id);
    await onTheClock(headers, t.id);
    const res = await call(deactivateHandler, { method: "POST", path: `/api/members/${user.id}/deactivate`, headers: adminHeaders, params: { id: user.id } });
    expect(res.status).toBe(200);
    expect(await openClocksOn(t.id)).toBe(0);
    expect(await testDb.prisma.punchSession.count({ where: { userId: user.id, punchOutAt: null } })).toBe(0);
  });
});
