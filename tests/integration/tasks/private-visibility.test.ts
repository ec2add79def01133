import { GET as getOne, PATCH as patchHandler, DELETE as deleteHandler } from "@/app/api/tasks/[id]/route";
import { GET as listHandler } from "@/app/api/tasks/route";
import { GET as historyHandler } from "@/app/api/tasks/[id]/history/route";
import { POST as claimHandler } from "@/app/api/tasks/[id]/claim/route";
import { POST as completeHandler } from "@/app/api/tasks/[id]/complete/route";
import { PATCH as checklistHandler } from "@/app/api/tasks/[id]/checklist/[itemId]/route";
import { POST as createHandler } from "@/app/api/tasks/route";
import { GET as statsHandler } from "@/app/api/dashboard/stats/route";
import { createTask } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { inDays, person, unitWith } from "./fixtures";

const testDb = useTestDatabase();

type Who = Awaited<ReturnType<typeof person>>;
let creator: Who, assignee: Who, teammate: Who, other: Who, manager: Who, admin: Who;
let privateTask: { id: string; title: string; checklistItems: Array<{ id: string }> };
let publicParent: { id: string };
let publicChildOfPrivate: { id: string };
let privatePickup: { id: string };

beforeAll(async () => {
  creator = await person(testDb.prisma);
  assignee = await person(testDb.prisma);
  teammate = await person(testDb.prisma);
  other = await person(testDb.prisma);
  manager = await person(testDb.prisma, "manager");
  admin = await person(testDb.prisma, "admin");
  const unit = await unitWith(testDb.prisma, creator.id, assignee.id, teammate.id, other.id, manager.id);
  publicParent = await createTask(testDb.prisma, { createdById: creator.id, organizationalUnitId: unit.id, title: "Public parent zebra" });
  privateTask = await createTask(testDb.prisma, {
    createdById: creator.id, organizationalUnitId: unit.id, title: "Private zebra review", isPrivate: true, parentTaskId: publicParent.id,
    assigneeType: "user", assigneeId: assignee.id, team: [{ userId: teammate.id, isLead: true }], checklist: ["x"], dueDate: new Date(Date.now() - 3_600_000),
  });
  publicChildOfPrivate = await createTask(testDb.prisma, { createdById: creator.id, organizationalUnitId: unit.id, parentTaskId: privateTask.id, title: "Public child zebra" });
  privatePickup = await createTask(testDb.prisma, { createdById: creator.id, organizationalUnitId: unit.id, isPrivate: true, availableForPickup: true, title: "Private pickup zebra" });
});

const can = (who: Who) => [creator, admin].includes(who);
const everyone = () => [creator, assignee, teammate, other, manager, admin];
const label = (who: Who) => ({ [creator.id]: "creator", [assignee.id]: "assignee", [teammate.id]: "teammate", [other.id]: "other staff", [manager.id]: "manager", [admin.id]: "admin" })[who.id];

describe("a private task is visible only to its creator and admins, on every read path", () => {
  it("GET /api/tasks/{id}: 200 for creator and admin, 404 for assignee, team member, other staff and unit manager", async () => {
    for (const who of everyone()) {
      const res = await call(getOne, { path: `/api/tasks/${privateTask.id}`, headers: who.headers, params: { id: privateTask.id } });
      expect({ who: label(who), status: res.status }).toEqual({ who: label(who), status: can(who) ? 200 : 404 });
      if (!can(who)) expect(res.body).toMatchObject({ message: "Task not found" });
    }
  });

  it("GET /api/tasks (list, text search, mine, assignee filter, parent filter, pickup list)", async () => {
    const paths = [
      "/api/tasks?pageSize=200",
      "/api/tasks?q=zebra",
      `/api/tasks?q=${encodeURIComponent("#")}${(await testDb.prisma.task.findUniqueOrThrow({ where: { id: privateTask.id } })).displayNumber}`,
      "/api/tasks?mine=true",
      `/api/tasks?assigneeId=${assignee.id}`,
      `/api/tasks?parentTaskId=${publicParent.id}`,
      `/api/tasks?excludeTree=${publicParent.id}`,
    ];
    for (const who of everyone()) {
      for (const path of paths) {
        const res = await call(listHandler, { path, headers: who.headers });
        expect(res.status).toBe(200);
        const ids = res.body.items.map((t: { id: string }) => t.id);
        const expectVisible = can(who) && !path.includes("mine=true") && !path.includes("excludeTree");
        expect({ who: label(who), path, visible: ids.includes(privateTask.id) }).toEqual({ who: label(who), path, visible: expectVisible });
      }
      const pickup = await call(listHandler, { path: "/api/tasks?available=true", headers: who.headers });
      expect({ who: label(who), pickup: pickup.body.items.some((t: { id: string }) => t.id === privatePickup.id) }).toEqual({
        who: label(who),
        pickup: who === creator,
      });
    }
  });

  it("list totals (counts) leave the private task out for others", async () => {
    const forOther = await call(listHandler, { path: "/api/tasks?q=zebra", headers: other.headers });
    const forCreator = await call(listHandler, { path: "/api/tasks?q=zebra", headers: creator.headers });
    expect(forCreator.body.total - forOther.body.total).toBe(2);
  });

  it("sub-task lists and counts of the parent leave it out; the child of a private parent shows no parent", async () => {
    for (const who of everyone()) {
      const res = await call(getOne, { path: `/api/tasks/${publicParent.id}`, headers: who.headers, params: { id: publicParent.id } });
      const subIds = res.body.subTasks.map((s: { id: string }) => s.id);
      expect({ who: label(who), count: res.body.subTaskCount, has: subIds.includes(privateTask.id) }).toEqual({
        who: label(who),
        count: can(who) ? 1 : 0,
        has: can(who),
      });
      const child = await call(getOne, { path: `/api/tasks/${publicChildOfPrivate.id}`, headers: who.headers, params: { id: publicChildOfPrivate.id } });
      expect(child.status).toBe(200);
      expect(child.body.parentTask === null).toBe(!can(who));
      expect(JSON.stringify(child.body)).not.toContain(can(who) ? "\u0000" : "Private zebra review");
    }
  });

  it("cannot be used as a parent by others (400 as if it did not exist)", async () => {
    const unit = await unitWith(testDb.prisma);
    for (const who of everyone()) {
      const res = await call(createHandler, {
        method: "POST",
        path: "/api/tasks",
        headers: who.headers,
        // Unassigned on purpose: a sub-task would otherwise take its parent's assignee, and the stats test below counts only the private task.
        body: { title: "Sub", department: unit.id, dueDate: inDays(1), parentTaskId: privateTask.id, assigneeId: null },
      });
      expect({ who: label(who), status: res.status }).toEqual({ who: label(who), status: can(who) ? 201 : 400 });
    }
  });

  it("history, edit, delete, complete, checklist and claim are 404 for those who cannot see it", async () => {
    const id = privateTask.id;
    const itemId = privateTask.checklistItems[0].id;
    for (const who of [assignee, teammate, other, manager]) {
      const results = [
        await call(historyHandler, { path: "/x", headers: who.headers, params: { id } }),
        await call(patchHandler, { method: "PATCH", path: "/x", headers: who.headers, params: { id }, body: { title: "x" } }),
        await call(deleteHandler, { method: "DELETE", path: "/x", headers: who.headers, params: { id } }),
        await call(completeHandler, { method: "POST", path: "/x", headers: who.headers, params: { id } }),
        await call(checklistHandler, { method: "PATCH", path: "/x", headers: who.headers, params: { id, itemId }, body: { isCompleted: true } }),
        await call(claimHandler, { method: "POST", path: "/x", headers: who.headers, params: { id: privatePickup.id } }),
      ];
      expect({ who: label(who), statuses: results.map((r) => r.status) }).toEqual({ who: label(who), statuses: [404, 404, 404, 404, 404, 404] });
    }
    expect((await testDb.prisma.task.findUniqueOrThrow({ where: { id } })).title).toBe("Private zebra review");
  });

  it("dashboard stats do not count it for the assignee, but do for the creator when it is theirs", async () => {
    const forAssignee = await call(statsHandler, { path: "/api/dashboard/stats", headers: assignee.headers });
    expect(forAssignee.status).toBe(200);
    expect(forAssignee.body).toMatchObject({ mineOpen: 0, overdue: 0 });
    const forTeammate = await call(statsHandler, { path: "/api/dashboard/stats", headers: teammate.headers });
    expect(forTeammate.body.mineOpen).toBe(0);
    const forOther = await call(statsHandler, { path: "/api/dashboard/stats", headers: other.headers });
    expect(forOther.body.availableToPickUp).toBe(0);
    const forCreator = await call(statsHandler, { path: "/api/dashboard/stats", headers: creator.headers });
    expect(forCreator.body.availableToPickUp).toBe(1);
  });
});
