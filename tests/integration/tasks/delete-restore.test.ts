import { randomUUID } from "node:crypto";
import { DELETE as deleteHandler, GET as getOne } from "@/app/api/tasks/[id]/route";
import { POST as restoreHandler } from "@/app/api/tasks/[id]/restore/route";
import { GET as deletedListHandler } from "@/app/api/admin/deleted-tasks/route";
import { GET as listHandler } from "@/app/api/tasks/route";
import { createTask } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person, unitWith } from "./fixtures";

const testDb = useTestDatabase();

const del = (headers: Record<string, string> | undefined, id: string) =>
  call(deleteHandler, { method: "DELETE", path: `/api/tasks/${id}`, headers, params: { id } });
const restore = (headers: Record<string, string> | undefined, id: string) =>
  call(restoreHandler, { method: "POST", path: `/api/tasks/${id}/restore`, headers, params: { id } });
const read = (headers: Record<string, string>, id: string) => call(getOne, { path: `/api/tasks/${id}`, headers, params: { id } });

async function tree() {
  const creator = await person(testDb.prisma);
  const teammate = await person(testDb.prisma);
  const unit = await unitWith(testDb.prisma, creator.id);
  const root = await createTask(testDb.prisma, {
    createdById: creator.id, organizationalUnitId: unit.id, title: "Root", checklist: ["a", "b"], team: [{ userId: teammate.id, isLead: true }],
  });
  const child = await createTask(testDb.prisma, { createdById: creator.id, organizationalUnitId: unit.id, parentTaskId: root.id, title: "Child" });
  const grandchild = await createTask(testDb.prisma, { createdById: creator.id, organizationalUnitId: unit.id, parentTaskId: child.id, title: "Grandchild" });
  return { creator, teammate, unit, root, child, grandchild };
}

describe("DELETE /api/tasks/{id} (soft) and POST /api/tasks/{id}/restore", () => {
  it("401 anonymous; 403 for a stranger; 404 for a missing task", async () => {
    const { root } = await tree();
    const stranger = await person(testDb.prisma);
    expect((await del(undefined, root.id)).status).toBe(401);
    const denied = await del(stranger.headers, root.id);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe("You may not delete this task");
    expect((await del(stranger.headers, randomUUID())).status).toBe(404);
    expect((await testDb.prisma.task.findUniqueOrThrow({ where: { id: root.id } })).deletedAt).toBeNull();
  });

  it("deletes the task with its sub-tasks, keeps checklist and team, and hides them everywhere", async () => {
    const { creator, root, child, grandchild } = await tree();
    const res = await del(creator.headers, root.id);
    expect(res.status).toBe(200);
    expect(res.body.deletedIds.sort()).toEqual([root.id, child.id, grandchild.id].sort());

    const rows = await testDb.prisma.task.findMany({ where: { id: { in: [root.id, child.id, grandchild.id] } } });
    expect(rows.every((r) => r.deletedAt && r.deletedById === creator.id)).toBe(true);
    expect(await testDb.prisma.checklistItem.count({ where: { taskId: root.id } })).toBe(2);
    expect(await testDb.prisma.taskAssignment.count({ where: { taskId: root.id } })).toBe(1);

    expect((await read(creator.headers, root.id)).status).toBe(404);
    const list = await call(listHandler, { path: "/api/tasks", headers: creator.headers });
    const listed = list.body.items.map((t: { id: string }) => t.id);
    for (const id of [root.id, child.id, grandchild.id]) expect(listed).not.toContain(id);
    expect((await del(creator.headers, root.id)).status).toBe(404);
    const audit = await testDb.prisma.auditLog.findFirstOrThrow({ where: { entityId: root.id, action: "task.delete" } });
    expect(audit.actorId).toBe(creator.id);
  });

  it("the admin list shows who deleted what and when; non-admins get 403", async () => {
    const { creator, root } = await tree();
    const admin = await person(testDb.prisma, "admin");
    const manager = await person(testDb.prisma, "manager");
    await del(creator.headers, root.id);
    expect((await call(deletedListHandler, { path: "/api/admin/deleted-tasks", headers: creator.headers })).status).toBe(403);
    expect((await call(deletedListHandler, { path: "/api/admin/deleted-tasks", headers: manager.headers })).status).toBe(403);
    expect((await call(deletedListHandler, { path: "/api/admin/deleted-tasks" })).status).toBe(401);
    const res = await call(deletedListHandler, { path: "/api/admin/deleted-tasks", headers: admin.headers });
    expect(res.status).toBe(200);
    const mine = res.body.items.filter((t: { deletedBy: { id: string } }) => t.deletedBy.id === creator.id);
    expect(mine).toHaveLength(3);
    const rootRow = res.body.items.find((t: { id: string }) => t.id === root.id);
    expect(rootRow).toMatchObject({ title: "Root", deletedBy: { id: creator.id }, deletedWithParent: false, subTaskCount: 1, checklistCount: 2 });
    expect(rootRow.deletedAt).toEqual(expect.any(String));
    expect(mine.filter((t: { deletedWithParent: boolean }) => t.deletedWithParent)).toHaveLength(2);
  });

  it("only admins restore (403), and a restore brings back the whole tree with checklist and team", async () => {
    const { creator, root, child, grandchild } = await tree();
    const admin = await person(testDb.prisma, "admin");
    await del(creator.headers, root.id);
    expect((await restore(creator.headers, root.id)).status).toBe(403);
    expect((await restore(undefined, root.id)).status).toBe(401);

    const res = await restore(admin.headers, root.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: root.id, deletedAt: null, checklist: [expect.objectContaining({ title: "a" }), expect.objectContaining({ title: "b" })] });
    expect(res.body.assignments).toHaveLength(1);
    const rows = await testDb.prisma.task.findMany({ where: { id: { in: [root.id, child.id, grandchild.id] } } });
    expect(rows.every((r) => r.deletedAt === null && r.deletedById === null)).toBe(true);
    expect((await read(creator.headers, grandchild.id)).status).toBe(200);
    expect(await testDb.prisma.auditLog.count({ where: { entityId: root.id, action: "task.restore", actorId: admin.id } })).toBe(1);
    expect((await restore(admin.headers, root.id)).status).toBe(404);
  });

  it("a sub-task deleted on its own earlier stays deleted when its parent comes back", async () => {
    const { creator, root, child, grandchild } = await tree();
    const admin = await person(testDb.prisma, "admin");
    await del(creator.headers, grandchild.id);
    await new Promise((r) => setTimeout(r, 5));
    await del(creator.headers, root.id);
    await restore(admin.headers, root.id);
    expect((await testDb.prisma.task.findUniqueOrThrow({ where: { id: child.id } })).deletedAt).toBeNull();
    expect((await testDb.prisma.task.findUniqueOrThrow({ where: { id: grandchild.id } })).deletedAt).not.toBeNull();
  });

  it("409 when restoring a sub-task whose parent is still deleted", async () => {
    const { creator, root, child } = await tree();
    const admin = await person(testDb.prisma, "admin");
    await del(creator.headers, root.id);
    const res = await restore(admin.headers, child.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: "Restore the parent task first", parentDisplayNumber: root.displayNumber });
  });
});
