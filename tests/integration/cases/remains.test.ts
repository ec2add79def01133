/**
 * The remains' weight and the papers a family keeps (docs/cases.md "The remains' weight", "Return
 * receipt"): the processing scan's weight checked against the species' range (in, out, both
 * boundaries, exempt service types, no body weight), a supervisor's confirmation with a reason,
 * the ranges setting, the board's flag; the return receipt, the belongings on the authorization,
 * the certificate's weight, the family page's documents, and an authorization recorded without a PDF.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { POST as scanHandler } from "@/app/api/cases/[number]/scans/route";
import { GET as boardHandler } from "@/app/api/cases/board/route";
import { GET as rangesGet, PUT as rangesPut } from "@/app/api/cases/remains-ranges/route";
import { GET as receiptHandler } from "@/app/api/cases/[number]/return-receipt/route";
import { GET as familyReceiptHandler } from "@/app/api/family/[token]/return-receipt/route";
import { GET as certificateHandler } from "@/app/api/cases/[number]/certificate/route";
import { GET as verifyHandler } from "@/app/api/certificates/[code]/route";
import { GET as authPdfHandler } from "@/app/api/cases/[number]/authorization/pdf/route";
import { GET as authHandler } from "@/app/api/cases/[number]/authorization/route";
import { POST as familySignHandler } from "@/app/api/family/[token]/authorization/route";
import { GET as familyAuthPdfHandler } from "@/app/api/family/[token]/authorization/pdf/route";
import { parseCertificateCode } from "@/lib/cases/certificate";
import { PEER_ADDRESS_HEADER } from "@/lib/http/peer-address";
import { AUTHORIZATION_NO_PDF } from "@/lib/services/cases/authorization";
import { getFamilyView } from "@/lib/services/cases/family-link";
import { WEIGHT_CONFIRM_DENIED } from "@/lib/services/cases/scan-case";
import { signFamilyToken } from "@/lib/services/cases/tokens";
import { createApiKey, createMemorialCase, recordCaseScans } from "@/prisma/factories";
import { call, TEST_ORIGIN } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { useUploadDir } from "@/tests/support/uploads";
import { person } from "../tasks/fixtures";

const testDb = useTestDatabase();
useUploadDir();
type Who = Awaited<ReturnType<typeof person>>;
let staff: Who, manager: Who, admin: Who;

beforeAll(async () => {
  [staff, manager, admin] = [await person(testDb.prisma), await person(testDb.prisma, "manager"), await person(testDb.prisma, "admin")];
});

const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
// A new documentation address per call: the public pages' per-address limit never slides at the
// boundary runs' frozen clock, so two calls that drew the same random address could hit it.
let calls = 0;
const ip = () => {
  calls += 1;
  return `${calls > 250 ? "203.0.113" : "198.51.100"}.${(calls % 250) + 1}`;
};
const scan = (who: Who | { headers: Record<string, string> }, number: string, body: Record<string, unknown>) =>
  call(scanHandler, { method: "POST", path: `/api/cases/${number}/scans`, headers: who.headers, params: { number }, body: { clientUuid: randomUUID(), ...body } });

/** A case (a 50 lb dog by default) out of the chamber: its next step is processing. */
async function atProcessing(extra: Parameters<typeof createMemorialCase>[1] extends infer T ? Partial<T> : never = {}) {
  const c = await createMemorialCase(testDb.prisma, { createdById: manager.id, petWeightLbs: 50, petSpecies: "Dog", ...extra });
  const chamber = await testDb.prisma.cremationChamber.create({ data: { name: `Remains ${randomUUID()}` } });
  await recordCaseScans(testDb.prisma, { caseId: c.id, memberId: staff.id, stations: ["intake", "cooler_in", "cooler_out", "chamber_in", "chamber_out"], chamberId: chamber.id });
  return c;
}
/** The field a 400 names: a service's `field`, or the first zod issue's path. */
const fieldOf = (body: { field?: string; fieldErrors?: Array<{ path: string }> }) => body.field ?? body.fieldErrors?.[0]?.path;
const tokenOf = async (caseId: string) => signFamilyToken((await testDb.prisma.caseFamilyLink.findFirstOrThrow({ where: { caseId, revokedAt: null } })).id);

async function bytesOf(handler: (req: Request, ctx: never) => Promise<Response>, params: Record<string, string>, headers: Record<string, string>) {
  const req = new Request(new URL("/x", TEST_ORIGIN), { headers: { host: new URL(TEST_ORIGIN).host, ...headers } });
  const res = await handler(req, { params: Promise.resolve(params) } as never);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The PDF as a person reads it: its text; page 1 rendered to /tmp/shots/remains (to look at). */
function readPdf(pdf: Buffer, name: string): string {
  const dir = "/tmp/shots/remains";
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", file, path.join(dir, name)]);
  // The text from these bytes, not the shared file: the boundary projects write the same names at once.
  return execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf, encoding: "utf8" });
}

describe("the weight at processing", () => {
  it("records a weight in range with the check in the custody event and on the case", async () => {
    const c = await atProcessing();
    const res = await scan(staff, c.number, { station: "processing", remainsWeightLbs: 2.25 });
    expect(res.status).toBe(201);
    expect(res.body.event.details.remainsWeight).toEqual({ lbs: 2.25, bodyLbs: 50, percent: 4.5, result: "in_range", range: { species: "dog", minPercent: 2, maxPercent: 10 } });
    expect(Number((await testDb.prisma.memorialCase.findUniqueOrThrow({ where: { id: c.id } })).remainsWeightLbs)).toBe(2.25);
  });

  it("takes both ends of the range and refuses just past them (overridable)", async () => {
    for (const [lbs, status] of [[1, 201], [0.99, 409], [5, 201], [5.01, 409]] as const) {
      const c = await atProcessing();
      const res = await scan(staff, c.number, { station: "processing", remainsWeightLbs: lbs });
      expect([lbs, res.status]).toEqual([lbs, status]);
      if (status === 409) {
        expect(res.body).toMatchObject({ reason: "REMAINS_WEIGHT_OUT_OF_RANGE", overridable: true });
        expect(res.body.message).toContain("expected for a dog");
        expect((await testDb.prisma.memorialCase.findUniqueOrThrow({ where: { id: c.id } })).remainsWeightLbs).toBeNull();
      }
    }
  });

  it("requires the weight for a private case, only at processing, and names the field", async () => {
    const c = await atProcessing();
    const missing = await scan(staff, c.number, { station: "processing" });
    expect([missing.status, missing.body.field, missing.body.message]).toEqual([400, "remainsWeightLbs", "Enter the weight of the remains in pounds"]);
    const negative = await scan(staff, c.number, { station: "processing", remainsWeightLbs: -1 });
    expect([negative.status, fieldOf(negative.body)]).toEqual([400, "remainsWeightLbs"]);
    const text = await scan(staff, c.number, { station: "processing", remainsWeightLbs: "heavy" });
    expect([text.status, fieldOf(text.body)]).toEqual([400, "remainsWeightLbs"]);
    const elsewhere = await scan(staff, c.number, { station: "packaged", remainsWeightLbs: 2 });
    expect([elsewhere.status, fieldOf(elsewhere.body)]).toEqual([400, "remainsWeightLbs"]);
  });

  it("exempts a partitioned case (its weight optional, never refused) and says when there is no body weight", async () => {
    const partitioned = await atProcessing({ serviceType: "partitioned" });
    const light = await scan(staff, partitioned.number, { station: "processing", remainsWeightLbs: 0.1 });
    expect([light.status, light.body.event.details.remainsWeight.result]).toEqual([201, "exempt"]);
    const unweighed = await atProcessing({ serviceType: "partitioned" });
    expect((await scan(staff, unweighed.number, { station: "processing" })).status).toBe(201);

    const noBody = await atProcessing({ petWeightLbs: null });
    const res = await scan(staff, noBody.number, { station: "processing", remainsWeightLbs: 3 });
    expect(res.status).toBe(201);
    expect(res.body.event.details.remainsWeight).toMatchObject({ result: "no_body_weight", percent: null, bodyLbs: null });
  });

  it("a supervisor confirms a weight outside the range with a reason: staff cannot, a manager can; an event, and the board shows it", async () => {
    const c = await atProcessing({ petName: "Nugget" });
    const body = { station: "processing", remainsWeightLbs: 0.4, override: { reason: "Very old dog, thin bones; weighed twice" } };
    const denied = await scan(staff, c.number, body);
    expect([denied.status, denied.body.message]).toEqual([403, WEIGHT_CONFIRM_DENIED]);
    const noReason = await scan(manager, c.number, { ...body, override: { reason: " " } });
    expect([noReason.status, fieldOf(noReason.body)]).toEqual([400, "override.reason"]);

    const confirmed = await scan(manager, c.number, body);
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.overrideEvent).toMatchObject({ kind: "override", station: "processing" });
    expect(confirmed.body.overrideEvent.details).toMatchObject({ refused: "REMAINS_WEIGHT_OUT_OF_RANGE", reason: body.override.reason, remainsWeight: { lbs: 0.4, percent: 0.8, result: "out_of_range" } });
    expect(confirmed.body.event.details.overrideSeq).toBe(confirmed.body.overrideEvent.seq);

    const board = await call(boardHandler, { path: "/api/cases/board", headers: staff.headers });
    const card = board.body.columns.flatMap((col: { cases: Array<{ number: string }> }) => col.cases).find((x: { number: string }) => x.number === c.number);
    expect(card.remainsWeightConfirmed).toEqual({ percent: 0.8, minPercent: 2, maxPercent: 10, reason: body.override.reason });
  });

  it("a manager's override still covers only the weight: skipping to processing stays an administrator's", async () => {
    const c = await createMemorialCase(testDb.prisma, { createdById: manager.id, petWeightLbs: 50 });
    const res = await scan(manager, c.number, { station: "processing", remainsWeightLbs: 2, override: { reason: "skip" } });
    expect(res.status).toBe(403);
    const tag = await scan(manager, c.number, { station: "returned", receiverName: "A", tagSerial: "x", override: { reason: "r" } });
    expect(tag.status).toBe(403);
  });
});

describe("the ranges setting", () => {
  const put = (who: { headers: Record<string, string> }, body: unknown) => call(rangesPut, { method: "PUT", path: "/api/cases/remains-ranges", headers: who.headers, body });

  it("answers the shipped defaults, saves an administrator's list (audited), and the check follows it", async () => {
    const first = await call(rangesGet, { path: "x", headers: staff.headers });
    expect(first.body.items).toEqual([
      { species: "cat", minPercent: 2, maxPercent: 10, isDefault: true },
      { species: "dog", minPercent: 2, maxPercent: 10, isDefault: true },
      { species: "*", minPercent: 1, maxPercent: 12, isDefault: true },
    ]);
    const saved = await put(admin, { items: [{ species: "Dogs", minPercent: 3, maxPercent: 4 }, { species: "*", minPercent: 1, maxPercent: 12 }] });
    expect(saved.status).toBe(200);
    expect(saved.body.items).toEqual([
      { species: "dog", minPercent: 3, maxPercent: 4, isDefault: false },
      { species: "*", minPercent: 1, maxPercent: 12, isDefault: false },
    ]);
    expect(await testDb.prisma.auditLog.count({ where: { action: "cases.remains_ranges", actorId: admin.id } })).toBe(1);

    const inside = await atProcessing();
    expect((await scan(staff, inside.number, { station: "processing", remainsWeightLbs: 2 })).status).toBe(201);
    const outside = await atProcessing();
    expect((await scan(staff, outside.number, { station: "processing", remainsWeightLbs: 2.1 })).status).toBe(409);
    // A cat now falls to "any other species".
    const cat = await atProcessing({ petSpecies: "Cat", petWeightLbs: 10 });
    expect((await scan(staff, cat.number, { station: "processing", remainsWeightLbs: 1.2 })).body.event.details.remainsWeight.range.species).toBe("*");
    await put(admin, { items: [{ species: "dog", minPercent: 2, maxPercent: 10 }, { species: "cat", minPercent: 2, maxPercent: 10 }, { species: "*", minPercent: 1, maxPercent: 12 }] });
  });

  it("is for administrators (a cases:write key too); 400s name the field", async () => {
    expect((await put(manager, { items: [{ species: "*", minPercent: 1, maxPercent: 12 }] })).status).toBe(403);
    expect((await call(rangesPut, { method: "PUT", path: "x", body: { items: [] } })).status).toBe(401);
    const inverted = await put(admin, { items: [{ species: "*", minPercent: 5, maxPercent: 4 }] });
    expect([inverted.status, fieldOf(inverted.body)]).toEqual([400, "items.0.maxPercent"]);
    const noOther = await put(admin, { items: [{ species: "dog", minPercent: 2, maxPercent: 10 }] });
    expect([noOther.status, fieldOf(noOther.body)]).toEqual([400, "items"]);
    const twice = await put(admin, { items: [{ species: "Dog", minPercent: 2, maxPercent: 10 }, { species: "dogs", minPercent: 2, maxPercent: 10 }, { species: "*", minPercent: 1, maxPercent: 12 }] });
    expect([twice.status, fieldOf(twice.body)]).toEqual([400, "items.1.species"]);
    const over = await put(admin, { items: [{ species: "*", minPercent: 1, maxPercent: 101 }] });
    expect([over.status, fieldOf(over.body)]).toEqual([400, "items.0.maxPercent"]);

    const key = async (scopes: string[]) => ({ headers: { authorization: `Bearer ${(await createApiKey(testDb.prisma, { createdById: admin.id, actingUserId: admin.id, scopes })).token}` } });
    const reader = await key(["cases:read"]);
    const writer = await key(["cases:write"]);
    expect((await call(rangesGet, { path: "x", headers: reader.headers })).status).toBe(200);
    expect((await put(reader, { items: [{ species: "*", minPercent: 1, maxPercent: 12 }] })).status).toBe(403);
    expect((await put(writer, { items: [{ species: "dog", minPercent: 2, maxPercent: 10 }, { species: "cat", minPercent: 2, maxPercent: 10 }, { species: "*", minPercent: 1, maxPercent: 12 }] })).status).toBe(200);
  });

  it("two administrators saving at once: each list is written whole, one after the other (never a mix)", async () => {
    const a = { items: [{ species: "dog", minPercent: 3, maxPercent: 9 }, { species: "*", minPercent: 1, maxPercent: 12 }] };
    const b = { items: [{ species: "cat", minPercent: 2, maxPercent: 8 }, { species: "rabbit", minPercent: 2, maxPercent: 6 }, { species: "*", minPercent: 1, maxPercent: 11 }] };
    const answers = await Promise.all([put(admin, a), put(admin, b), put(admin, a), put(admin, b)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const rows = (await testDb.prisma.remainsWeightRange.findMany({ orderBy: { species: "asc" } })).map((r) => r.species);
    expect([["*", "dog"], ["*", "cat", "rabbit"]]).toContainEqual(rows);
    await put(admin, { items: [{ species: "dog", minPercent: 2, maxPercent: 10 }, { species: "cat", minPercent: 2, maxPercent: 10 }, { species: "*", minPercent: 1, maxPercent: 12 }] });
  });

  it("the database refuses an inverted range and a species not in its key form, even for a superuser", async () => {
    const client = new pg.Client({ connectionString: testDb.url });
    await client.connect();
    try {
      await expect(client.query(`INSERT INTO remains_weight_ranges (species, min_percent, max_percent) VALUES ('ferret', 5, 4)`)).rejects.toMatchObject({ code: "23514" });
      await expect(client.query(`INSERT INTO remains_weight_ranges (species, min_percent, max_percent) VALUES ('Ferret', 1, 4)`)).rejects.toMatchObject({ code: "23514" });
      await expect(client.query(`UPDATE case_authorizations SET pdf_key = NULL WHERE false`)).resolves.toBeTruthy();
    } finally {
      await client.end();
    }
  });
});

describe("the papers", () => {
  /** A private case with a collar and a blanket to return and a toy to cremate, signed from the family's link, through to returned. */
  async function returnedCase() {
    const c = await createMemorialCase(testDb.prisma, { createdById: manager.id, petWeightLbs: 48, petName: "Juniper", petBreed: "Border Collie", returnMethod: "pickup_here" });
    const ids: Record<string, string> = {};
    for (const [description, disposition] of [["Red collar", "return"], ["Squeaky toy", "cremate"], ["Blue blanket", "return"]]) {
      ids[description] = (await testDb.prisma.caseBelonging.create({ data: { caseId: c.id, description, disposition, createdById: manager.id } })).id;
    }
    const token = await tokenOf(c.id);
    const signed = await call(familySignHandler, {
      method: "POST",
      path: "x",
      params: { token },
      headers: { [PEER_ADDRESS_HEADER]: ip() },
      body: { authorizingName: "Rosa Juniper", relationship: "Owner", rightToDecide: true, implants: "none", belongings: "return", signature: PNG },
    });
    expect(signed.status).toBe(201);
    const chamber = await testDb.prisma.cremationChamber.create({ data: { name: `Papers ${randomUUID()}` } });
    for (const station of ["intake", "cooler_in", "cooler_out"]) expect((await scan(staff, c.number, { station })).status).toBe(201);
    expect((await scan(staff, c.number, { station: "chamber_in", chamberId: chamber.id })).status).toBe(201);
    expect((await scan(staff, c.number, { station: "chamber_out" })).status).toBe(201);
    return { ...c, token, ids };
  }

  it("the authorization lists the belongings on the form and on its signed PDF", async () => {
    const c = await returnedCase();
    const form = await call(authHandler, { path: "x", headers: staff.headers, params: { number: c.number } });
    // By name: at a frozen clock (the boundary runs) the three rows share one created_at.
    const byName = (items: Array<{ description: string }>) => [...items].sort((a, b) => a.description.localeCompare(b.description));
    expect(byName(form.body.form.items)).toEqual([
      { description: "Blue blanket", disposition: "return" },
      { description: "Red collar", disposition: "return" },
      { description: "Squeaky toy", disposition: "cremate" },
    ]);
    const pdf = await bytesOf(familyAuthPdfHandler as never, { token: c.token }, { [PEER_ADDRESS_HEADER]: ip() });
    expect(pdf.res.status).toBe(200);
    const text = readPdf(pdf.bytes, "authorization-with-belongings");
    expect(text).toContain("The belongings recorded with my pet:");
    expect(text).toContain("Red collar: return it to me with the ashes");
    expect(text).toContain("Squeaky toy: cremate it with my pet");
  });

  it("the return receipt: 409 before the return; then what came home, to whom, when, the check-off and the weight, for staff and the family", async () => {
    const c = await returnedCase();
    expect((await scan(staff, c.number, { station: "processing", remainsWeightLbs: 1.9 })).status).toBe(201);
    const checked = [c.ids["Red collar"], c.ids["Blue blanket"]];
    expect((await scan(staff, c.number, { station: "packaged", belongingsChecked: checked })).status).toBe(201);
    expect((await scan(staff, c.number, { station: "ready" })).status).toBe(201);
    const early = await bytesOf(receiptHandler as never, { number: c.number }, staff.headers);
    expect(early.res.status).toBe(409);
    expect((await getFamilyView(c.token, { ip: ip() })).documents).toEqual({ authorization: true, returnReceipt: false });
    expect((await scan(staff, c.number, { station: "returned", receiverName: "Rosa Juniper", tagSerial: c.tagSerial, signature: PNG, belongingsChecked: checked })).status).toBe(201);

    const receipt = await bytesOf(receiptHandler as never, { number: c.number }, staff.headers);
    expect([receipt.res.status, receipt.res.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    const text = readPdf(receipt.bytes, "return-receipt");
    for (const expected of ["Return Receipt", c.number, "Juniper, Dog, Border Collie", "Rosa Juniper", "Collect from us", "1.9 lbs", "Red collar", "Blue blanket", "Squeaky toy", "Cremated with the pet", "2 of 2 items to return were handed over.", "[x]", "The tag serial was read and matched"]) {
      expect([expected, text.includes(expected)]).toEqual([expected, true]);
    }
    const family = await bytesOf(familyReceiptHandler as never, { token: c.token }, { [PEER_ADDRESS_HEADER]: ip() });
    expect(family.res.status).toBe(200);
    expect(family.bytes.equals(receipt.bytes)).toBe(true);
    expect((await bytesOf(familyReceiptHandler as never, { token: "AAAAAAAAAAAAAAAAAAAAAA.bad" }, { [PEER_ADDRESS_HEADER]: ip() })).res.status).toBe(404);
    expect((await getFamilyView(c.token, { ip: ip() })).documents).toEqual({ authorization: true, returnReceipt: true });
    // Anonymous staff route: 401; a cases:read key reads it.
    expect((await bytesOf(receiptHandler as never, { number: c.number }, {})).res.status).toBe(401);
    const reader = await createApiKey(testDb.prisma, { createdById: manager.id, actingUserId: manager.id, scopes: ["cases:read"] });
    expect((await bytesOf(receiptHandler as never, { number: c.number }, { authorization: `Bearer ${reader.token}` })).res.status).toBe(200);
  });

  it("the certificate of a private cremation weighed before its issue states the weight and the one-pet rule, and its check page says the same", async () => {
    const c = await returnedCase();
    expect((await scan(staff, c.number, { station: "processing", remainsWeightLbs: 1.9 })).status).toBe(201);
    const cert = await bytesOf(certificateHandler as never, { number: c.number }, staff.headers);
    expect(cert.res.status).toBe(200);
    const text = readPdf(cert.bytes, "certificate-private-weighed");
    expect(text).toContain("Private cremation");
    expect(text).toContain("Juniper was cremated alone");
    expect(text).toMatch(/Ashes returned\s+1\.9 lbs, weighed when prepared/);
    const code = /C-\d{4}-\d{5}-\d+-[0-9A-F ]{19}/.exec(text)![0].replace(/ /g, "");
    expect(parseCertificateCode(code)).not.toBeNull();
    const check = await call(verifyHandler, { path: "x", params: { code }, headers: { [PEER_ADDRESS_HEADER]: ip() } });
    expect(check.body.certificate).toMatchObject({ service: "Private cremation", remainsWeight: "1.9 lbs", serviceNote: expect.stringContaining("cremated alone") });
  });

  it("a partitioned certificate explains the service and states no weight (available at chamber-out, before processing)", async () => {
    const c = await atProcessing({ serviceType: "partitioned", petName: "Clover" });
    const cert = await bytesOf(certificateHandler as never, { number: c.number }, staff.headers);
    expect(cert.res.status).toBe(200);
    const text = readPdf(cert.bytes, "certificate-partitioned");
    expect(text).toContain("Partitioned cremation");
    expect(text).toContain("each kept apart");
    expect(text).not.toContain("Ashes returned");
  });

  it("an authorization recorded without a PDF (demo data) says so: no link, a 404 with the reason", async () => {
    const c = await atProcessing();
    const auth = await call(authHandler, { path: "x", headers: staff.headers, params: { number: c.number } });
    expect(auth.body.current).toMatchObject({ hasPdf: false });
    const pdf = await bytesOf(authPdfHandler as never, { number: c.number }, staff.headers);
    expect(pdf.res.status).toBe(404);
    expect(JSON.parse(pdf.bytes.toString()).message).toBe(AUTHORIZATION_NO_PDF);
    expect((await getFamilyView(await tokenOf(c.id), { ip: ip() })).documents.authorization).toBe(false);
  });
});
