import { GET as listUnitsRoute, POST as createUnitRoute } from "@/app/api/organizational-units/route";
import { DELETE as deleteUnitRoute, GET as getUnitRoute, PATCH as patchUnitRoute } from "@/app/api/organizational-units/[id]/route";
import { addMembership, createTask, createUnit, createUser } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();

let admin: { id: string; email: string };
let adminHeaders: Record<string, string>;
let staffHeaders: Record<string, string>;
let managerHeaders: Record<string, string>;

beforeAll(async () => {
  admin = await createUser(testDb.prisma, { role: "admin" });
  adminHeaders = await signIn(admin);
  staffHeaders = await signIn(await createUser(testDb.prisma, { role: "staff" }));
  managerHeaders = await signIn(await createUser(testDb.prisma, { role: "manager" }));
});

const post = (body: unknown, headers = adminHeaders) => call(createUnitRoute, { method: "POST", path: "/api/organizational-units", body, headers });
const patch = (id: string, body: unknown, headers = adminHeaders) =>
  call(patchUnitRoute, { method: "PATCH", path: `/api/organizational-units/${id}`, body, headers, params: { id } });
const del = (id: string, headers = adminHeaders) => call(deleteUnitRoute, { method: "DELETE", path: `/api/organizational-units/${id}`, headers, params: { id } });
const auditOf = (entityId: string) => testDb.prisma.auditLog.findMany({ where: { entityId }, orderBy: { createdAt: "asc" } });

describe("GET /api/organizational-units", () => {
  it("401 when signed out", async () => {
    const res = await call(listUnitsRoute, { path: "/api/organizational-units" });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ message: "Unauthorized", code: "UNAUTHORIZED" });
  });

  it("lists every unit with counts of active members, sub-units and open tasks, for staff too", async () => {
    const parent = await createUnit(testDb.prisma, { name: "Counted Parent", unitNumber: 700, type: "division" });
    await createUnit(testDb.prisma, { name: "Counted Child A", parentId: parent.id });
    await createUnit(testDb.prisma, { name: "Counted Child B", parentId: parent.id });
    const active = await createUser(testDb.prisma);
    const inactive = await createUser(testDb.prisma, { isActive: false });
    await addMembership(testDb.prisma, parent.id, active.id);
    await addMembership(testDb.prisma, parent.id, inactive.id);
    await createTask(testDb.prisma, { createdById: admin.id, organizationalUnitId: parent.id, status: "open" });
    await createTask(testDb.prisma, { createdById: admin.id, organizationalUnitId: parent.id, status: "blocked" });
    await createTask(testDb.prisma, { createdById: admin.id, organizationalUnitId: parent.id, status: "completed" });
    await createTask(testDb.prisma, { createdById: admin.id, organizationalUnitId: parent.id, status: "open", deletedAt: new Date() });

    const res = await call(listUnitsRoute, { path: "/api/organizational-units", headers: staffHeaders });
    expect(res.status).toBe(200);
    const unit = res.body.find((u: { id: string }) => u.id === parent.id);
    expect(unit).toEqual({
      id: parent.id,
      name: "Counted Parent",
      unitNumber: 700,
      type: "division",
      parentId: null,
      description: null,
      counts: { members: 1, children: 2, openTasks: 2 },
    });
    expect(res.body.filter((u: { parentId: string }) => u.parentId === parent.id)).toHaveLength(2);
  });
});

describe("POST /api/organizational-units", () => {
  it("401 signed out, 403 for staff and managers", async () => {
    expect((await call(createUnitRoute, { method: "POST", path: "/api/organizational-units", body: { name: "X" } })).status).toBe(401);
    const staff = await post({ name: "Nope" }, staffHeaders);
    expect(staff.status).toBe(403);
    expect(staff.body.message).toBe("Access denied");
    expect((await post({ name: "Nope" }, managerHeaders)).status).toBe(403);
    expect(await testDb.prisma.organizationalUnit.count({ where: { name: "Nope" } })).toBe(0);
  });

  it("400 naming the field", async () => {
    const noName = await post({ unitNumber: 5 });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe("Name is required");
    const badNumber = await post({ name: "Bad", unitNumber: 1.5 });
    expect(badNumber.status).toBe(400);
    expect(badNumber.body.message).toBe("Unit number must be a whole number");
    const badType = await post({ name: "Bad", type: "galaxy" });
    expect(badType.status).toBe(400);
    expect(badType.body.message).toBe("Type must be one of department, division, team, program, location");
    const badParent = await post({ name: "Bad", parentId: "not-a-uuid" });
    expect(badParent.status).toBe(400);
    expect(badParent.body.message).toBe("parentId: Parent unit must be a valid id");
    const missingParent = await post({ name: "Bad", parentId: "00000000-0000-4000-8000-000000000000" });
    expect(missingParent.status).toBe(400);
    expect(missingParent.body.message).toBe("Parent unit not found");
  });

  it("creates a unit under a parent, reads it back and records the audit", async () => {
    const parent = await createUnit(testDb.prisma, { name: "Create Parent" });
    const res = await post({ name: "  Grief Support  ", unitNumber: "820", type: "team", parentId: parent.id, description: "Family care" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Grief Support", unitNumber: 820, type: "team", parentId: parent.id, description: "Family care", counts: { members: 0, children: 0, openTasks: 0 } });

    const read = await call(getUnitRoute, { path: `/api/organizational-units/${res.body.id}`, headers: staffHeaders, params: { id: res.body.id } });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
    const [audit] = await auditOf(res.body.id);
    expect(audit).toMatchObject({ actorId: admin.id, action: "unit.create", entityType: "organizational_unit", after: { name: "Grief Support", unitNumber: 820, parentId: parent.id } });
  });

  it("defaults: type department, no number, top level", async () => {
    const res = await post({ name: "Plain" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: "department", unitNumber: null, parentId: null });
  });

  it("409 when the unit number is taken, naming the holder", async () => {
    await createUnit(testDb.prisma, { name: "Holder", unitNumber: 900 });
    const res = await post({ name: "Dup", unitNumber: 900 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "CONFLICT", message: "Unit number 900 is already used by Holder. Choose another number.", field: "unitNumber" });
    // Units without a number never clash.
    expect((await post({ name: "No number 1" })).status).toBe(201);
    expect((await post({ name: "No number 2" })).status).toBe(201);
  });
});

describe("PATCH /api/organizational-units/{id}", () => {
  it("401, 403, 404 and 400", async () => {
    const unit = await createUnit(testDb.prisma);
    expect((await call(patchUnitRoute, { method: "PATCH", path: "/x", body: { name: "A" }, params: { id: unit.id } })).status).toBe(401);
    expect((await patch(unit.id, { name: "A" }, staffHeaders)).status).toBe(403);
    const missing = await patch("00000000-0000-4000-8000-000000000000", { name: "A" });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Unit not found");
    expect((await patch("garbage", { name: "A" })).status).toBe(404);
    const empty = await patch(unit.id, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Nothing to update");
    const blank = await patch(unit.id, { name: " " });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe("Name is required");
  });

  it("edits fields, clears the number, and audits only what changed", async () => {
    const unit = await createUnit(testDb.prisma, { name: "Before", unitNumber: 610, type: "team" });
    const res = await patch(unit.id, { name: "After", unitNumber: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "After", unitNumber: null, type: "team" });
    const stored = await testDb.prisma.organizationalUnit.findUniqueOrThrow({ where: { id: unit.id } });
    expect(stored).toMatchObject({ name: "After", unitNumber: null, type: "team" });
    const [audit] = await auditOf(unit.id);
    expect(audit).toMatchObject({ action: "unit.update", before: { name: "Before", unitNumber: 610 }, after: { name: "After", unitNumber: null } });
    expect(audit.before).not.toHaveProperty("type");
  });

  it("moves a unit (and back to the top level), audited as a move", async () => {
    const a = await createUnit(testDb.prisma, { name: "Move A" });
    const b = await createUnit(testDb.prisma, { name: "Move B" });
    const moved = await patch(b.id, { parentId: a.id });
    expect(moved.status).toBe(200);
    expect(moved.body.parentId).toBe(a.id);
    expect((await testDb.prisma.organizationalUnit.findUniqueOrThrow({ where: { id: b.id } })).parentId).toBe(a.id);
    const [audit] = await auditOf(b.id);
    expect(audit).toMatchObject({ action: "unit.move", before: { parentId: null }, after: { parentId: a.id } });

    const top = await patch(b.id, { parentId: null });
    expect(top.body.parentId).toBeNull();
  });

  it("409 for a cycle: under itself, under its child, under a grandchild; nothing changes", async () => {
    const root = await createUnit(testDb.prisma, { name: "Cycle Root" });
    const child = await createUnit(testDb.prisma, { name: "Cycle Child", parentId: root.id });
    const grandchild = await createUnit(testDb.prisma, { name: "Cycle Grandchild", parentId: child.id });

    const self = await patch(root.id, { parentId: root.id });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe("Cycle Root cannot be moved under itself.");

    const underChild = await patch(root.id, { parentId: child.id });
    expect(underChild.status).toBe(409);
    expect(underChild.body.message).toBe("Cannot move Cycle Root under Cycle Child: Cycle Child is inside Cycle Root.");

    const underGrandchild = await patch(root.id, { parentId: grandchild.id });
    expect(underGrandchild.status).toBe(409);
    expect(underGrandchild.body.message).toBe("Cannot move Cycle Root under Cycle Grandchild: Cycle Grandchild is inside Cycle Root.");

    expect((await testDb.prisma.organizationalUnit.findUniqueOrThrow({ where: { id: root.id } })).parentId).toBeNull();
    // A legal move inside the same subtree still works.
    expect((await patch(grandchild.id, { parentId: root.id })).status).toBe(200);
  });

  it("two concurrent crossing moves cannot both succeed (no cycle is ever stored)", async () => {
    const x = await createUnit(testDb.prisma, { name: "Race X" });
    const y = await createUnit(testDb.prisma, { name: "Race Y" });
    const results = await Promise.all([patch(x.id, { parentId: y.id }), patch(y.id, { parentId: x.id })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await testDb.prisma.organizationalUnit.findMany({ where: { id: { in: [x.id, y.id] } } });
    expect(rows.filter((r) => r.parentId !== null)).toHaveLength(1);
  });

  it("409 when the new number is taken; keeping its own number is fine", async () => {
    await createUnit(testDb.prisma, { name: "Number Holder", unitNumber: 930 });
    const unit = await createUnit(testDb.prisma, { name: "Renumbered", unitNumber: 931 });
    const res = await patch(unit.id, { unitNumber: 930 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Unit number 930 is already used by Number Holder. Choose another number.");
    expect((await patch(unit.id, { unitNumber: 931, name: "Renumbered 2" })).status).toBe(200);
  });
});

describe("DELETE /api/organizational-units/{id}", () => {
  it("401, 403 and 404", async () => {
    const unit = await createUnit(testDb.prisma);
    expect((await call(deleteUnitRoute, { method: "DELETE", path: "/x", params: { id: unit.id } })).status).toBe(401);
    expect((await del(unit.id, staffHeaders)).status).toBe(403);
    expect((await del("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect(await testDb.prisma.organizationalUnit.count({ where: { id: unit.id } })).toBe(1);
  });

  it("409 naming sub-units, members and open tasks", async () => {
    const unit = await createUnit(testDb.prisma, { name: "Operations Blocked" });
    for (let i = 0; i < 3; i++) await createUnit(testDb.prisma, { parentId: unit.id });
    for (let i = 0; i < 2; i++) await addMembership(testDb.prisma, unit.id, (await createUser(testDb.prisma)).id);
    const res = await del(unit.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: "CONFLICT",
      message: "Cannot delete Operations Blocked: it has 3 sub-units and 2 members. Move them first.",
      blockers: { children: 3, members: 2, openTasks: 0, otherTasks: 0 },
    });

    const tasksOnly = await createUnit(testDb.prisma, { name: "Busy" });
    await createTask(testDb.prisma, { createdById: admin.id, organizationalUnitId: tasksOnly.id });
    await createTask(testDb.prisma, { createdById: admin.id, organizationalUnitId: tasksOnly.id, status: "completed" });
    const busy = await del(tasksOnly.id);
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe("Cannot delete Busy: it has 1 open task and 1 closed task. Move them first.");
  });

  it("deletes an empty unit (dropping deactivated members' memberships) and audits it", async () => {
    const unit = await createUnit(testDb.prisma, { name: "Empty", unitNumber: 950 });
    const gone = await createUser(testDb.prisma, { isActive: false });
    await addMembership(testDb.prisma, unit.id, gone.id);
    const res = await del(unit.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await testDb.prisma.organizationalUnit.count({ where: { id: unit.id } })).toBe(0);
    expect(await testDb.prisma.unitMembership.count({ where: { userId: gone.id } })).toBe(0);
    const [audit] = await auditOf(unit.id);
    expect(audit).toMatchObject({ action: "unit.delete", actorId: admin.id, before: { name: "Empty", unitNumber: 950 }, metadata: { removedInactiveMemberships: 1 } });
  });
});
