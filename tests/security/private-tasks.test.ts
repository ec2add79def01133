/**
 * A private task of someone else stays out of reach through deletes,
 * sub-task parents, history and the punch clock.
 */
import { DELETE as deleteHandler, GET as getOne, PATCH as patchHandler } from "@/app/api/tasks/[id]/route";
import { GET as listHandler } from "@/app/api/tasks/route";
import { GET as historyHandler } from "@/app/api/tasks/[id]/history/route";
import { POST as restoreHandler } from "@/app/api/tasks/[id]/restore/route";
import { GET as statusHandler } from "@/app/api/auth/punch/status/route";
import { POST as punchInHandler } from "@/app/api/auth/punch/in/route";
import { POST as punchOutHandler } from "@/app/api/auth/punch/out-with-reason/route";
import { POST as clockInHandler } from "@/app/api/tasks/[id]/clock-in/route";
import { createTask } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person, unitWith } from "@/tests/integration/tasks/fixtures";
import { PRIVATE_TASK_TITLE } from "@/lib/tasks/task-title";

const testDb = useTestDatabase();
type Who = Awaited<ReturnType<typeof person>>;
let owner: Who, other: Who, admin: Who;
let unitId: string;

beforeAll(async () => {
  owner = await person(testDb.prisma);
  other = await person(testDb.prisma);
  admin = await person(testDb.prisma, "admin");
  unitId = (await unitWith(testDb.prisma, owner.id, other.id, admin.id)).id;
});

const task = (createdById: string, extra: Record<string, unknown> = {}) =>
  createTask(testDb.prisma, { createdById, organizationalUnitId: unitId, ...extra });
const del = (who: Who, id: string) => call(deleteHandler, { method: "DELETE", path: `/api/tasks/${id}`, headers: who.headers, params: { id } });
const deletedAt = async (id: string) => (await testDb.prisma.task.findUniqueOrThrow({ where: { id } })).deletedAt;

describe("deleting a parent never touches a sub-task the deleter cannot see", () => {
  it("only the visible sub-tasks go with it; the private one (and what is below it) stays; restore mirrors it", async () => {
    const parent = await task(other.id, { title: "Shared parent" });
    const visibleChild = await task(other.id, { parentTaskId: parent.id, title: "Visible child" });
    const privateChild = await task(owner.id, { parentTaskId: parent.id, isPrivate: true, title: "Owner's private child" });
    const belowPrivate = await task(owner.id, { parentTaskId: privateChild.id, title: "Below the private child" });

    const res = await del(other, parent.id);
    expect(res.status).toBe(200);
    expect(res.body.deletedIds.sort()).toEqual([parent.id, visibleChild.id].sort());
    expect(await deletedAt(parent.id)).not.toBeNull();
    expect(await deletedAt(visibleChild.id)).not.toBeNull();
    expect(await deletedAt(privateChild.id)).toBeNull();
    expect(await deletedAt(belowPrivate.id)).toBeNull();
    // The owner still has the private sub-task.
    expect((await call(getOne, { path: `/api/tasks/${privateChild.id}`, headers: owner.headers, params: { id: privateChild.id } })).status).toBe(200);

    const restored = await call(restoreHandler, { method: "POST", path: `/api/tasks/${parent.id}/restore`, headers: admin.headers, params: { id: parent.id } });
    expect(restored.status).toBe(200);
    expect(await deletedAt(parent.id)).toBeNull();
    expect(await deletedAt(visibleChild.id)).toBeNull();
    expect(await deletedAt(privateChild.id)).toBeNull();
  });

  it("an admin's delete takes the whole tree (admins see every task)", async () => {
    const parent = await task(other.id);
    const privateChild = await task(owner.id, { parentTaskId: parent.id, isPrivate: true });
    expect((await del(admin, parent.id)).status).toBe(200);
    expect(await deletedAt(privateChild.id)).not.toBeNull();
  });
});

describe("a visible sub-task does not reveal its private parent's id", () => {
  it("detail, list and history withhold the id (null + parentHidden), and an edit keeps the parent", async () => {
    const privateParent = await task(owner.id, { isPrivate: true, title: "Secret parent" });
    const child = await task(owner.id, { parentTaskId: privateParent.id, title: "Public child of secret", assigneeType: "user", assigneeId: other.id });
    // A change of parent recorded in the history (before: none, after: the private parent).
    await testDb.prisma.auditLog.create({
      data: { actorId: owner.id, action: "task.update", entityType: "task", entityId: child.id, before: { parentTaskId: null }, after: { parentTaskId: privateParent.id } },
    });

    const detail = await call(getOne, { path: `/api/tasks/${child.id}`, headers: other.headers, params: { id: child.id } });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ parentTaskId: null, parentHidden: true, parentTask: null });
    expect(JSON.stringify(detail.body)).not.toContain(privateParent.id);

    const list = await call(listHandler, { path: `/api/tasks?q=${encodeURIComponent("Public child of secret")}`, headers: other.headers });
    expect(list.body.items).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(privateParent.id);

    const history = await call(historyHandler, { path: `/api/tasks/${child.id}/history`, headers: other.headers, params: { id: child.id } });
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).not.toContain(privateParent.id);
    expect(history.body.items[0].after).toMatchObject({ parentTaskId: null, parentHidden: true });

    // The owner (and admins) still see it.
    const mine = await call(getOne, { path: `/api/tasks/${child.id}`, headers: owner.headers, params: { id: child.id } });
    expect(mine.body).toMatchObject({ parentTaskId: privateParent.id, parentHidden: false });

    // Another user's edit without parentTaskId leaves the parent in place.
    const edit = await call(patchHandler, { method: "PATCH", path: `/api/tasks/${child.id}`, body: { title: "Renamed child" }, headers: other.headers, params: { id: child.id } });
    expect(edit.status).toBe(200);
    expect((await testDb.prisma.task.findUniqueOrThrow({ where: { id: child.id } })).parentTaskId).toBe(privateParent.id);
  });
});

describe("the punch clock shows a private task's title only to those who can see it", () => {
  it("status and the 409 activeTask carry the redacted title; the clock keeps working", async () => {
    const worker = await person(testDb.prisma);
    const t = await task(owner.id, { title: "Quarterly review of Jamie" });
    expect((await call(punchInHandler, { method: "POST", path: "/api/auth/punch/in", body: { location: "desktop" }, headers: worker.headers })).status).toBe(201);
    expect((await call(clockInHandler, { method: "POST", path: `/api/tasks/${t.id}/clock-in`, body: {}, headers: worker.headers, params: { id: t.id } })).status).toBe(200);
    await testDb.prisma.task.update({ where: { id: t.id }, data: { isPrivate: true } });

    const status = await call(statusHandler, { path: "/api/auth/punch/status", headers: worker.headers });
    expect(status.body.activeTask).toMatchObject({ id: t.id, title: PRIVATE_TASK_TITLE });
    expect(JSON.stringify(status.body)).not.toContain("Quarterly review");

    const other2 = await task(other.id, { title: "Something else" });
    const conflictRes = await call(clockInHandler, { method: "POST", path: `/api/tasks/${other2.id}/clock-in`, body: {}, headers: worker.headers, params: { id: other2.id } });
    expect(conflictRes.status).toBe(409);
    expect(conflictRes.body.activeTask.title).toBe(PRIVATE_TASK_TITLE);
    expect(JSON.stringify(conflictRes.body)).not.toContain("Quarterly review");

    const out = await call(punchOutHandler, { method: "POST", path: "/api/auth/punch/out-with-reason", body: { location: "desktop", reason: "End of Workday" }, headers: worker.headers });
    expect(out.status).toBe(409);
    expect(out.body.activeTask.title).toBe(PRIVATE_TASK_TITLE);
    expect(out.body.message).not.toContain("Quarterly review");

    const forced = await call(punchOutHandler, { method: "POST", path: "/api/auth/punch/out-with-reason", body: { location: "desktop", reason: "End of Workday", forceClockOut: true }, headers: worker.headers });
    expect(forced.status).toBe(200);

    // The creator still sees the title in their own status.
    expect((await call(getOne, { path: `/api/tasks/${t.id}`, headers: owner.headers, params: { id: t.id } })).body.title).toBe("Quarterly review of Jamie");
  });
});
