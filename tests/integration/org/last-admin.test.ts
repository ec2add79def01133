import { PATCH as patchRoute } from "@/app/api/members/[id]/route";
import { POST as deactivateRoute } from "@/app/api/members/[id]/deactivate/route";
import { createUser } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

// Its own database: these tests need to know exactly how many active admins exist.
const testDb = useTestDatabase();

const patch = (id: string, body: unknown, headers: Record<string, string>) => call(patchRoute, { method: "PATCH", path: `/api/members/${id}`, body, headers, params: { id } });
const deactivate = (id: string, headers: Record<string, string>) => call(deactivateRoute, { method: "POST", path: `/api/members/${id}/deactivate`, headers, params: { id } });

describe("the organization keeps one active admin", () => {
  it("the only admin cannot demote or deactivate themself (409); nothing changes", async () => {
    const only = await createUser(testDb.prisma, { role: "admin" });
    await createUser(testDb.prisma, { role: "admin", isActive: false }); // an inactive admin does not count
    const headers = await signIn(only);

    const demote = await patch(only.id, { role: "staff" }, headers);
    expect(demote.status).toBe(409);
    expect(demote.body).toMatchObject({ code: "CONFLICT", message: "You cannot demote the last admin. Make another member an admin first." });

    const self = await deactivate(only.id, headers);
    expect(self.status).toBe(409);
    expect(self.body.message).toBe("You cannot deactivate your own account.");

    const stored = await testDb.prisma.user.findUniqueOrThrow({ where: { id: only.id } });
    expect(stored).toMatchObject({ role: "admin", isActive: true });
    expect(await testDb.prisma.auditLog.count({ where: { entityId: only.id, action: { startsWith: "member." } } })).toBe(0);
  });

  it("with two admins one may demote or deactivate the other, but not the last one left", async () => {
    const db = testDb.prisma;
    await db.user.updateMany({ where: { role: "admin" }, data: { isActive: false } });
    const a = await createUser(db, { role: "admin" });
    const b = await createUser(db, { role: "admin" });
    const c = await createUser(db, { role: "admin" });
    const aHeaders = await signIn(a);

    expect((await patch(b.id, { role: "manager" }, aHeaders)).status).toBe(200);
    expect((await deactivate(c.id, aHeaders)).status).toBe(200);
    // `a` is the last active admin now: demoting them is refused even when asked by themself.
    const last = await patch(a.id, { role: "staff" }, aHeaders);
    expect(last.status).toBe(409);
    // Editing the last admin's other fields is fine.
    expect((await patch(a.id, { firstName: "Still", role: "admin" }, aHeaders)).status).toBe(200);
  });

  it("two admins demoting each other at once: exactly one succeeds", async () => {
    const db = testDb.prisma;
    await db.user.updateMany({ where: { role: "admin" }, data: { isActive: false } });
    const x = await createUser(db, { role: "admin" });
    const y = await createUser(db, { role: "admin" });
    const [xHeaders, yHeaders] = await Promise.all([signIn(x), signIn(y)]);
    const results = await Promise.all([patch(y.id, { role: "staff" }, xHeaders), patch(x.id, { role: "staff" }, yHeaders)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await db.user.count({ where: { role: "admin", isActive: true } })).toBe(1);
  });
});
