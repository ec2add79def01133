/**
 * Custody a family and an inspector can trust (docs/cases.md): a scan's time is the server's unless
 * it was queued offline; the certificate's verification code and the public page behind its QR;
 * the family page's contact details, its kind 404 and its 429.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { POST as createHandler } from "@/app/api/cases/route";
import { POST as scanHandler } from "@/app/api/cases/[number]/scans/route";
import { GET as labelHandler } from "@/app/api/cases/[number]/label/route";
import { GET as certificateHandler } from "@/app/api/cases/[number]/certificate/route";
import { GET as familyHandler } from "@/app/api/family/[token]/route";
import { GET as familyCertificateHandler } from "@/app/api/family/[token]/certificate/route";
import { GET as verifyCertificateHandler } from "@/app/api/certificates/[code]/route";
import { GET as getContactHandler, PUT as putContactHandler } from "@/app/api/organization/contact/route";
import { COMPANY_NAME } from "@/lib/constants";
import { PEER_ADDRESS_HEADER } from "@/lib/http/peer-address";
import { CERTIFICATE_CHANGED, CERTIFICATE_MATCHES, CERTIFICATE_UNKNOWN, VERIFY_RATE_LIMIT } from "@/lib/services/cases/verify-certificate";
import { OFFLINE_MAX_AGE_HOURS } from "@/lib/offline/rules";
import { deviceTimeMessage } from "@/lib/offline/device-time";
import { createSignedAuthorization } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { useUploadDir } from "@/tests/support/uploads";
import { person, unitWith } from "../tasks/fixtures";

const testDb = useTestDatabase();
useUploadDir();
type Who = Awaited<ReturnType<typeof person>>;
let staff: Who, manager: Who, admin: Who;
let chamberId: string;

const APP_URL = "https://tasks.bfs.example";
let savedAppUrl: string | undefined;

beforeAll(async () => {
  savedAppUrl = process.env.APP_URL;
  process.env.APP_URL = APP_URL;
  [staff, manager, admin] = [await person(testDb.prisma, "staff", { firstName: "Quillon" }), await person(testDb.prisma, "manager"), await person(testDb.prisma, "admin")];
  await unitWith(testDb.prisma, manager.id);
  chamberId = (await testDb.prisma.cremationChamber.findFirstOrThrow({ orderBy: { name: "asc" } })).id;
});
afterAll(() => {
  if (savedAppUrl === undefined) delete process.env.APP_URL;
  else process.env.APP_URL = savedAppUrl;
});

let tagSeq = 0;
async function newCase(extra: Record<string, unknown> = {}) {
  const body = {
    uuid: randomUUID(),
    petName: "Bella",
    petSpecies: "Dog",
    familyName: "The Andersons",
    serviceType: "private",
    returnMethod: "pickup_here",
    promisedReturnDate: "2030-01-15",
    tagSerial: `TRUST-${process.pid}-${++tagSeq}`,
    ...extra,
  };
  const res = await call(createHandler, { method: "POST", path: "/api/cases", headers: manager.headers, body });
  expect(res.status).toBe(201);
  // Signed at the counter, so the chamber takes the pet (docs/cases.md "Cremation authorization").
  await createSignedAuthorization(testDb.prisma, res.body.id, manager.id);
  return res.body;
}

const scan = (who: Who, number: string, body: Record<string, unknown>) =>
  call(scanHandler, { method: "POST", path: `/api/cases/${number}/scans`, headers: who.headers, params: { number }, body: { clientUuid: randomUUID(), ...body } });
const family = (token: string, ip = "198.51.100.70") => call(familyHandler, { path: `/api/family/${token}`, params: { token }, headers: { [PEER_ADDRESS_HEADER]: ip } });

describe("a scan's time", () => {
  it("is the server's for a scan made online, whatever deviceTime the phone sends", async () => {
    const c = await newCase();
    const before = Date.now();
    const res = await scan(staff, c.number, { station: "intake", deviceTime: "1970-01-02T00:00:00Z" });
    expect(res.status).toBe(201);
    const stored = await testDb.prisma.caseEvent.findFirstOrThrow({ where: { caseId: c.id, kind: "scan" }, select: { deviceTime: true, serverTime: true, offline: true } });
    expect(stored.offline).toBe(false);
    expect(stored.deviceTime.getTime()).toBe(stored.serverTime.getTime());
    expect(stored.deviceTime.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const row = await testDb.prisma.memorialCase.findUniqueOrThrow({ where: { id: c.id }, select: { currentStationAt: true } });
    expect(row.currentStationAt!.getTime()).toBe(stored.serverTime.getTime());

    // The family page shows intake today, not on 1970-01-02.
    const view = await family(c.familyLink.url.split("/c/")[1]);
    const intake = view.body.steps.find((s: { station: string }) => s.station === "intake");
    expect(new Date(intake.at).getTime()).toBe(stored.serverTime.getTime());

    // A phone clock ahead is not the scan's time either.
    const ahead = await scan(staff, c.number, { station: "cooler_in", deviceTime: new Date(Date.now() + 3_600_000).toISOString() });
    expect(ahead.status).toBe(201);
    expect(new Date(ahead.body.event.deviceTime).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("is the phone's for a scan queued offline, within the rule punches follow: never in the future, at most 72 hours old", async () => {
    const c = await newCase();
    const tooOld = await scan(staff, c.number, { station: "intake", offline: true, deviceTime: "1970-01-02T00:00:00Z" });
    expect(tooOld.status).toBe(400);
    expect(tooOld.body).toMatchObject({ field: "deviceTime", message: deviceTimeMessage("too-old", "scan") });
    expect(tooOld.body.message).toContain(`${OFFLINE_MAX_AGE_HOURS} hours`);
    const future = await scan(staff, c.number, { station: "intake", offline: true, deviceTime: new Date(Date.now() + 3_600_000).toISOString() });
    expect(future.status).toBe(400);
    expect(future.body.message).toBe(deviceTimeMessage("in-future", "scan"));
    expect(await testDb.prisma.caseEvent.count({ where: { caseId: c.id } })).toBe(0);

    const tapped = new Date(Date.now() - 5 * 3_600_000).toISOString();
    const queued = await scan(staff, c.number, { station: "intake", offline: true, deviceTime: tapped });
    expect(queued.status).toBe(201);
    expect(queued.body.event).toMatchObject({ offline: true, deviceTime: tapped });
  });
});

async function fetchBytes(handler: typeof labelHandler, params: Record<string, string>, headers: Record<string, string> = {}) {
  const req = new Request(new URL("/x", "http://localhost:3000"), { headers: { host: "localhost:3000", ...headers } });
  const res = await handler(req, { params: Promise.resolve(params) });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The certificate as a person sees it: its text (pdftotext) and the QR on its first page (pdftoppm + zbarimg). */
function readCertificate(pdf: Buffer): { text: string; codes: string[] } {
  const dir = mkdtempSync(path.join(tmpdir(), "certificate-"));
  try {
    const file = path.join(dir, "certificate.pdf");
    writeFileSync(file, pdf);
    if (process.env.CASES_PDF_DIR) writeFileSync(path.join(process.env.CASES_PDF_DIR, "certificate-verified.pdf"), pdf);
    execFileSync("pdftoppm", ["-png", "-r", "150", file, path.join(dir, "page")]);
    const pngs = readdirSync(dir).filter((f) => f.endsWith(".png")).sort();
    const codes = execFileSync("zbarimg", ["--raw", "-q", path.join(dir, pngs[pngs.length - 1])], { encoding: "utf8" }).split("\n").filter(Boolean);
    return { text: execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }), codes };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const check = (code: string, ip = "203.0.113.40") =>
  call(verifyCertificateHandler, { path: `/api/certificates/${code}`, params: { code }, headers: { [PEER_ADDRESS_HEADER]: ip } });

/** A private case taken to chamber-out with two label prints on the way and the cremation scanned offline. */
async function crematedCase() {
  const c = await newCase({ petName: "Juniper", familyName: "The Okafors", familyPhone: "555-0199", familyEmail: "okafor@example.com" });
  await fetchBytes(labelHandler, { number: c.number }, staff.headers);
  await fetchBytes(labelHandler, { number: c.number }, staff.headers);
  for (const station of ["intake", "cooler_in", "cooler_out"]) expect((await scan(staff, c.number, { station })).status).toBe(201);
  expect((await scan(staff, c.number, { station: "chamber_in", chamberId })).status).toBe(201);
  const tapped = new Date(Date.now() - 2 * 3_600_000 + 1000);
  expect((await scan(staff, c.number, { station: "chamber_out", offline: true, deviceTime: tapped.toISOString() })).status).toBe(201);
  // A private cremation's certificate waits for the weighing at processing (docs/cases.md).
  expect((await scan(staff, c.number, { station: "processing", remainsWeightLbs: 2.5 })).status).toBe(201);
  return { c, tapped };
}

describe("the certificate a family keeps", () => {
  it("numbers the scans 1…n in the family's words, names the family and the pet, and is issued electronically with a code whose QR opens the check", async () => {
    const { c } = await crematedCase();
    const { res, bytes } = await fetchBytes(certificateHandler, { number: c.number }, staff.headers);
    expect(res.status).toBe(200);
    const { text, codes } = readCertificate(bytes);

    expect(text).toContain("Juniper");
    expect(text).toContain("The Okafors");
    expect(text).toMatch(/beloved companion of The Okafors/);
    // The six scans, numbered 1 to 6 (the two label prints before them are the business's own records).
    const rows = [...text.matchAll(/^\s*(\d)\s{2,}\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M\s{2,}(.+?)\s*$/gm)].map((m) => [Number(m[1]), m[2]]);
    expect(rows).toEqual([
      [1, "Received into our care"],
      [2, "Resting in our care"],
      [3, "Prepared for cremation"],
      [4, "Cremation begun"],
      [5, "Cremation complete"],
      [6, "Ashes prepared"],
    ]);
    for (const internal of ["recorded offline", "Cooler in", "Chamber in", "Chamber out", "Operator's signature", "Intake"]) expect(text).not.toContain(internal);
    expect(text.replace(/\s+/g, " ")).toMatch(new RegExp(`Issued electronically by ${COMPANY_NAME} on \\w{3} \\d{1,2}, \\d{4}\\.`));
    expect(text).toContain("Verification code");

    // The QR opens the public check of this certificate.
    expect(codes).toHaveLength(1);
    const url = new URL(codes[0]);
    expect(`${url.origin}`).toBe(APP_URL);
    expect(url.pathname).toMatch(new RegExp(`^/verify/${c.number}-8-[0-9A-F]{16}$`));
    const code = decodeURIComponent(url.pathname.split("/")[2]);
    expect(text.replace(/\s+/g, " ")).toContain(`${c.number}-8-${code.slice(-16).match(/.{4}/g)!.join(" ")}`);

    // Anyone (no sign-in) learns that it matches, and what the certificate shows: nothing more.
    const ok = await check(code);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      match: true,
      message: CERTIFICATE_MATCHES,
      certificate: {
        caseNumber: c.number,
        petName: "Juniper",
        pet: "Juniper, Dog",
        familyName: "The Okafors",
        service: "Private cremation",
        crematedAt: expect.any(String),
        chamber: expect.any(String),
        serviceNote: "Juniper was cremated alone: for a private cremation the chamber holds one pet, and our custody records refuse a second.",
        remainsWeight: "2.5 lbs",
        steps: rows.map(([n, label]) => ({ n, label, at: expect.any(String) })),
        issuedBy: COMPANY_NAME,
        issuedAt: expect.any(String),
        code,
      },
    });
    const body = JSON.stringify(ok.body);
    for (const secret of ["555-0199", "okafor@example.com", c.tagSerial, "Quillon", staff.id, c.id, "offline", "hash"]) expect(body).not.toContain(secret);

    // The family's copy is the same document.
    const family = await fetchBytes(familyCertificateHandler, { token: c.familyLink.url.split("/c/")[1] }, { [PEER_ADDRESS_HEADER]: "203.0.113.41" });
    expect(family.bytes.equals(bytes)).toBe(true);
  });

  it("shows an offline-flagged cremation at the time it happened, without the flag", async () => {
    const { c, tapped } = await crematedCase();
    await fetchBytes(certificateHandler, { number: c.number }, staff.headers);
    const issued = await testDb.prisma.caseEvent.findFirstOrThrow({ where: { caseId: c.id, kind: "certificate" }, select: { details: true } });
    const { seq, hash } = (issued.details as { certifies: { seq: number; hash: string } }).certifies;
    const res = await check(`${c.number}-${seq}-${hash.slice(0, 16).toUpperCase()}`);
    expect(res.body.certificate.crematedAt).toBe(tapped.toISOString());
    expect(res.body.certificate.steps[4]).toEqual({ n: 5, label: "Cremation complete", at: tapped.toISOString() });
  });

  it("a wrong code is the same 404 whatever is wrong; a log changed after the issue no longer matches", async () => {
    const { c } = await crematedCase();
    await fetchBytes(certificateHandler, { number: c.number }, staff.headers);
    const issued = await testDb.prisma.caseEvent.findFirstOrThrow({ where: { caseId: c.id, kind: "certificate" }, select: { details: true } });
    const { seq, hash } = (issued.details as { certifies: { seq: number; hash: string } }).certifies;
    const code = `${c.number}-${seq}-${hash.slice(0, 16).toUpperCase()}`;
    // Spaces and lower case, as someone types the printed code, are forgiven.
    expect((await check(`${c.number}-${seq}-${hash.slice(0, 16).match(/.{4}/g)!.join(" ")}`)).body.match).toBe(true);

    const flipped = `${code.slice(0, -1)}${code.endsWith("0") ? "1" : "0"}`;
    const wrong = [flipped, `${c.number}-${seq - 1}-${hash.slice(0, 16)}`, `C-1999-00001-${seq}-${hash.slice(0, 16)}`, "nonsense", "C-2026-00001-99999999999999999999-0000000000000000"];
    const answers = await Promise.all(wrong.map((w) => check(w)));
    for (const a of answers) expect([a.status, a.body]).toEqual([404, { message: CERTIFICATE_UNKNOWN, code: "NOT_FOUND" }]);

    // A superuser slips past the append-only trigger and moves the cremation by an hour.
    const client = new pg.Client({ connectionString: testDb.url });
    await client.connect();
    try {
      await client.query("SET session_replication_role = replica");
      await client.query("UPDATE case_events SET device_time = device_time - interval '1 hour' WHERE case_id = $1 AND kind = 'scan' AND station = 'chamber_out'", [c.id]);
    } finally {
      await client.end();
    }
    expect((await check(code)).body).toEqual({ match: false, message: CERTIFICATE_CHANGED, certificate: null });
  });

  it("is public and rate-limited per address", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < VERIFY_RATE_LIMIT; i++) await testDb.prisma.rateLimitEvent.create({ data: { bucket: "case-verify:address", key: ip } });
    const limited = await check("C-2026-00001-1-0000000000000000", ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
    expect((await check("C-2026-00001-1-0000000000000000", "192.0.2.78")).status).toBe(404);
  });
});

describe("the business's contact details", () => {
  const contact = { phone: "(312) 555-0148", email: "care@bfs.example", address: "1200 Elm Street\nSpringfield, IL 62701", hours: "Mon-Fri 8 AM-6 PM\nSat 9 AM-1 PM" };

  it("admins edit them (401, 403, 400 naming the field); every member reads them", async () => {
    expect((await call(putContactHandler, { method: "PUT", path: "/api/organization/contact", body: contact })).status).toBe(401);
    expect((await call(putContactHandler, { method: "PUT", path: "/api/organization/contact", headers: manager.headers, body: contact })).status).toBe(403);
    const bad = await call(putContactHandler, { method: "PUT", path: "/api/organization/contact", headers: admin.headers, body: { ...contact, email: "not-an-address" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/valid email/i);
    const saved = await call(putContactHandler, { method: "PUT", path: "/api/organization/contact", headers: admin.headers, body: contact });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject(contact);
    const read = await call(getContactHandler, { path: "/api/organization/contact", headers: staff.headers });
    expect(read.body).toMatchObject(contact);
    const audit = await testDb.prisma.auditLog.findFirst({ where: { action: "organization.contact" }, orderBy: { createdAt: "desc" } });
    expect(audit?.actorId).toBe(admin.id);
  });

  it("the family page shows them, and names the place to collect the pet", async () => {
    await call(putContactHandler, { method: "PUT", path: "/api/organization/contact", headers: admin.headers, body: contact });
    const c = await newCase();
    const view = await family(c.familyLink.url.split("/c/")[1]);
    expect(view.body.business).toEqual({ name: COMPANY_NAME, phone: contact.phone, email: contact.email, address: contact.address, hours: contact.hours });
    expect(view.body.returnPlace).toBe(`${COMPANY_NAME}, 1200 Elm Street, Springfield, IL 62701`);
    expect(JSON.stringify(view.body)).not.toContain("Quillon");
  });
});
