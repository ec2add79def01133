import { GET as listMembersRoute, POST as addMemberRoute } from "@/app/api/organizational-units/[id]/members/route";
import { DELETE as removeMemberRoute } from "@/app/api/organizational-units/[id]/members/[userId]/route";
import { addMembership, createUnit, createUser } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();

let admin: { id: string; email: string };
let adminHeaders: Record<string, string>;
let staffHeaders: Record<string, string>;

beforeAll(async () => {
  admin = await createUser(testDb.prisma, { role: "admin" });
  adminHeaders = await signIn(admin);
  staffHeaders = await signIn(await createUser(testDb.prisma, { role: "staff" }));
});

const list = (id: string, headers?: Record<string, string>) => call(listMembersRoute, { path: `/api/organizational-units/${id}/members`, headers, params: { id } });
const add = (id: string, body: unknown, headers: Record<string, string> | undefined = adminHeaders) =>
  call(addMemberRoute, { method: "POST", path: `/api/organizational-units/${id}/members`, body, headers, params: { id } });
const remove = (id: string, userId: string, headers: Record<string, string> | undefined = adminHeaders) =>
  call(removeMemberRoute, { method: "DELETE", path: `/api/organizational-units/${id}/members/${userId}`, headers, params: { id, userId } });

describe("GET /api/organizational-units/{id}/members", () => {
  it("401 signed out; 404 for a missing unit", async () => {
    const unit = await createUnit(testDb.prisma);
    expect((await list(unit.id)).status).toBe(401);
    const missing = await list("00000000-0000-4000-8000-000000000000", staffHeaders);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Unit not found");
  });

  it("items carry a users object (spec §3), active members only, no contact details", async () => {
    const unit = await createUnit(testDb.prisma);
    const zoe = await createUser(testDb.prisma, { firstName: "Zoe", lastName: "Adams", phone: "555-1", memberType: "volunteer" });
    const bob = await createUser(testDb.prisma, { firstName: "Bob", lastName: "Zimmer" });
    const gone = await createUser(testDb.prisma, { isActive: false });
    const m1 = await addMembership(testDb.prisma, unit.id, zoe.id);
    await addMembership(testDb.prisma, unit.id, bob.id);
    await addMembership(testDb.prisma, unit.id, gone.id);

    const res = await list(unit.id, staffHeaders);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toEqual({
      id: m1.id,
      unitId: unit.id,
      userId: zoe.id,
      users: { id: zoe.id, firstName: "Zoe", lastName: "Adams", memberType: "volunteer", role: "staff", isActive: true },
    });
    expect(res.body[1].users.lastName).toBe("Zimmer");
    expect(JSON.stringify(res.body)).not.toMatch(/email|phone|passwordHash/);
  });
});

describe("POST /api/organizational-units/{id}/members", () => {
  it("401, 403 for staff, 400 naming the field, 404 for a missing unit", async () => {
    const unit = await createUnit(testDb.prisma);
    const user = await createUser(testDb.prisma);
    expect((await add(unit.id, { userId: user.id }, {})).status).toBe(401);
    expect((await add(unit.id, { userId: user.id }, staffHeaders)).status).toBe(403);
    const bad = await add(unit.id, { userId: "x" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("userId: Member must be a valid id");
    const noUser = await add(unit.id, { userId: "00000000-0000-4000-8000-000000000000" });
    expect(noUser.status).toBe(400);
    expect(noUser.body.message).toBe("Member not found");
    expect((await add("00000000-0000-4000-8000-000000000000", { userId: user.id })).status).toBe(404);
    expect(await testDb.prisma.unitMembership.count({ where: { userId: user.id } })).toBe(0);
  });

  it("adds a member, reads it back, audits it; 409 when already a member; 400 when deactivated", async () => {
    const unit = await createUnit(testDb.prisma, { name: "Transport" });
    const user = await createUser(testDb.prisma, { firstName: "Marcus", lastName: "Chen" });
    const res = await add(unit.id, { userId: user.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ unitId: unit.id, userId: user.id, users: { id: user.id, firstName: "Marcus" } });
    expect((await list(unit.id, staffHeaders)).body.map((m: { userId: string }) => m.userId)).toEqual([user.id]);
    const audit = await testDb.prisma.auditLog.findFirstOrThrow({ where: { entityId: unit.id, action: "unit.member.add" } });
    expect(audit).toMatchObject({ actorId: admin.id, after: { userId: user.id } });

    const again = await add(unit.id, { userId: user.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Marcus Chen is already a member of Transport.");

    const inactive = await createUser(testDb.prisma, { firstName: "Old", lastName: "Timer", isActive: false });
    const deactivated = await add(unit.id, { userId: inactive.id });
    expect(deactivated.status).toBe(400);
    expect(deactivated.body.message).toBe("Old Timer is deactivated. Reactivate them first.");
  });
});

describe("DELETE /api/organizational-units/{id}/members/{userId}", () => {
  it("401, 403, 404 when not a member; removes and audits", async () => {
    const unit = await createUnit(testDb.prisma);
    const user = await createUser(testDb.prisma);
    await addMembership(testDb.prisma, unit.id, user.id);
    expect((await remove(unit.id, user.id, {})).status).toBe(401);
    expect((await remove(unit.id, user.id, staffHeaders)).status).toBe(403);
    const other = await createUser(testDb.prisma);
    const notMember = await remove(unit.id, other.id);
    expect(notMember.status).toBe(404);
    expect(notMember.body.message).toBe("This member is not in that unit");

    const res = await remove(unit.id, user.id);
    expect(res.status).toBe(200);
    expect(await testDb.prisma.unitMembership.count({ where: { unitId: unit.id } })).toBe(0);
    expect(await testDb.prisma.auditLog.count({ where: { entityId: unit.id, action: "unit.member.remove" } })).toBe(1);
  });
});
