import { randomUUID } from "node:crypto";
import { PATCH as patchHandler, GET as getOne } from "@/app/api/tasks/[id]/route";
import { PATCH as checklistHandler } from "@/app/api/tasks/[id]/checklist/[itemId]/route";
import { POST as completeHandler } from "@/app/api/tasks/[id]/complete/route";
import { POST as reopenHandler } from "@/app/api/tasks/[id]/reopen/route";
import { GET as historyHandler } from "@/app/api/tasks/[id]/history/route";
import { createTask, createVendor } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person, unitWith } from "./fixtures";

const testDb = useTestDatabase();

const patch = (headers: Record<string, string> | undefined, id: string, payload: unknown) =>
  call(patchHandler, { method: "PATCH", path: `/api/tasks/${id}`, headers, body: payload, params: { id } });
const read = (headers: Record<string, string>, id: string) => call(getOne, { path: `/api/tasks/${id}`, headers, params: { id } });

async function setup() {
  const creator = await person(testDb.prisma);
  const unit = await unitWith(testDb.prisma, creator.id);
  const task = await createTask(testDb.prisma, { createdById: creator.id, organizationalUnitId: unit.id, title: "Original", checklist: ["One", "Two", "Three"] });
  return { creator, unit, task };
}

describe("PATCH /api/tasks/{id}", () => {
  it("401 anonymous, 404 for a missing or malformed id", async () => {
    const { creator, task } = await setup();
    expect((await patch(undefined, task.id, { title: "x" })).status).toBe(401);
    expect((await patch(creator.headers, randomUUID(), { title: "x" })).status).toBe(404);
    const malformed = await patch(creator.headers, "not-a-uuid", { title: "x" });
    expect(malformed.status).toBe(404);
    expect(malformed.body.message).toBe("Task not found");
  });

  it("400 with the spec's messages when required fields are cleared", async () => {
    const { creator, task } = await setup();
    for (const [payload, message] of [
      [{ title: "" }, "Title is required"],
      [{ department: null }, "Department is required"],
      [{ dueDate: null }, "Due date is required"],
      [{ estimatedHours: 2000 }, /estimatedHours/],
    ] as const) {
      const res = await patch(creator.headers, task.id, payload);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await testDb.prisma.task.findUniqueOrThrow({ where: { id: task.id } })).title).toBe("Original");
  });

  it("403 for a staff member with no part in the task; allowed for assignee, team member, unit manager and admin", async () => {
    const { creator, unit, task } = await setup();
    const stranger = await person(testDb.prisma);
    const assignee = await person(testDb.prisma);
    const teammate = await person(testDb.prisma);
    const unitManager = await person(testDb.prisma, "manager");
    const otherManager = await person(testDb.prisma, "manager");
    const admin = await person(testDb.prisma, "admin");
    await testDb.prisma.unitMembership.create({ data: { unitId: unit.id, userId: unitManager.id } });
    await patch(creator.headers, task.id, { assigneeId: assignee.id, assigneeIds: [teammate.id] });

    const denied = await patch(stranger.headers, task.id, { title: "Hacked" });
    expect(denied.status).toBe(403);
    expect((await patch(otherManager.headers, task.id, { title: "Hacked" })).status).toBe(403);
    for (const [who, title] of [[assignee, "By assignee"], [teammate, "By teammate"], [unitManager, "By manager"], [admin, "By admin"]] as const) {
      const res = await patch(who.headers, task.id, { title });
      expect(res.status).toBe(200);
      expect(res.body.title).toBe(title);
    }
    const strangerView = await read(stranger.headers, task.id);
    expect(strangerView.body.permissions).toEqual({ canEdit: false, canDelete: false, canClaim: false, canRestore: false });
    expect((await read(teammate.headers, task.id)).body.permissions).toMatchObject({ canEdit: true, canDelete: true });
  });

  it("only the creator or an admin may change privacy", async () => {
    const { creator, task } = await setup();
    const assignee = await person(testDb.prisma);
    await patch(creator.headers, task.id, { assigneeId: assignee.id });
    const res = await patch(assignee.headers, task.id, { isPrivate: true });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Only the creator can change whether a task is private");
    expect((await patch(creator.headers, task.id, { isPrivate: true })).body.isPrivate).toBe(true);
  });

  it("updates fields, records changed fields before/after in the audit log, and the history shows it", async () => {
    const { creator, task } = await setup();
    const vendor = await createVendor(testDb.prisma);
    const res = await patch(creator.headers, task.id, {
      title: "Renamed",
      priority: "critical",
      assigneeId: `vendor-${vendor.id}`,
      estimatedHours: 45,
      dueDate: "2026-12-24T05:59:59.999Z",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: "Renamed", priority: "critical", assigneeType: "vendor", vendorId: vendor.id, estimatedHours: 45, dueTime: null });
    const audit = await testDb.prisma.auditLog.findFirstOrThrow({ where: { entityId: task.id, action: "task.update" } });
    expect(audit.actorId).toBe(creator.id);
    expect(audit.before).toMatchObject({ title: "Original", priority: "normal", vendorId: null, estimatedMinutes: null });
    expect(audit.after).toMatchObject({ title: "Renamed", priority: "critical", vendorId: vendor.id, estimatedMinutes: 45 });
    expect(Object.keys(audit.after as object)).not.toContain("description");

    const history = await call(historyHandler, { path: `/api/tasks/${task.id}/history`, headers: creator.headers, params: { id: task.id } });
    expect(history.status).toBe(200);
    expect(history.body.items[0]).toMatchObject({ action: "task.update", actor: { id: creator.id } });

    // A no-op PATCH writes no audit row.
    await patch(creator.headers, task.id, { title: "Renamed" });
    expect(await testDb.prisma.auditLog.count({ where: { entityId: task.id, action: "task.update" } })).toBe(1);
  });

  it("reorders, edits and removes checklist items, keeping ticks on items that stay", async () => {
    const { creator, task } = await setup();
    const two = task.checklistItems.find((c) => c.title === "Two")!;
    const tick = await call(checklistHandler, {
      method: "PATCH",
      path: `/api/tasks/${task.id}/checklist/${two.id}`,
      headers: creator.headers,
      params: { id: task.id, itemId: two.id },
      body: { isCompleted: true },
    });
    expect(tick.status).toBe(200);
    expect(tick.body).toMatchObject({ id: two.id, isCompleted: true });

    const res = await patch(creator.headers, task.id, { checklistItems: ["Two", "Three edited", "Four"] });
    expect(res.status).toBe(200);
    expect(res.body.checklist.map((c: { title: string; isCompleted: boolean }) => [c.title, c.isCompleted])).toEqual([
      ["Two", true],
      ["Three edited", false],
      ["Four", false],
    ]);
    expect(res.body.checklist.map((c: { position: number }) => c.position)).toEqual([0, 1, 2]);

    const cleared = await patch(creator.headers, task.id, { hasChecklist: false });
    expect(cleared.body).toMatchObject({ hasChecklist: false, checklist: [] });
    expect(await testDb.prisma.checklistItem.count({ where: { taskId: task.id } })).toBe(0);
  });

  it("checklist item route: 404 for another task's item, 403 for a stranger, 400 for an empty patch", async () => {
    const { creator, unit, task } = await setup();
    const other = await createTask(testDb.prisma, { createdById: creator.id, organizationalUnitId: unit.id, checklist: ["x"] });
    const stranger = await person(testDb.prisma);
    const item = other.checklistItems[0];
    const go = (headers: Record<string, string>, taskId: string, body: unknown) =>
      call(checklistHandler, { method: "PATCH", path: `/api/tasks/${taskId}/checklist/${item.id}`, headers, params: { id: taskId, itemId: item.id }, body });
    expect((await go(creator.headers, task.id, { isCompleted: true })).status).toBe(404);
    expect((await go(stranger.headers, other.id, { isCompleted: true })).status).toBe(403);
    expect((await go(creator.headers, other.id, {})).status).toBe(400);
  });

  it("replaces the team; the lead must be a member (400 otherwise)", async () => {
    const { creator, task } = await setup();
    const a = await person(testDb.prisma);
    const b = await person(testDb.prisma);
    const ok = await patch(creator.headers, task.id, { assigneeIds: [a.id, b.id], leadAssigneeId: b.id });
    expect(ok.status).toBe(200);
    expect(ok.body.leadAssigneeId).toBe(b.id);
    const bad = await patch(creator.headers, task.id, { leadAssigneeId: randomUUID() });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("The lead must be one of the team members");
    const dropLead = await patch(creator.headers, task.id, { assigneeIds: [a.id] });
    expect(dropLead.body).toMatchObject({ assigneeIds: [a.id], leadAssigneeId: null });
  });

  it("parent: not itself, not a descendant (400); a visible other task is fine", async () => {
    const { creator, unit, task } = await setup();
    const child = await createTask(testDb.prisma, { createdById: creator.id, organizationalUnitId: unit.id, parentTaskId: task.id });
    const grandchild = await createTask(testDb.prisma, { createdById: creator.id, organizationalUnitId: unit.id, parentTaskId: child.id });
    const other = await createTask(testDb.prisma, { createdById: creator.id, organizationalUnitId: unit.id });

    const self = await patch(creator.headers, task.id, { parentTaskId: task.id });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe("A task cannot be its own parent");
    for (const id of [child.id, grandchild.id]) {
      const res = await patch(creator.headers, task.id, { parentTaskId: id });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("A task cannot be the sub-task of its own sub-task");
    }
    const ok = await patch(creator.headers, task.id, { parentTaskId: other.id });
    expect(ok.status).toBe(200);
    expect(ok.body.parentTaskId).toBe(other.id);
    const detach = await patch(creator.headers, task.id, { parentTaskId: null });
    expect(detach.body.parentTaskId).toBeNull();
  });

  it("two concurrent re-parentings cannot build a cycle", async () => {
    const { creator, unit } = await setup();
    const a = await createTask(testDb.prisma, { createdById: creator.id, organizationalUnitId: unit.id });
    const b = await createTask(testDb.prisma, { createdById: creator.id, organizationalUnitId: unit.id });
    const [x, y] = await Promise.all([patch(creator.headers, a.id, { parentTaskId: b.id }), patch(creator.headers, b.id, { parentTaskId: a.id })]);
    expect([x.status, y.status].sort()).toEqual([200, 400]);
  });

  it("complete and reopen stamp and clear completion, with audit rows", async () => {
    const { creator, task } = await setup();
    const done = await call(completeHandler, { method: "POST", path: `/api/tasks/${task.id}/complete`, headers: creator.headers, params: { id: task.id } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: "completed", completedBy: { id: creator.id } });
    expect(done.body.completedAt).toEqual(expect.any(String));
    const again = await call(completeHandler, { method: "POST", path: `/api/tasks/${task.id}/complete`, headers: creator.headers, params: { id: task.id } });
    expect(again.status).toBe(200);
    const reopened = await call(reopenHandler, { method: "POST", path: `/api/tasks/${task.id}/reopen`, headers: creator.headers, params: { id: task.id } });
    expect(reopened.body).toMatchObject({ status: "open", completedAt: null, completedBy: null });
    const actions = (await testDb.prisma.auditLog.findMany({ where: { entityId: task.id }, orderBy: { createdAt: "asc" } })).map((a) => a.action);
    expect(actions).toEqual(["task.complete", "task.reopen"]);

    const stranger = await person(testDb.prisma);
    expect((await call(completeHandler, { method: "POST", path: "/x", headers: stranger.headers, params: { id: task.id } })).status).toBe(403);
    expect((await call(completeHandler, { method: "POST", path: "/x", params: { id: task.id } })).status).toBe(401);
  });

  it("PATCH status completed stamps completion too", async () => {
    const { creator, task } = await setup();
    const res = await patch(creator.headers, task.id, { status: "completed" });
    expect(res.body.completedBy).toMatchObject({ id: creator.id });
    const back = await patch(creator.headers, task.id, { status: "in_progress" });
    expect(back.body).toMatchObject({ status: "in_progress", completedAt: null });
  });
});
