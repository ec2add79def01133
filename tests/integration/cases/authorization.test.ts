/**
 * The cremation authorization (docs/cases.md "Cremation authorization"): signing from the family
 * link and at the counter, idempotency, the PNG check, the same 404 for a wrong token, the stored
 * PDF, voiding on a change of service, and the database rules (no chamber without a current
 * signed authorization; a signed row never changes) with the service bypassed by a superuser.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { POST as createHandler } from "@/app/api/cases/route";
import { GET as getHandler, PATCH as patchHandler } from "@/app/api/cases/[number]/route";
import { POST as scanHandler } from "@/app/api/cases/[number]/scans/route";
import { GET as authHandler, POST as signHandler } from "@/app/api/cases/[number]/authorization/route";
import { GET as authPdfHandler } from "@/app/api/cases/[number]/authorization/pdf/route";
import { GET as familyAuthHandler, POST as familySignHandler } from "@/app/api/family/[token]/authorization/route";
import { GET as familyPdfHandler } from "@/app/api/family/[token]/authorization/pdf/route";
import { GET as verifyHandler } from "@/app/api/cases/[number]/custody/verify/route";
import { SERVICE_TYPE_EXPLANATIONS } from "@/lib/cases/authorization";
import { PEER_ADDRESS_HEADER } from "@/lib/http/peer-address";
import { FAMILY_NOT_FOUND } from "@/lib/services/cases/family-link";
import { createApiKey, createSignedAuthorization } from "@/prisma/factories";
import { call, TEST_ORIGIN } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { useUploadDir } from "@/tests/support/uploads";
import { person, unitWith } from "../tasks/fixtures";

const testDb = useTestDatabase();
useUploadDir();
type Who = Awaited<ReturnType<typeof person>>;
let staff: Who, manager: Who;
let chamberId: string;

/** A 1 × 1 PNG (a real one: pdf-lib embeds it). */
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

beforeAll(async () => {
  [staff, manager] = [await person(testDb.prisma), await person(testDb.prisma, "manager")];
  await unitWith(testDb.prisma, manager.id);
});
// An empty chamber for each test (a private case keeps its chamber to itself).
let chamberSeq = 0;
beforeEach(async () => {
  chamberId = (await testDb.prisma.cremationChamber.create({ data: { name: `Auth ${process.pid} ${++chamberSeq}` } })).id;
});

let tagSeq = 0;
async function newCase(extra: Record<string, unknown> = {}) {
  const body = {
    uuid: randomUUID(),
    petName: "Biscuit",
    petSpecies: "Dog",
    petBreed: "Beagle",
    petWeightLbs: 24,
    familyName: "The Moraleses",
    serviceType: "private",
    pawPrint: true,
    furClipping: true,
    returnMethod: "pickup_here",
    tagSerial: `AUTH-${process.pid}-${++tagSeq}`,
    ...extra,
  };
  const res = await call(createHandler, { method: "POST", path: "/api/cases", headers: manager.headers, body });
  expect(res.status).toBe(201);
  return { ...res.body, token: res.body.familyLink.url.split("/c/")[1] as string };
}

const signBody = (extra: Record<string, unknown> = {}) => ({
  authorizingName: "Ana Morales",
  relationship: "Owner",
  rightToDecide: true,
  implants: "none",
  belongings: "return",
  signature: PNG,
  ...extra,
});
// A new documentation address per call: the public pages' per-address limit never slides at the
// boundary runs' frozen clock, so two calls that drew the same random address could hit it.
let calls = 0;
const ip = () => {
  calls += 1;
  return `${calls > 250 ? "203.0.113" : "198.51.100"}.${(calls % 250) + 1}`;
};
const familySign = (token: string, body: Record<string, unknown> = signBody(), from = ip()) =>
  call(familySignHandler, { method: "POST", path: `/api/family/${token}/authorization`, params: { token }, headers: { [PEER_ADDRESS_HEADER]: from }, body });
const familyForm = (token: string) => call(familyAuthHandler, { path: `/api/family/${token}/authorization`, params: { token }, headers: { [PEER_ADDRESS_HEADER]: ip() } });
const scan = (who: Who, number: string, body: Record<string, unknown>) =>
  call(scanHandler, { method: "POST", path: `/api/cases/${number}/scans`, headers: who.headers, params: { number }, body: { clientUuid: randomUUID(), ...body } });
async function toChamberDoor(number: string) {
  for (const station of ["intake", "cooler_in", "cooler_out"]) expect((await scan(staff, number, { station })).status).toBe(201);
}
async function pdfOf(handler: typeof familyPdfHandler, params: Record<string, string>, headers: Record<string, string>, query = "") {
  const req = new Request(new URL(`/x${query}`, TEST_ORIGIN), { headers: { host: new URL(TEST_ORIGIN).host, ...headers } });
  const res = await handler(req, { params: Promise.resolve(params) } as never);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The PDF as a person reads it: its text, and page 1 rendered to /tmp/shots-custody (to look at). */
function readPdf(pdf: Buffer, name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "authorization-"));
  try {
    const file = path.join(dir, "a.pdf");
    writeFileSync(file, pdf);
    execFileSync("pdftoppm", ["-png", "-r", "80", "-f", "1", "-l", "1", file, path.join(dir, "page")]);
    expect(readdirSync(dir).some((f) => f.endsWith(".png"))).toBe(true);
    const keep = process.env.CUSTODY_PDF_DIR;
    if (keep) {
      writeFileSync(path.join(keep, `${name}.pdf`), pdf);
      execFileSync("pdftoppm", ["-png", "-r", "80", "-f", "1", "-l", "1", file, path.join(keep, name)]);
    }
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("signing from the family link", () => {
  it("shows the form, signs once (a second signature changes nothing), stores the PDF and a custody event with no member", async () => {
    const c = await newCase();
    const form = await familyForm(c.token);
    expect(form.status).toBe(200);
    expect(form.headers.get("x-robots-tag")).toContain("noindex");
    expect(form.body).toMatchObject({ caseNumber: c.number, signed: false, current: null, versions: [] });
    expect(form.body.form.service).toEqual({ type: "private", label: "Private cremation", explanation: SERVICE_TYPE_EXPLANATIONS.private });
    expect(form.body.form.options).toEqual(["Clay paw print", "Fur clipping"]);

    const first = await familySign(c.token, signBody(), "198.51.100.9");
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ created: true, authorization: { signed: true, current: { version: 1, authorizingName: "Ana Morales", signedVia: "family_link", voidedAt: null } } });
    const again = await familySign(c.token, signBody({ authorizingName: "Someone Else" }));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, authorization: { current: { version: 1, authorizingName: "Ana Morales" } } });

    const rows = await testDb.prisma.caseAuthorization.findMany({ where: { caseId: c.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ signedVia: "family_link", signedIp: "198.51.100.9", signedById: null, implants: "none", belongings: "return" });
    const events = await testDb.prisma.caseEvent.findMany({ where: { caseId: c.id, kind: "authorization" } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ memberId: null, details: { version: 1, signedVia: "family_link", authorizingName: "Ana Morales" } });
    const detail = await call(getHandler, { path: "x", headers: staff.headers, params: { number: c.number } });
    expect(detail.body.events.find((e: { kind: string }) => e.kind === "authorization").member).toBeNull();
    expect((await call(verifyHandler, { path: "x", headers: staff.headers, params: { number: c.number } })).body.intact).toBe(true);

    const familyPdf = await pdfOf(familyPdfHandler, { token: c.token }, { [PEER_ADDRESS_HEADER]: ip() });
    expect(familyPdf.res.status).toBe(200);
    expect(familyPdf.res.headers.get("content-type")).toBe("application/pdf");
    const staffPdf = await pdfOf(authPdfHandler, { number: c.number }, staff.headers, "?version=1");
    expect(staffPdf.bytes.equals(familyPdf.bytes)).toBe(true);
    const text = readPdf(familyPdf.bytes, "authorization-family");
    for (const words of ["Cremation Authorization", "Ana Morales", "Owner", "Private cremation", "Only your pet's ashes are returned", "Clay paw print", "Collect from us", "no pacemaker", "Return my pet's belongings", "Remotely, from the family's link (address 198.51.100.9)", c.number]) {
      expect(text).toContain(words);
    }
  });

  it("a wrong, malformed or revoked token is the same 404, for the form, the signature and the PDF", async () => {
    const c = await newCase();
    const wrong = `${c.token.split(".")[0]}.AAAAAAAAAAAAAAAAAAAAAA`;
    for (const token of [wrong, "nope", `${c.token}x`]) {
      const form = await familyForm(token);
      const sign = await familySign(token);
      expect([form.status, form.body.message, sign.status, sign.body.message]).toEqual([404, FAMILY_NOT_FOUND, 404, FAMILY_NOT_FOUND]);
    }
    expect(await testDb.prisma.caseAuthorization.count({ where: { caseId: c.id } })).toBe(0);
    // Not signed yet: no PDF.
    expect((await pdfOf(familyPdfHandler, { token: c.token }, { [PEER_ADDRESS_HEADER]: ip() })).res.status).toBe(404);
    // A revoked link: the same 404.
    await testDb.prisma.caseFamilyLink.updateMany({ where: { caseId: c.id }, data: { revokedAt: new Date() } });
    const revoked = await familySign(c.token);
    expect([revoked.status, revoked.body.message]).toEqual([404, FAMILY_NOT_FOUND]);
    expect((await familyForm(c.token)).status).toBe(404);
    expect((await pdfOf(familyPdfHandler, { token: c.token }, { [PEER_ADDRESS_HEADER]: ip() })).res.status).toBe(404);
  });

  it("the signature must be a PNG under the size limit; the statements are required", async () => {
    const c = await newCase();
    const jpeg = await familySign(c.token, signBody({ signature: "data:image/jpeg;base64,/9j/4AAQSkZJRg==" }));
    expect([jpeg.status, jpeg.body.message]).toEqual([400, expect.stringContaining("signature")]);
    // Says PNG, is not one.
    const fake = await familySign(c.token, signBody({ signature: `data:image/png;base64,${Buffer.from("GIF89a not a png at all").toString("base64")}` }));
    expect([fake.status, fake.body.message]).toEqual([400, expect.stringContaining("signature")]);
    // Starts like a PNG, does not decode as one.
    const broken = await familySign(c.token, signBody({ signature: `data:image/png;base64,${Buffer.concat([Buffer.from(PNG.split(",")[1], "base64").subarray(0, 16), Buffer.alloc(40, 7)]).toString("base64")}` }));
    expect([broken.status, broken.body.message]).toEqual([400, expect.stringContaining("signature")]);
    const huge = await familySign(c.token, signBody({ signature: `data:image/png;base64,${"A".repeat(200_004)}` }));
    expect([huge.status, huge.body.message]).toEqual([400, expect.stringContaining("signature")]);
    const noRight = await familySign(c.token, signBody({ rightToDecide: false }));
    expect([noRight.status, noRight.body.message]).toEqual([400, expect.stringContaining("right to decide")]);
    const implants = await familySign(c.token, signBody({ implants: "maybe" }));
    expect([implants.status, implants.body.message]).toEqual([400, expect.stringContaining("implants")]);
    expect(await testDb.prisma.caseAuthorization.count({ where: { caseId: c.id } })).toBe(0);
  });

  it("ten signatures at once record one authorization and one custody event", async () => {
    const c = await newCase();
    const results = await Promise.all(Array.from({ length: 10 }, () => familySign(c.token)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(9);
    expect(await testDb.prisma.caseAuthorization.count({ where: { caseId: c.id } })).toBe(1);
    expect(await testDb.prisma.caseEvent.count({ where: { caseId: c.id, kind: "authorization" } })).toBe(1);
  });
});

describe("API keys", () => {
  it("cases:read reads the authorization and its PDF; signing at the counter needs cases:write (a manager's key)", async () => {
    const c = await newCase();
    expect((await familySign(c.token)).status).toBe(201);
    const key = async (scopes: string[]) => ({ authorization: `Bearer ${(await createApiKey(testDb.prisma, { createdById: manager.id, actingUserId: manager.id, scopes })).token}` });
    const reader = await key(["cases:read"]);
    expect((await call(authHandler, { path: "x", headers: reader, params: { number: c.number } })).body.signed).toBe(true);
    expect((await pdfOf(authPdfHandler, { number: c.number }, reader)).res.status).toBe(200);
    const other = await newCase();
    expect((await call(signHandler, { method: "POST", path: "x", headers: reader, params: { number: other.number }, body: signBody() })).status).toBe(403);
    const writer = await key(["cases:write"]);
    expect((await call(authHandler, { path: "x", headers: writer, params: { number: c.number } })).status).toBe(403);
    const signed = await call(signHandler, { method: "POST", path: "x", headers: writer, params: { number: other.number }, body: signBody() });
    expect([signed.status, signed.body.authorization.current.signedVia]).toEqual([201, "counter"]);
  });
});

describe("no chamber without it", () => {
  it("chamber in is refused before signing and recorded after signing at the counter", async () => {
    const c = await newCase();
    await toChamberDoor(c.number);
    const refused = await scan(staff, c.number, { station: "chamber_in", chamberId });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ reason: "AUTHORIZATION_MISSING", overridable: false, message: "No signed cremation authorization: the family must sign it before the pet enters a chamber." });

    // Staff may not sign for the family at the counter; a manager may.
    expect((await call(signHandler, { method: "POST", path: "x", headers: staff.headers, params: { number: c.number }, body: signBody() })).status).toBe(403);
    const signed = await call(signHandler, { method: "POST", path: "x", headers: manager.headers, params: { number: c.number }, body: signBody({ authorizingName: "Luis Morales", relationship: "Son of the owner", implants: "removed" }) });
    expect(signed.status).toBe(201);
    expect(signed.body.authorization.current).toMatchObject({ signedVia: "counter", authorizingName: "Luis Morales" });
    const text = readPdf((await pdfOf(authPdfHandler, { number: c.number }, staff.headers)).bytes, "authorization-counter");
    expect(text).toContain("At our counter, with");
    expect(text).toContain("has been removed");

    expect((await scan(staff, c.number, { station: "chamber_in", chamberId })).status).toBe(201);
  });

  it("changing the service after signing voids it (a custody event), the chamber refuses, and signing again makes version 2", async () => {
    const c = await newCase();
    await toChamberDoor(c.number);
    expect((await familySign(c.token)).status).toBe(201);
    // A change that is not the service or its options keeps it.
    expect((await call(patchHandler, { method: "PATCH", path: "x", headers: manager.headers, params: { number: c.number }, body: { familyPhone: "555-0100" } })).status).toBe(200);
    expect((await call(authHandler, { path: "x", headers: staff.headers, params: { number: c.number } })).body.signed).toBe(true);

    expect((await call(patchHandler, { method: "PATCH", path: "x", headers: manager.headers, params: { number: c.number }, body: { serviceType: "partitioned" } })).status).toBe(200);
    const after = await call(authHandler, { path: "x", headers: staff.headers, params: { number: c.number } });
    expect(after.body).toMatchObject({ signed: false, current: null, versions: [{ version: 1, voidReason: "The service or its options changed after signing." }] });
    expect(await testDb.prisma.caseEvent.count({ where: { caseId: c.id, kind: "authorization_void" } })).toBe(1);
    expect((await scan(staff, c.number, { station: "chamber_in", chamberId })).body.reason).toBe("AUTHORIZATION_MISSING");

    const again = await familySign(c.token);
    expect(again.status).toBe(201);
    expect(again.body.authorization.versions.map((v: { version: number; voidedAt: string | null }) => [v.version, v.voidedAt === null])).toEqual([[2, true], [1, false]]);
    expect(again.body.authorization.form.service.type).toBe("partitioned");
    // Both PDFs stay.
    expect((await pdfOf(authPdfHandler, { number: c.number }, staff.headers, "?version=1")).res.status).toBe(200);
    expect((await scan(staff, c.number, { station: "chamber_in", chamberId })).status).toBe(201);
  });
});

describe("a clinic case: the clinic's authorization on the owner's behalf", () => {
  it("is recorded at the counter as the clinic's, satisfies the chamber rule, and is refused (400 naming the field) on a case without a clinic", async () => {
    const clinic = await testDb.prisma.vendor.create({ data: { name: `Maple Vet Clinic ${process.pid}` } });
    const direct = await newCase();
    const refused = await call(signHandler, { method: "POST", path: "x", headers: manager.headers, params: { number: direct.number }, body: signBody({ onBehalfOfClinic: true }) });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("onBehalfOfClinic");
    // A reference without the clinic's authorization is refused too.
    const stray = await call(signHandler, { method: "POST", path: "x", headers: manager.headers, params: { number: direct.number }, body: signBody({ clinicReference: "CF-1" }) });
    expect(stray.status).toBe(400);
    expect(JSON.stringify(stray.body)).toContain("clinicReference");
    expect(await testDb.prisma.caseAuthorization.count({ where: { caseId: direct.id } })).toBe(0);

    const c = await newCase({ clinicVendorId: clinic.id, returnMethod: "clinic_pickup" });
    await toChamberDoor(c.number);
    expect((await scan(staff, c.number, { station: "chamber_in", chamberId })).body.reason).toBe("AUTHORIZATION_MISSING");
    // Staff may not record it; a manager may.
    const body = signBody({ authorizingName: "Dr. Priya Shah", relationship: "Attending veterinarian", onBehalfOfClinic: true, clinicReference: "CF-2231" });
    expect((await call(signHandler, { method: "POST", path: "x", headers: staff.headers, params: { number: c.number }, body })).status).toBe(403);
    const signed = await call(signHandler, { method: "POST", path: "x", headers: manager.headers, params: { number: c.number }, body });
    expect(signed.status).toBe(201);
    expect(signed.body.authorization.current).toMatchObject({ signedVia: "clinic", authorizingName: "Dr. Priya Shah", clinic: { name: clinic.name, reference: "CF-2231" } });
    const row = await testDb.prisma.caseAuthorization.findFirstOrThrow({ where: { caseId: c.id } });
    expect(row).toMatchObject({ signedVia: "clinic", clinicVendorId: clinic.id, clinicReference: "CF-2231", signedById: manager.id });
    const event = await testDb.prisma.caseEvent.findFirstOrThrow({ where: { caseId: c.id, kind: "authorization" } });
    expect(event).toMatchObject({ memberId: manager.id, details: { signedVia: "clinic", onBehalfOf: clinic.name, clinicReference: "CF-2231", statement: `Authorized by ${clinic.name} on the owner's behalf` } });
    const text = readPdf((await pdfOf(authPdfHandler, { number: c.number }, staff.headers)).bytes, "authorization-clinic").replace(/\s+/g, " ");
    expect(text).toContain(`Authorized by ${clinic.name} on the owner's behalf`);
    expect(text).toContain("CF-2231");
    expect(text).toContain("Dr. Priya Shah");

    expect((await scan(staff, c.number, { station: "chamber_in", chamberId })).status).toBe(201);
    expect((await call(verifyHandler, { path: "x", headers: staff.headers, params: { number: c.number } })).body.intact).toBe(true);
  });

  it("the database takes a clinic's authorization only from the case's own clinic, and only as a clinic's (a superuser bypassing the service)", async () => {
    const [mine, other] = await Promise.all([testDb.prisma.vendor.create({ data: { name: "Mine" } }), testDb.prisma.vendor.create({ data: { name: "Other" } })]);
    const c = await newCase({ clinicVendorId: mine.id, serviceType: "partitioned" });
    const client = new pg.Client({ connectionString: testDb.url });
    await client.connect();
    try {
      const insert = (via: string, clinicId: string | null, reference: string | null = null) =>
        client.query(
          `INSERT INTO case_authorizations (case_id, version, content, content_hash, authorizing_name, relationship, right_to_decide, implants, belongings, signed_via, signature_key, signed_at, signed_by_id, clinic_vendor_id, clinic_reference)
           VALUES ($1, 1, '{}', 'x', 'Dr. Shah', 'Vet', true, 'none', 'none', $2, 'k', now(), $3, $4, $5)`,
          [c.id, via, manager.id, clinicId, reference],
        );
      await expect(insert("clinic", other.id)).rejects.toMatchObject({ code: "BF011" });
      await expect(insert("clinic", null)).rejects.toMatchObject({ code: "23514" });
      await expect(insert("counter", mine.id)).rejects.toMatchObject({ code: "23514" });
      await expect(insert("counter", null, "CF-1")).rejects.toMatchObject({ code: "23514" });
      await insert("clinic", mine.id, "CF-1");
      // It satisfies chamber_needs_authorization like any signed authorization.
      await client.query(`INSERT INTO chamber_occupancies (chamber_id, case_id, service_type, share_key, entered_at) VALUES ($1, $2, 'partitioned', 'shared', now())`, [chamberId, c.id]);
    } finally {
      await client.end();
    }
  });
});

describe("the database", () => {
  async function superuser<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: testDb.url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }
  const occupy = (client: pg.Client, caseId: string) =>
    client.query(`INSERT INTO chamber_occupancies (chamber_id, case_id, service_type, share_key, entered_at) VALUES ($1, $2, 'partitioned', 'shared', now())`, [chamberId, caseId]);

  it("refuses an occupancy without a current signed authorization, whoever inserts it (a superuser bypassing the service)", async () => {
    const c = await newCase({ serviceType: "partitioned" });
    await superuser(async (client) => {
      await expect(occupy(client, c.id)).rejects.toMatchObject({ code: "BF010" });
      // Signed, then voided by a direct edit of the service (trigger cases_void_authorization): refused again.
      await createSignedAuthorization(testDb.prisma, c.id, manager.id);
      await client.query("UPDATE cases SET service_type = 'communal', return_method = NULL WHERE id = $1", [c.id]);
      const voided = await testDb.prisma.caseAuthorization.findFirstOrThrow({ where: { caseId: c.id } });
      expect(voided.voidReason).toBe("The service or its options changed after signing.");
      await expect(occupy(client, c.id)).rejects.toMatchObject({ code: "BF010" });
      await createSignedAuthorization(testDb.prisma, c.id, manager.id);
      await occupy(client, c.id);
    });
    expect(await testDb.prisma.chamberOccupancy.count({ where: { caseId: c.id } })).toBe(1);
  });

  it("a signed authorization never changes and is not deleted while its case is kept; it is voided once", async () => {
    const c = await newCase();
    expect((await familySign(c.token)).status).toBe(201);
    await superuser(async (client) => {
      await expect(client.query("UPDATE case_authorizations SET authorizing_name = 'Forged' WHERE case_id = $1", [c.id])).rejects.toMatchObject({ code: "BF003" });
      await expect(client.query("UPDATE case_authorizations SET service_type_x = 1 WHERE case_id = $1", [c.id]).catch((e) => Promise.reject({ code: e.code === "42703" ? "BF003" : e.code }))).rejects.toMatchObject({ code: "BF003" });
      // A delete is the retention rule's (tests/integration/cases/retention.test.ts): an open case keeps it.
      await expect(client.query("DELETE FROM case_authorizations WHERE case_id = $1", [c.id])).rejects.toMatchObject({ code: "BF050" });
      await expect(client.query("TRUNCATE case_authorizations CASCADE")).rejects.toMatchObject({ code: "BF003" });
      await client.query("UPDATE case_authorizations SET voided_at = now(), void_reason = 'test' WHERE case_id = $1", [c.id]);
      await expect(client.query("UPDATE case_authorizations SET voided_at = now(), void_reason = 'again' WHERE case_id = $1", [c.id])).rejects.toMatchObject({ code: "BF003" });
    });
    expect((await testDb.prisma.caseAuthorization.findFirstOrThrow({ where: { caseId: c.id } })).authorizingName).toBe("Ana Morales");
  });

  it("a chamber-in racing a void: the occupancy and the void never both win", async () => {
    for (let round = 0; round < 5; round++) {
      chamberId = (await testDb.prisma.cremationChamber.create({ data: { name: `Race ${process.pid} ${round}` } })).id;
      const c = await newCase({ serviceType: "partitioned", pawPrint: false });
      await toChamberDoor(c.number);
      expect((await familySign(c.token)).status).toBe(201);
      const [scanned, edited] = await Promise.all([
        scan(staff, c.number, { station: "chamber_in", chamberId }),
        call(patchHandler, { method: "PATCH", path: "x", headers: manager.headers, params: { number: c.number }, body: { pawPrint: true } }),
      ]);
      expect(edited.status).toBe(200);
      const entered = await testDb.prisma.chamberOccupancy.findFirst({ where: { caseId: c.id } });
      const auth = await testDb.prisma.caseAuthorization.findFirstOrThrow({ where: { caseId: c.id } });
      if (scanned.status === 201) {
        // The occupancy committed while the authorization was current (the void came after it).
        expect(entered!.enteredAt.getTime()).toBeLessThanOrEqual(auth.voidedAt!.getTime());
      } else {
        expect([scanned.status, scanned.body.reason, entered]).toEqual([409, "AUTHORIZATION_MISSING", null]);
      }
    }
  });
});
