import { GET as listHandler, POST as createHandler } from "@/app/api/admin/punch-posts/route";
import { DELETE as removeHandler, PATCH as updateHandler } from "@/app/api/admin/punch-posts/[id]/route";
import { GET as qrPdf } from "@/app/api/admin/punch-qr-pdf/route";
import { POST as rotateHandler } from "@/app/api/admin/punch-stations/rotate/route";
import { signPunchLocation, verifyPunchQr } from "@/lib/services/punch/punch-qr-signature";
import { createApiKey, createUser } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();

const list = (headers?: Record<string, string>) => call(listHandler, { path: "/api/admin/punch-posts", headers });
const create = (headers: Record<string, string> | undefined, body: unknown) => call(createHandler, { method: "POST", path: "/api/admin/punch-posts", headers, body });
const update = (headers: Record<string, string> | undefined, id: string, body: unknown) =>
  call(updateHandler, { method: "PATCH", path: `/api/admin/punch-posts/${id}`, params: { id }, headers, body });
const remove = (headers: Record<string, string> | undefined, id: string) => call(removeHandler, { method: "DELETE", path: `/api/admin/punch-posts/${id}`, params: { id }, headers });

let seq = 0;
/** Locations unique to each test (the database is shared by the file's tests). */
const loc = (name: string) => `${name}-${process.pid}-${++seq}`;

async function admin() {
  return signIn(await createUser(testDb.prisma, { role: "admin" }));
}

async function printPdf(headers: Record<string, string>, location: string) {
  const req = new Request(`http://localhost:3000/api/admin/punch-qr-pdf?location=${encodeURIComponent(location)}`, { headers: { host: "localhost:3000", ...headers } });
  return qrPdf(req, { params: Promise.resolve({}) });
}

describe("punch posts: who may manage them", () => {
  it("401 anonymous, 403 staff and managers, 403 API keys even with every punch scope", async () => {
    expect((await list()).status).toBe(401);
    expect((await create(undefined, { location: "van" })).status).toBe(401);
    for (const role of ["staff", "manager"] as const) {
      const headers = await signIn(await createUser(testDb.prisma, { role }));
      expect((await list(headers)).status).toBe(403);
      expect((await create(headers, { location: "van" })).status).toBe(403);
    }
    const owner = await createUser(testDb.prisma, { role: "admin" });
    const { token } = await createApiKey(testDb.prisma, { createdById: owner.id, scopes: ["punch:read", "punch:write"] });
    const byKey = await list({ authorization: `Bearer ${token}` });
    expect(byKey.status).toBe(403);
    expect(await testDb.prisma.punchStation.count()).toBe(0);
  });
});

describe("punch posts: add, list, rename, remove", () => {
  it("400 naming the field for a bad location, name or place, and for an empty update", async () => {
    const headers = await admin();
    expect((await create(headers, {})).body.message).toMatch(/location/);
    expect((await create(headers, { location: "back room / door" })).body.message).toMatch(/location must be 1-50 letters/);
    expect((await create(headers, { location: "van", name: "x".repeat(101) })).body.message).toMatch(/name must be at most 100/);
    expect((await create(headers, { location: "van", place: 5 })).body.message).toMatch(/place must be text/);
    const post = (await create(headers, { location: loc("van") })).body;
    const empty = await update(headers, post.id, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/name or place is required/);
  });

  it("adds a post, lists it by name, renames it, and 409s on a location already in use", async () => {
    const headers = await admin();
    await testDb.prisma.punchStation.deleteMany();
    const added = await create(headers, { location: "crematory-back", name: "Crematory back room", place: "Left of the retort door" });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: expect.any(String),
      location: "crematory-back",
      name: "Crematory back room",
      place: "Left of the retort door",
      keyVersion: 1,
      lastPrintedAt: null,
      rotatedAt: null,
      createdAt: expect.any(String),
    });
    await create(headers, { location: "van", name: "Transport van" });
    await create(headers, { location: "annex" });
    expect((await list(headers)).body.items.map((p: { location: string }) => p.location)).toEqual(["annex", "crematory-back", "van"]);

    const dup = await create(headers, { location: "crematory-back" });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe("A punch post with this location already exists.");

    const renamed = await update(headers, added.body.id, { name: "Back room", place: "" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Back room", place: null, location: "crematory-back" });
    const stored = await testDb.prisma.punchStation.findUniqueOrThrow({ where: { location: "crematory-back" } });
    expect({ name: stored.name, place: stored.place }).toEqual({ name: "Back room", place: null });
    expect(await testDb.prisma.auditLog.count({ where: { entityId: added.body.id, action: { startsWith: "punch_post." } } })).toBe(2);
  });

  it("404 for an unknown, malformed or removed post", async () => {
    const headers = await admin();
    expect((await update(headers, "00000000-0000-4000-8000-000000000000", { name: "x" })).status).toBe(404);
    expect((await remove(headers, "not-a-uuid")).status).toBe(404);
    const post = (await create(headers, { location: loc("van") })).body;
    expect((await remove(headers, post.id)).status).toBe(200);
    expect((await remove(headers, post.id)).status).toBe(404);
    expect((await update(headers, post.id, { name: "x" })).status).toBe(404);
  });

  it("printing records lastPrintedAt; removing voids the printed copies; printing again brings the post back", async () => {
    const headers = await admin();
    await testDb.prisma.punchStation.updateMany({ data: { deletedAt: new Date() } });
    const van = loc("van");
    const post = (await create(headers, { location: van, name: "Transport van" })).body;
    const pdf = await printPdf(headers, van);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    const printed = (await list(headers)).body.items[0];
    expect(printed.lastPrintedAt).not.toBeNull();
    expect(await verifyPunchQr({ location: van, keyVersion: "1", signature: signPunchLocation(van, 1) })).toBe(true);

    const gone = await remove(headers, post.id);
    expect(gone.body).toEqual({ ok: true });
    expect((await list(headers)).body.items).toEqual([]);
    const stored = await testDb.prisma.punchStation.findUniqueOrThrow({ where: { location: van } });
    expect(stored.deletedAt).not.toBeNull();
    expect(stored.keyVersion).toBe(2);
    expect(await verifyPunchQr({ location: van, keyVersion: "1", signature: signPunchLocation(van, 1) })).toBe(false);
    expect(await verifyPunchQr({ location: van, keyVersion: "2", signature: signPunchLocation(van, 2) })).toBe(false);

    expect((await printPdf(headers, van)).status).toBe(200);
    const back = (await list(headers)).body.items;
    expect(back).toMatchObject([{ location: van, name: "Transport van", keyVersion: 2 }]);
    expect(await verifyPunchQr({ location: van, keyVersion: "2", signature: signPunchLocation(van, 2) })).toBe(true);
  });

  it("rotating from the screen raises the version shown in the list", async () => {
    const headers = await admin();
    const annex = loc("annex");
    await create(headers, { location: annex });
    const rotated = await call(rotateHandler, { method: "POST", path: "/api/admin/punch-stations/rotate", headers, body: { location: annex } });
    expect(rotated.body).toEqual({ location: annex, keyVersion: 2 });
    expect((await list(headers)).body.items.find((p: { location: string }) => p.location === annex)).toMatchObject({ keyVersion: 2, rotatedAt: expect.any(String) });
  });

  it("a removed post's location may be added again and keeps its raised version", async () => {
    const headers = await admin();
    const van = loc("van");
    const post = (await create(headers, { location: van })).body;
    await remove(headers, post.id);
    const again = await create(headers, { location: van, name: "New van" });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: post.id, name: "New van", keyVersion: 2 });
  });
});
