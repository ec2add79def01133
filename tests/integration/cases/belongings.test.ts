/**
 * Personal belongings (docs/cases.md "Belongings"): recorded with a photo on the upload path,
 * removed while unchecked, checked off at packaged and returned, a scan with one unaccounted for
 * refused (and an administrator's override with a reason), the family page's list, API keys.
 */
import { randomUUID } from "node:crypto";
import { GET as listHandler, POST as addHandler } from "@/app/api/cases/[number]/belongings/route";
import { DELETE as removeHandler } from "@/app/api/cases/[number]/belongings/[id]/route";
import { GET as photoHandler } from "@/app/api/cases/[number]/belongings/[id]/photo/route";
import { POST as scanHandler } from "@/app/api/cases/[number]/scans/route";
import { getFamilyView } from "@/lib/services/cases/family-link";
import { signFamilyToken } from "@/lib/services/cases/tokens";
import { createApiKey, createMemorialCase, recordCaseScans } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { callRaw, form, PDF_SMALL, PNG_1PX, useUploadDir } from "@/tests/support/uploads";
import { person } from "../tasks/fixtures";

const testDb = useTestDatabase();
useUploadDir();
type Who = Awaited<ReturnType<typeof person>>;
let staff: Who, manager: Who, admin: Who;

beforeAll(async () => {
  [staff, manager, admin] = [await person(testDb.prisma), await person(testDb.prisma, "manager"), await person(testDb.prisma, "admin")];
});

const add = (who: Who | Record<string, string>, number: string, fields: Record<string, string>, photo: Buffer | null = PNG_1PX, type = "image/png") =>
  callRaw(addHandler, {
    method: "POST",
    path: `/api/cases/${number}/belongings`,
    headers: "headers" in who ? (who as Who).headers : (who as Record<string, string>),
    params: { number },
    body: form(fields, photo ? [{ name: "item.png", bytes: photo, type, field: "photo" }] : []),
  });
const list = (headers: Record<string, string>, number: string) => call(listHandler, { path: "x", headers, params: { number } });
const scan = (who: Who, number: string, body: Record<string, unknown>) =>
  call(scanHandler, { method: "POST", path: `/api/cases/${number}/scans`, headers: who.headers, params: { number }, body: { clientUuid: randomUUID(), ...body } });

/** A private case whose next step is `packaged`, with a collar to return, a toy to cremate and a blanket to return. */
async function atPackaging() {
  const c = await createMemorialCase(testDb.prisma, { createdById: manager.id });
  const answers = [];
  for (const [description, disposition] of [["Red collar", "return"], ["Squeaky toy", "cremate"], ["Blue blanket", "return"]]) {
    answers.push(await add(manager, c.number, { description, disposition }));
  }
  expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
  const chamber = await testDb.prisma.cremationChamber.create({ data: { name: `Belongings ${randomUUID()}` } });
  await recordCaseScans(testDb.prisma, { caseId: c.id, memberId: staff.id, stations: ["intake", "cooler_in", "cooler_out", "chamber_in", "chamber_out", "processing"], chamberId: chamber.id });
  const items = answers[2].body.items as Array<{ id: string; description: string }>;
  const id = (description: string) => items.find((i) => i.description === description)!.id;
  return { ...c, collar: id("Red collar"), toy: id("Squeaky toy"), blanket: id("Blue blanket") };
}

/** By name: at a frozen clock (the boundary runs) rows added one after another share one created_at. */
const byName = <T extends { description: string }>(list: T[]) => [...list].sort((a, b) => a.description.localeCompare(b.description));

describe("recording belongings", () => {
  it("adds an item with its photo, serves the photo, lists it, and removes it while unchecked", async () => {
    const c = await createMemorialCase(testDb.prisma, { createdById: manager.id });
    const res = await add(manager, c.number, { description: "Red collar", disposition: "return" });
    expect(res.status).toBe(201);
    expect(res.body.items).toEqual([expect.objectContaining({ description: "Red collar", disposition: "return", hasPhoto: true, packaged: null, returned: null })]);
    const itemId = res.body.items[0].id as string;
    const photo = await callRaw(photoHandler, { method: "GET", path: "x", headers: staff.headers, params: { number: c.number, id: itemId } });
    expect([photo.status, photo.headers.get("content-type")]).toEqual([200, "image/png"]);
    expect((await list(staff.headers, c.number)).body.items).toHaveLength(1);

    const removed = await call(removeHandler, { method: "DELETE", path: "x", headers: manager.headers, params: { number: c.number, id: itemId } });
    expect([removed.status, removed.body.items]).toEqual([200, []]);
    expect((await call(removeHandler, { method: "DELETE", path: "x", headers: manager.headers, params: { number: c.number, id: itemId } })).status).toBe(404);
  });

  it("takes an item without a photo; refuses a missing description, an unknown disposition, a PDF, staff, and a closed case", async () => {
    const c = await createMemorialCase(testDb.prisma, { createdById: manager.id });
    expect((await add(manager, c.number, { description: "Tag", disposition: "dispose" }, null)).body.items[0].hasPhoto).toBe(false);
    const blank = await add(manager, c.number, { description: " ", disposition: "return" }, null);
    expect([blank.status, blank.body.message]).toEqual([400, expect.stringContaining("Description is required")]);
    expect((await add(manager, c.number, { description: "Toy", disposition: "keep" }, null)).status).toBe(400);
    expect((await add(manager, c.number, { description: "Toy", disposition: "return" }, PDF_SMALL, "application/pdf")).status).toBe(415);
    expect((await add(staff, c.number, { description: "Toy", disposition: "return" }, null)).status).toBe(403);
    await testDb.prisma.memorialCase.update({ where: { id: c.id }, data: { status: "closed", closedAt: new Date() } });
    expect((await add(manager, c.number, { description: "Toy", disposition: "return" }, null)).status).toBe(409);
    expect(await testDb.prisma.caseBelonging.count({ where: { caseId: c.id } })).toBe(1);
  });

  it("the database refuses an unknown disposition and a check-off without who", async () => {
    const c = await createMemorialCase(testDb.prisma, { createdById: manager.id });
    await expect(testDb.prisma.caseBelonging.create({ data: { caseId: c.id, description: "Toy", disposition: "keep", createdById: manager.id } })).rejects.toThrow(/case_belongings_disposition/);
    await expect(testDb.prisma.caseBelonging.create({ data: { caseId: c.id, description: "Toy", disposition: "return", packagedAt: new Date(), createdById: manager.id } })).rejects.toThrow(/case_belongings_packaged_by/);
  });
});

describe("the check-off at packaged and returned", () => {
  it("refuses packaged with an item to return unchecked, records it with all checked, and stamps who and when", async () => {
    const c = await atPackaging();
    const refused = await scan(staff, c.number, { station: "packaged", belongingsChecked: [c.collar] });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ reason: "BELONGINGS_UNACCOUNTED", overridable: true, message: "1 of 2 belongings to return is not checked off; find it before going on." });
    const none = await scan(staff, c.number, { station: "packaged" });
    expect(none.body.message).toBe("2 of 2 belongings to return are not checked off; find them before going on.");

    // The item to cremate need not be checked.
    expect((await scan(staff, c.number, { station: "packaged", belongingsChecked: [c.collar, c.blanket] })).status).toBe(201);
    const items = (await list(staff.headers, c.number)).body.items as Array<{ description: string; packaged: { by: string } | null }>;
    expect(byName(items).map((i) => [i.description, i.packaged?.by ?? null])).toEqual([
      ["Blue blanket", `${staff.user.firstName} ${staff.user.lastName}`],
      ["Red collar", `${staff.user.firstName} ${staff.user.lastName}`],
      ["Squeaky toy", null],
    ]);
    // Checked off: no longer removable.
    expect((await call(removeHandler, { method: "DELETE", path: "x", headers: manager.headers, params: { number: c.number, id: c.collar } })).status).toBe(409);
  });

  it("refuses returned with one unaccounted for; staff cannot override; an administrator overrides with a reason", async () => {
    const c = await atPackaging();
    expect((await scan(staff, c.number, { station: "packaged", belongingsChecked: [c.collar, c.blanket] })).status).toBe(201);
    expect((await scan(staff, c.number, { station: "ready" })).status).toBe(201);
    const kase = await testDb.prisma.memorialCase.findUniqueOrThrow({ where: { id: c.id }, select: { tagSerial: true } });
    const returning = { station: "returned", receiverName: "Ana Morales", tagSerial: kase.tagSerial };

    const refused = await scan(staff, c.number, { ...returning, belongingsChecked: [c.collar] });
    expect([refused.status, refused.body.reason]).toEqual([409, "BELONGINGS_UNACCOUNTED"]);
    expect((await scan(staff, c.number, { ...returning, belongingsChecked: [c.collar], override: { reason: "Blanket kept by the family at intake" } })).status).toBe(403);

    const overridden = await scan(admin, c.number, { ...returning, belongingsChecked: [c.collar], override: { reason: "Blanket kept by the family at intake" } });
    expect(overridden.status).toBe(201);
    expect(overridden.body.overrideEvent.details).toMatchObject({ refused: "BELONGINGS_UNACCOUNTED", reason: "Blanket kept by the family at intake" });
    const rows = await testDb.prisma.caseBelonging.findMany({ where: { caseId: c.id }, orderBy: { createdAt: "asc" }, select: { description: true, returnedById: true } });
    expect(byName(rows).map((r) => [r.description, r.returnedById])).toEqual([
      ["Blue blanket", null],
      ["Red collar", admin.id],
      ["Squeaky toy", null],
    ]);

    const link = await testDb.prisma.caseFamilyLink.findFirstOrThrow({ where: { caseId: c.id, revokedAt: null } });
    const view = await getFamilyView(signFamilyToken(link.id), { ip: "198.51.100.7" });
    expect(byName(view.belongings)).toEqual([
      { description: "Blue blanket", disposition: "return", returned: false },
      { description: "Red collar", disposition: "return", returned: true },
      { description: "Squeaky toy", disposition: "cremate", returned: false },
    ]);
  });

  it("a case without belongings scans packaged as before", async () => {
    const c = await createMemorialCase(testDb.prisma, { createdById: manager.id });
    const chamber = await testDb.prisma.cremationChamber.create({ data: { name: `Belongings ${randomUUID()}` } });
    await recordCaseScans(testDb.prisma, { caseId: c.id, memberId: staff.id, stations: ["intake", "cooler_in", "cooler_out", "chamber_in", "chamber_out", "processing"], chamberId: chamber.id });
    expect((await scan(staff, c.number, { station: "packaged" })).status).toBe(201);
  });
});

describe("API keys", () => {
  it("cases:read lists the belongings; adding one needs cases:write", async () => {
    const c = await createMemorialCase(testDb.prisma, { createdById: manager.id });
    const key = async (scopes: string[]) => ({ authorization: `Bearer ${(await createApiKey(testDb.prisma, { createdById: manager.id, actingUserId: manager.id, scopes })).token}` });
    const reader = await key(["cases:read"]);
    const writer = await key(["cases:write"]);
    expect((await add(reader, c.number, { description: "Collar", disposition: "return" }, null)).status).toBe(403);
    expect((await add(writer, c.number, { description: "Collar", disposition: "return" }, null)).status).toBe(201);
    expect((await list(reader, c.number)).body.items).toHaveLength(1);
    expect((await list(writer, c.number)).status).toBe(403);
  });
});
