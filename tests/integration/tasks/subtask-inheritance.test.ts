import { POST as createHandler } from "@/app/api/tasks/route";
import { createProject, createTask, createVendor } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { inDays, person, unitWith } from "./fixtures";

const testDb = useTestDatabase();
const create = (headers: Record<string, string> | undefined, payload: unknown) => call(createHandler, { method: "POST", path: "/api/tasks", headers, body: payload });

describe("a sub-task inherits from its parent", () => {
  it("project, department, priority, assignee and due date when the body leaves them out", async () => {
    const me = await person(testDb.prisma);
    const worker = await person(testDb.prisma);
    const unit = await unitWith(testDb.prisma, me.id);
    const project = await createProject(testDb.prisma, { createdById: me.id });
    const due = new Date(inDays(3));
    const parent = await createTask(testDb.prisma, {
      createdById: me.id, organizationalUnitId: unit.id, projectId: project.id, priority: "high",
      assigneeType: "user", assigneeId: worker.id, dueDate: due,
    });
    const res = await create(me.headers, { title: "Book the chapel", parentTaskId: parent.id, uuid: crypto.randomUUID() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      parentTaskId: parent.id, organizationalUnitId: unit.id, projectId: project.id, priority: "high",
      assigneeType: "user", assigneeId: worker.id, dueDate: due.toISOString(),
    });
  });

  it("what the body sets wins: another assignee, unassigned on purpose (null), another due date", async () => {
    const me = await person(testDb.prisma);
    const worker = await person(testDb.prisma);
    const other = await person(testDb.prisma);
    const unit = await unitWith(testDb.prisma, me.id);
    const parent = await createTask(testDb.prisma, { createdById: me.id, organizationalUnitId: unit.id, assigneeType: "user", assigneeId: worker.id, dueDate: new Date(inDays(3)) });
    const mine = await create(me.headers, { title: "Mine", parentTaskId: parent.id, assigneeId: other.id, dueDate: inDays(1) });
    expect(mine.body.assigneeId).toBe(other.id);
    expect(new Date(mine.body.dueDate).getTime()).toBeLessThan(parent.dueDate.getTime());
    const nobody = await create(me.headers, { title: "Nobody", parentTaskId: parent.id, assigneeId: null });
    expect(nobody.status).toBe(201);
    expect(nobody.body).toMatchObject({ assigneeId: null, assigneeType: null });
  });

  it("a vendor's parent hands its vendor down; a top-level task still needs a due date (400)", async () => {
    const me = await person(testDb.prisma);
    const unit = await unitWith(testDb.prisma, me.id);
    const vendor = await createVendor(testDb.prisma);
    const parent = await createTask(testDb.prisma, { createdById: me.id, organizationalUnitId: unit.id, assigneeType: "vendor", vendorId: vendor.id });
    const sub = await create(me.headers, { title: "Engrave", parentTaskId: parent.id });
    expect(sub.body).toMatchObject({ assigneeType: "vendor", vendorId: vendor.id });
    const top = await create(me.headers, { title: "No date", department: unit.id });
    expect(top.status).toBe(400);
    expect(top.body.message).toMatch(/Due date is required/);
    const blank = await create(me.headers, { title: "Blank date", parentTaskId: parent.id, dueDate: "" });
    expect(blank.status).toBe(400);
    expect((await create(undefined, { title: "x", parentTaskId: parent.id })).status).toBe(401);
  });
});
