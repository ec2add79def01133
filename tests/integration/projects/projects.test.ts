import { GET as listHandler, POST as createHandler } from "@/app/api/projects/route";
import { DELETE as deleteHandler, GET as getHandler, PATCH as patchHandler } from "@/app/api/projects/[id]/route";
import { POST as restoreHandler } from "@/app/api/projects/[id]/restore/route";
import { GET as activityHandler } from "@/app/api/projects/[id]/activity/route";
import { createPunchSession, createTask, createTimeEntry } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { inDays, person, unitWith } from "../tasks/fixtures";

const testDb = useTestDatabase();
type Who = Awaited<ReturnType<typeof person>>;
let creator: Who, owner: Who, member: Who, manager: Who, otherManager: Who, staff: Who, admin: Who;
let unitId: string;

beforeAll(async () => {
  [creator, owner, member, manager, otherManager, staff, admin] = [
    await person(testDb.prisma),
    await person(testDb.prisma),
    await person(testDb.prisma),
    await person(testDb.prisma, "manager"),
    await person(testDb.prisma, "manager"),
    await person(testDb.prisma),
    await person(testDb.prisma, "admin"),
  ];
  unitId = (await unitWith(testDb.prisma, manager.id, staff.id)).id;
  await unitWith(testDb.prisma, otherManager.id);
});

async function newProject(extra: Record<string, unknown> = {}) {
  const res = await call(createHandler, {
    method: "POST",
    path: "/api/projects",
    headers: creator.headers,
    body: { name: "Spring memorial garden", department: unitId, ownerId: owner.id, memberIds: [member.id], description: "<p>Plant <script>x</script>roses</p>", ...extra },
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe("project CRUD", () => {
  it("401 without a session; 400 naming the field for a blank name or dates out of order", async () => {
    expect((await call(listHandler, { path: "/api/projects" })).status).toBe(401);
    expect((await call(createHandler, { method: "POST", path: "/api/projects", body: { name: "x" } })).status).toBe(401);
    const blank = await call(createHandler, { method: "POST", path: "/api/projects", headers: staff.headers, body: { name: "  " } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toMatch(/Name is required/);
    const order = await call(createHandler, { method: "POST", path: "/api/projects", headers: staff.headers, body: { name: "x", startDate: inDays(5), dueDate: inDays(1) } });
    expect(order.status).toBe(400);
    expect(order.body.message).toMatch(/start date must be on or before the target date/);
  });

  it("creates with members and a sanitized description, reads it back, and audits", async () => {
    const project = await newProject({ color: "#4F46E5" });
    const res = await call(getHandler, { path: `/api/projects/${project.id}`, headers: staff.headers, params: { id: project.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Spring memorial garden", status: "active", color: "#4f46e5", owner: { id: owner.id }, department: { id: unitId } });
    expect(res.body.members.map((m: { id: string }) => m.id)).toEqual([member.id]);
    expect(res.body.description).toBe("<p>Plant roses</p>");
    const activity = await call(activityHandler, { path: `/api/projects/${project.id}/activity`, headers: staff.headers, params: { id: project.id } });
    expect(activity.body.items.map((i: { action: string }) => i.action)).toEqual(["project.create"]);
  });

  it("GET /api/projects stays the pickers' [{ id, name }]; view=summary pages cards with filters", async () => {
    const project = await newProject({ name: "Urn showroom refresh" });
    const options = await call(listHandler, { path: "/api/projects", headers: staff.headers });
    expect(options.status).toBe(200);
    expect(options.body).toContainEqual({ id: project.id, name: "Urn showroom refresh" });
    expect(Object.keys(options.body[0]).sort()).toEqual(["id", "name"]);
    const summary = await call(listHandler, { path: "/api/projects?view=summary&q=showroom", headers: staff.headers });
    expect(summary.body.items.map((p: { id: string }) => p.id)).toEqual([project.id]);
    const mine = await call(listHandler, { path: "/api/projects?view=summary&mine=true", headers: member.headers });
    expect(mine.body.items.map((p: { id: string }) => p.id)).toContain(project.id);
    const notMine = await call(listHandler, { path: "/api/projects?view=summary&mine=true", headers: staff.headers });
    expect(notMine.body.items).toHaveLength(0);
    const bad = await call(listHandler, { path: "/api/projects?view=summary&status=done", headers: staff.headers });
    expect(bad.status).toBe(400);
  });
});

describe("project permissions", () => {
  it("creator, owner, members, managers of its department and admins edit; other staff and other managers get 403", async () => {
    const project = await newProject();
    const edit = (who: Who) => call(patchHandler, { method: "PATCH", path: `/api/projects/${project.id}`, headers: who.headers, params: { id: project.id }, body: { name: `Edited ${Math.random()}` } });
    for (const who of [creator, owner, member, manager, admin]) expect((await edit(who)).status).toBe(200);
    for (const who of [staff, otherManager]) {
      const res = await edit(who);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("You may not edit this project");
    }
    const detail = await call(getHandler, { path: `/api/projects/${project.id}`, headers: staff.headers, params: { id: project.id } });
    expect(detail.body.permissions).toEqual({ canEdit: false, canArchive: false, canDelete: false, canRestore: false });
  });

  it("only admins archive, delete and restore; a deleted project is a 404 for others and leaves the pickers", async () => {
    const project = await newProject();
    const archive = (who: Who) => call(patchHandler, { method: "PATCH", path: `/api/projects/${project.id}`, headers: who.headers, params: { id: project.id }, body: { archived: true } });
    expect((await archive(creator)).status).toBe(403);
    expect((await archive(admin)).body.archivedAt).not.toBeNull();
    expect((await call(deleteHandler, { method: "DELETE", path: `/api/projects/${project.id}`, headers: creator.headers, params: { id: project.id } })).status).toBe(403);
    expect((await call(deleteHandler, { method: "DELETE", path: `/api/projects/${project.id}`, headers: admin.headers, params: { id: project.id } })).status).toBe(200);
    expect((await call(getHandler, { path: `/api/projects/${project.id}`, headers: creator.headers, params: { id: project.id } })).status).toBe(404);
    const options = await call(listHandler, { path: "/api/projects", headers: admin.headers });
    expect(options.body.map((p: { id: string }) => p.id)).not.toContain(project.id);
    const deleted = await call(listHandler, { path: "/api/projects?view=summary&show=deleted", headers: admin.headers });
    expect(deleted.body.items.map((p: { id: string }) => p.id)).toContain(project.id);
    expect((await call(restoreHandler, { method: "POST", path: `/api/projects/${project.id}/restore`, headers: creator.headers, params: { id: project.id } })).status).toBe(403);
    expect((await call(restoreHandler, { method: "POST", path: `/api/projects/${project.id}/restore`, headers: admin.headers, params: { id: project.id } })).status).toBe(200);
    expect((await call(getHandler, { path: `/api/projects/${project.id}`, headers: creator.headers, params: { id: project.id } })).status).toBe(200);
    const actions = (await testDb.prisma.auditLog.findMany({ where: { entityId: project.id }, orderBy: { createdAt: "asc" } })).map((a) => a.action);
    expect(actions).toEqual(["project.create", "project.archive", "project.delete", "project.restore"]);
  });
});

describe("progress counts only the tasks the viewer may see", () => {
  it("someone else's private task never shows in counts, percent, overdue or hours", async () => {
    const project = await newProject();
    const base = { organizationalUnitId: unitId, projectId: project.id, createdById: creator.id };
    await createTask(testDb.prisma, { ...base, status: "completed", completedAt: new Date() });
    await createTask(testDb.prisma, { ...base, dueDate: new Date(Date.now() - 86_400_000) });
    const secret = await createTask(testDb.prisma, { ...base, isPrivate: true, dueDate: new Date(Date.now() - 86_400_000) });
    const now = Date.now();
    const punch = await createPunchSession(testDb.prisma, { userId: creator.id, punchInAt: new Date(now - 4 * 3_600_000), punchOutAt: new Date(now - 3_600_000) });
    await createTimeEntry(testDb.prisma, { userId: creator.id, taskId: secret.id, punchSessionId: punch.id, startedAt: new Date(now - 3 * 3_600_000), endedAt: new Date(now - 3_600_000) });

    const progress = async (who: Who) => (await call(getHandler, { path: `/api/projects/${project.id}`, headers: who.headers, params: { id: project.id } })).body.progress;
    expect(await progress(staff)).toEqual({ total: 2, done: 1, open: 1, overdue: 1, percent: 50, hoursLogged: 0, atRisk: true });
    expect(await progress(creator)).toEqual({ total: 3, done: 1, open: 2, overdue: 2, percent: 33, hoursLogged: 2, atRisk: true });
    expect(await progress(admin)).toMatchObject({ total: 3, hoursLogged: 2 });
    const list = await call(listHandler, { path: "/api/projects?view=summary&pageSize=100", headers: staff.headers });
    expect(list.body.items.find((p: { id: string }) => p.id === project.id).progress).toMatchObject({ total: 2, overdue: 1, hoursLogged: 0 });

    // Completing with open tasks asks first; the count leaves the private task out too.
    const complete = (who: Who, extra = {}) =>
      call(patchHandler, { method: "PATCH", path: `/api/projects/${project.id}`, headers: who.headers, params: { id: project.id }, body: { status: "completed", ...extra } });
    const asked = await complete(member);
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({ message: "This project has open tasks", openTaskCount: 1 });
    const done = await complete(member, { openTasks: "complete" });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe("completed");
    expect((await testDb.prisma.task.findUniqueOrThrow({ where: { id: secret.id } })).status).toBe("open");
    expect(await testDb.prisma.task.count({ where: { projectId: project.id, status: "completed" } })).toBe(2);
  });
});
