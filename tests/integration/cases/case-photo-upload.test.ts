/**
 * PUT /api/cases/{number}/photo: the pet's photo on the one upload path (route() stores the file
 * under the case photo policy before the service runs). Real Postgres, storage on disk.
 */
import { GET as photoHandler, PUT as uploadHandler } from "@/app/api/cases/[number]/photo/route";
import { CASE_PHOTO_MAX_BYTES } from "@/lib/cases/images";
import { createMemorialCase } from "@/prisma/factories";
import { useTestDatabase } from "@/tests/support/db";
import { callRaw, exeBytes, form, PDF_SMALL, PNG_1PX, pngOfSize, useUploadDir } from "@/tests/support/uploads";
import { person } from "../tasks/fixtures";

const testDb = useTestDatabase();
const uploads = useUploadDir();
type Who = Awaited<ReturnType<typeof person>>;
let staff: Who, manager: Who;

beforeAll(async () => {
  [staff, manager] = [await person(testDb.prisma), await person(testDb.prisma, "manager")];
});

const aCase = () => createMemorialCase(testDb.prisma, { createdById: manager.id });
const put = (who: Who, number: string, bytes: Buffer, name = "pet.png", type = "image/png") =>
  callRaw(uploadHandler, { method: "PUT", path: `/api/cases/${number}/photo`, headers: who.headers, params: { number }, body: form({}, [{ name, bytes, type, field: "photo" }]) });
const storedKey = async (id: string) => (await testDb.prisma.memorialCase.findUniqueOrThrow({ where: { id }, select: { petPhotoKey: true } })).petPhotoKey;

describe("PUT /api/cases/{number}/photo", () => {
  it("stores the photo, answers the case, and serves it back", async () => {
    const c = await aCase();
    const res = await put(manager, c.number, PNG_1PX);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ number: c.number, hasPetPhoto: true });
    const key = await storedKey(c.id);
    expect(key).toMatch(/^cases\/photos\//);
    expect(await uploads.files()).toContain(key);

    const served = await callRaw(photoHandler, { method: "GET", path: `/api/cases/${c.number}/photo`, headers: staff.headers, params: { number: c.number } });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.bytes.equals(PNG_1PX)).toBe(true);

    const audit = await testDb.prisma.auditLog.findFirst({ where: { entityId: c.id, action: "case.update" }, orderBy: { createdAt: "desc" } });
    expect(audit).not.toBeNull();
  });

  it("replaces the photo on file", async () => {
    const c = await aCase();
    await put(manager, c.number, PNG_1PX);
    const first = await storedKey(c.id);
    expect((await put(manager, c.number, pngOfSize(2000))).status).toBe(200);
    expect(await storedKey(c.id)).not.toBe(first);
  });

  it("refuses a file that is not a JPEG, PNG or WebP image (415) and keeps nothing", async () => {
    const c = await aCase();
    await uploads.clear();
    for (const [bytes, name, type] of [
      [PDF_SMALL, "pet.pdf", "application/pdf"],
      [exeBytes(), "pet.png", "image/png"],
    ] as const) {
      const res = await put(manager, c.number, bytes, name, type);
      expect(res.status).toBe(415);
      expect(res.body.message).toContain("JPEG, PNG or WebP");
    }
    expect(await storedKey(c.id)).toBeNull();
    expect(await uploads.files()).toEqual([]);
  });

  it("refuses a photo over 700 KB (413) and one with no file (400)", async () => {
    const c = await aCase();
    await uploads.clear();
    expect((await put(manager, c.number, pngOfSize(CASE_PHOTO_MAX_BYTES))).status).toBe(200);
    await testDb.prisma.memorialCase.update({ where: { id: c.id }, data: { petPhotoKey: null } });
    await uploads.clear();
    const tooLarge = await put(manager, c.number, pngOfSize(CASE_PHOTO_MAX_BYTES + 1));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.code).toBe("PAYLOAD_TOO_LARGE");
    const empty = await callRaw(uploadHandler, { method: "PUT", path: `/api/cases/${c.number}/photo`, headers: manager.headers, params: { number: c.number }, body: form({ note: "x" }) });
    expect(empty.status).toBe(400);
    expect(await storedKey(c.id)).toBeNull();
    expect(await uploads.files()).toEqual([]);
  });

  it("is for whoever can edit the case: staff get 403, an unknown case is 404, a closed case 409", async () => {
    const c = await aCase();
    await uploads.clear();
    expect((await put(staff, c.number, PNG_1PX)).status).toBe(403);
    expect((await put(manager, "C-2026-99999", PNG_1PX)).status).toBe(404);
    await testDb.prisma.memorialCase.update({ where: { id: c.id }, data: { status: "closed", closedAt: new Date(), closedReason: "Family took the pet" } });
    expect((await put(manager, c.number, PNG_1PX)).status).toBe(409);
    expect(await storedKey(c.id)).toBeNull();
    expect(await uploads.files()).toEqual([]);
  });
});
