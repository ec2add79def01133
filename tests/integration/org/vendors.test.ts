import { GET as listRoute, POST as createRoute } from "@/app/api/vendors/route";
import { DELETE as deleteRoute, GET as getRoute, PATCH as patchRoute } from "@/app/api/vendors/[id]/route";
import { GET as simplifiedRoute } from "@/app/api/simplified-vendors/route";
import { createTask, createUnit, createUser, createVendor } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();

let admin: { id: string };
let adminHeaders: Record<string, string>;
let staffHeaders: Record<string, string>;
let managerHeaders: Record<string, string>;

beforeAll(async () => {
  admin = await createUser(testDb.prisma, { role: "admin" });
  adminHeaders = await signIn(admin as { id: string; email: string });
  staffHeaders = await signIn(await createUser(testDb.prisma));
  managerHeaders = await signIn(await createUser(testDb.prisma, { role: "manager" }));
});

const create = (body: unknown, headers: Record<string, string> = adminHeaders) => call(createRoute, { method: "POST", path: "/api/vendors", body, headers });
const patch = (id: string, body: unknown, headers: Record<string, string> = adminHeaders) =>
  call(patchRoute, { method: "PATCH", path: `/api/vendors/${id}`, body, headers, params: { id } });
const del = (id: string, headers: Record<string, string> = adminHeaders) => call(deleteRoute, { method: "DELETE", path: `/api/vendors/${id}`, headers, params: { id } });

describe("GET /api/simplified-vendors", () => {
  it("401 signed out; active vendors, id, name and kind only, for staff", async () => {
    expect((await call(simplifiedRoute, { path: "/api/simplified-vendors" })).status).toBe(401);
    const active = await createVendor(testDb.prisma, { name: "Aardvark Urns", email: "secret@urns.example", notes: "net 30" });
    await createVendor(testDb.prisma, { name: "Aardvark Retired", isActive: false });
    const res = await call(simplifiedRoute, { path: "/api/simplified-vendors", headers: staffHeaders });
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({ id: active.id, name: "Aardvark Urns", kind: "vendor" });
    expect(res.body.map((v: { name: string }) => v.name)).not.toContain("Aardvark Retired");
    for (const v of res.body) expect(Object.keys(v).sort()).toEqual(["id", "kind", "name"]);
  });
});

describe("GET /api/vendors", () => {
  it("401, 403 for staff and managers, 400 naming a bad filter", async () => {
    expect((await call(listRoute, { path: "/api/vendors" })).status).toBe(401);
    expect((await call(listRoute, { path: "/api/vendors", headers: staffHeaders })).status).toBe(403);
    expect((await call(listRoute, { path: "/api/vendors", headers: managerHeaders })).status).toBe(403);
    const bad = await call(listRoute, { path: "/api/vendors?active=maybe", headers: adminHeaders });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('active must be "true", "false" or "all"');
  });

  it("lists every field, searchable and filterable by active", async () => {
    await createVendor(testDb.prisma, { name: "Zephyr Florals", contactName: "Maya Green", services: "Memorial flowers" });
    await createVendor(testDb.prisma, { name: "Zephyr Old", isActive: false });
    const all = await call(listRoute, { path: "/api/vendors?q=zephyr", headers: adminHeaders });
    expect(all.body.total).toBe(2);
    expect(all.body.items[0]).toMatchObject({ name: "Zephyr Florals", contactName: "Maya Green", services: "Memorial flowers", isActive: true });
    const inactive = await call(listRoute, { path: "/api/vendors?q=zephyr&active=false", headers: adminHeaders });
    expect(inactive.body.items.map((v: { name: string }) => v.name)).toEqual(["Zephyr Old"]);
    const byService = await call(listRoute, { path: "/api/vendors?q=flowers", headers: adminHeaders });
    expect(byService.body.items.map((v: { name: string }) => v.name)).toContain("Zephyr Florals");
  });
});

describe("POST /api/vendors", () => {
  it("401, 403, 400 naming the field", async () => {
    expect((await create({ name: "X" }, {})).status).toBe(401);
    expect((await create({ name: "X" }, staffHeaders)).status).toBe(403);
    const noName = await create({ contactName: "Someone" });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe("Name is required");
    const badEmail = await create({ name: "X", email: "not-an-email" });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe("Enter a valid email address");
  });

  it("creates with every field, reads it back, audits it; blank optional fields become null", async () => {
    const res = await create({ name: "Evergreen Urn Co.", contactName: "Helen Ortiz", email: "Orders@Evergreen.example", phone: "555-0170", services: "Urns", notes: "" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Evergreen Urn Co.", contactName: "Helen Ortiz", email: "orders@evergreen.example", phone: "555-0170", services: "Urns", notes: null, isActive: true });
    const read = await call(getRoute, { path: `/api/vendors/${res.body.id}`, headers: adminHeaders, params: { id: res.body.id } });
    expect(read.body).toEqual(res.body);
    const audit = await testDb.prisma.auditLog.findFirstOrThrow({ where: { entityId: res.body.id } });
    expect(audit).toMatchObject({ action: "vendor.create", actorId: admin.id, after: { name: "Evergreen Urn Co.", email: "orders@evergreen.example" } });
  });
});

describe("PATCH and DELETE /api/vendors/{id}", () => {
  it("401, 403, 404, 400", async () => {
    const vendor = await createVendor(testDb.prisma);
    expect((await patch(vendor.id, { name: "A" }, {})).status).toBe(401);
    expect((await patch(vendor.id, { name: "A" }, staffHeaders)).status).toBe(403);
    expect((await patch("00000000-0000-4000-8000-000000000000", { name: "A" })).status).toBe(404);
    expect((await patch(vendor.id, { isActive: "no" })).body.message).toBe("isActive must be true or false");
    expect((await del(vendor.id, staffHeaders)).status).toBe(403);
    expect((await del("00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("edits, deactivates (leaves the picker list) and reactivates, each audited", async () => {
    const vendor = await createVendor(testDb.prisma, { name: "Sunrise", phone: "1" });
    const edited = await patch(vendor.id, { name: "Sunrise Florals", phone: null });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: "Sunrise Florals", phone: null });
    const off = await patch(vendor.id, { isActive: false });
    expect(off.body.isActive).toBe(false);
    const picker = await call(simplifiedRoute, { path: "/api/simplified-vendors", headers: staffHeaders });
    expect(picker.body.map((v: { id: string }) => v.id)).not.toContain(vendor.id);
    await patch(vendor.id, { isActive: true });
    const actions = (await testDb.prisma.auditLog.findMany({ where: { entityId: vendor.id }, orderBy: { createdAt: "asc" } })).map((a) => a.action);
    expect(actions).toEqual(["vendor.update", "vendor.deactivate", "vendor.reactivate"]);
  });

  it("deletes an unused vendor; 409 when tasks refer to it", async () => {
    const unused = await createVendor(testDb.prisma);
    expect((await del(unused.id)).status).toBe(200);
    expect(await testDb.prisma.vendor.count({ where: { id: unused.id } })).toBe(0);
    expect(await testDb.prisma.auditLog.count({ where: { entityId: unused.id, action: "vendor.delete" } })).toBe(1);

    const used = await createVendor(testDb.prisma, { name: "Busy Engraving" });
    const unit = await createUnit(testDb.prisma);
    await createTask(testDb.prisma, { createdById: admin.id, organizationalUnitId: unit.id, assigneeType: "vendor", vendorId: used.id });
    const res = await del(used.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: "Cannot delete Busy Engraving: 1 task refers to it. Deactivate it instead.", blockers: { tasks: 1 } });
  });
});
