import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { GET as listHandler, POST as createHandler } from "@/app/api/cases/route";
import { GET as getHandler, PATCH as patchHandler } from "@/app/api/cases/[number]/route";
import { POST as closeHandler } from "@/app/api/cases/[number]/close/route";
import { POST as scanHandler } from "@/app/api/cases/[number]/scans/route";
import { GET as verifyHandler } from "@/app/api/cases/[number]/custody/verify/route";
import { GET as labelHandler } from "@/app/api/cases/[number]/label/route";
import { GET as certificateHandler } from "@/app/api/cases/[number]/certificate/route";
import { DELETE as revokeHandler, POST as renewHandler } from "@/app/api/cases/[number]/family-link/route";
import { GET as chambersHandler, POST as createChamberHandler } from "@/app/api/cases/chambers/route";
import { GET as boardHandler } from "@/app/api/cases/board/route";
import { GET as turnaroundHandler } from "@/app/api/cases/turnaround/route";
import { GET as familyHandler } from "@/app/api/family/[token]/route";
import { GET as familyCertificateHandler } from "@/app/api/family/[token]/certificate/route";
import { PEER_ADDRESS_HEADER } from "@/lib/http/peer-address";
import { STATION_ORDER, SERVICE_TYPE_TEMPLATE, STATION_LABELS } from "@/lib/cases/stations";
import { startOfDay } from "@/lib/dates/instants";
import { findConditions } from "@/lib/services/alerts/findings";
import { FAMILY_RATE_LIMIT } from "@/lib/services/cases/family-link";
import { CERTIFICATE_NOT_WEIGHED, CERTIFICATE_NOT_YET } from "@/lib/services/cases/certificate";
import { sendFamilyEmails } from "@/lib/services/cases/send-family-emails";
import { createMemoryMailer, setMailer } from "@/lib/services/mail/mailer";
import { signLabelToken } from "@/lib/services/cases/tokens";
import { createMemorialCase, createProcess, createVendor, createSignedAuthorization, recordCaseScans } from "@/prisma/factories";
import { call, TEST_ORIGIN } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { useUploadDir } from "@/tests/support/uploads";
import { person, unitWith } from "../tasks/fixtures";

const testDb = useTestDatabase();
const uploads = useUploadDir();
type Who = Awaited<ReturnType<typeof person>>;
let staff: Who, manager: Who, admin: Who;
let chamberA: string, chamberB: string;

const APP_URL = "https://tasks.bfs.example";
let savedAppUrl: string | undefined;

beforeAll(async () => {
  savedAppUrl = process.env.APP_URL;
  process.env.APP_URL = APP_URL;
  [staff, manager, admin] = [await person(testDb.prisma), await person(testDb.prisma, "manager"), await person(testDb.prisma, "admin")];
  const unit = await unitWith(testDb.prisma, manager.id);
  // The templates, one step per station (as the demo data seeds them).
  for (const [type, name] of Object.entries(SERVICE_TYPE_TEMPLATE)) {
    await createProcess(
      testDb.prisma,
      { name, organizationalUnitId: unit.id, createdById: admin.id },
      STATION_ORDER[type as keyof typeof STATION_ORDER].map((station, i) => ({ title: STATION_LABELS[station], offsetDays: i < 3 ? 0 : 1, durationDays: 1 })),
    );
  }
  const chambers = await testDb.prisma.cremationChamber.findMany({ orderBy: { name: "asc" } });
  [chamberA, chamberB] = [chambers[0].id, chambers[1].id];
});
afterAll(() => {
  if (savedAppUrl === undefined) delete process.env.APP_URL;
  else process.env.APP_URL = savedAppUrl;
});

let tagSeq = 0;
const caseBody = (extra: Record<string, unknown> = {}) => ({
  uuid: randomUUID(),
  petName: "Bella",
  petSpecies: "Dog",
  petBreed: "Labrador",
  petWeightLbs: 62.5,
  petColor: "Black, white chest",
  familyName: "The Andersons",
  familyPhone: "555-0142",
  familyEmail: "anderson@example.com",
  familyEmailConsent: true,
  serviceType: "private",
  pawPrint: true,
  returnMethod: "pickup_here",
  promisedReturnDate: "2030-01-15",
  tagSerial: `TAG-${process.pid}-${++tagSeq}`,
  ...extra,
});

async function newCase(extra: Record<string, unknown> = {}, who: Who = manager) {
  const res = await call(createHandler, { method: "POST", path: "/api/cases", headers: who.headers, body: caseBody(extra) });
  expect(res.status).toBe(201);
  // Signed at the counter, so the chamber takes the pet (docs/cases.md "Cremation authorization").
  await createSignedAuthorization(testDb.prisma, res.body.id, manager.id);
  return res.body;
}

const scan = (who: Who, number: string, body: Record<string, unknown>) =>
  call(scanHandler, { method: "POST", path: `/api/cases/${number}/scans`, headers: who.headers, params: { number }, body: { clientUuid: randomUUID(), ...body } });

async function scanThrough(number: string, stations: string[], extra: Record<string, Record<string, unknown>> = {}) {
  for (const station of stations) {
    // Processing weighs the remains (docs/cases.md "The remains' weight"): 2.5 lbs of a 62.5 lb dog is 4%.
    const res = await scan(staff, number, { station, ...(station === "processing" ? { remainsWeightLbs: 2.5 } : {}), ...(extra[station] ?? {}) });
    expect([res.status, res.body.reason]).toEqual([201, undefined]);
  }
}

const get = (who: Who, number: string) => call(getHandler, { path: `/api/cases/${number}`, headers: who.headers, params: { number } });

async function fetchBytes(handler: typeof labelHandler, pathAndQuery: string, params: Record<string, string>, headers: Record<string, string> = {}) {
  const req = new Request(new URL(pathAndQuery, TEST_ORIGIN), { headers: { host: "localhost:3000", ...headers } });
  const res = await handler(req, { params: Promise.resolve(params) });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** CASES_PDF_DIR=/some/dir keeps the PDFs a run makes, to look at them. */
function keep(name: string, pdf: Buffer) {
  if (process.env.CASES_PDF_DIR) writeFileSync(path.join(process.env.CASES_PDF_DIR, name), pdf);
}

function decodePdf(pdf: Buffer): { codes: string[]; text: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "case-pdf-"));
  try {
    const file = path.join(dir, "doc.pdf");
    writeFileSync(file, pdf);
    execFileSync("pdftoppm", ["-png", "-r", "150", file, path.join(dir, "page")]);
    const pngs = readdirSync(dir).filter((f) => f.endsWith(".png")).sort();
    const out = execFileSync("zbarimg", ["--raw", "-q", path.join(dir, pngs[0])], { encoding: "utf8" });
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    return { codes: out.split("\n").filter(Boolean), text };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("creating cases", () => {
  it("401 signed out, 403 for staff, 400 naming the field", async () => {
    expect((await call(createHandler, { method: "POST", path: "/api/cases", body: caseBody() })).status).toBe(401);
    const denied = await call(createHandler, { method: "POST", path: "/api/cases", headers: staff.headers, body: caseBody() });
    expect(denied.status).toBe(403);
    const bad = await call(createHandler, { method: "POST", path: "/api/cases", headers: manager.headers, body: caseBody({ petName: "" }) });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Pet name is required/);
    const communal = await call(createHandler, { method: "POST", path: "/api/cases", headers: manager.headers, body: caseBody({ serviceType: "communal", returnMethod: "delivery" }) });
    expect(communal.status).toBe(400);
    expect(communal.body.message).toMatch(/communal case has no return/);
  });

  it("numbers the case, stores it, starts its template as tasks and queues the intake e-mail; a retry answers with the same case", async () => {
    const vendor = await createVendor(testDb.prisma, { name: "Lakeside Vet Clinic" });
    const body = caseBody({ clinicVendorId: vendor.id });
    const res = await call(createHandler, { method: "POST", path: "/api/cases", headers: manager.headers, body });
    expect(res.status).toBe(201);
    expect(res.body.number).toMatch(/^C-\d{4}-\d{5}$/);
    expect(res.body).toMatchObject({ petName: "Bella", petWeightLbs: 62.5, clinic: { id: vendor.id, name: "Lakeside Vet Clinic" }, serviceType: "private", status: "open", nextStation: "intake" });
    expect(res.body.tasks.map((t: { title: string }) => t.title)).toEqual(STATION_ORDER.private.map((s) => STATION_LABELS[s]));
    expect(res.body.processRun.processName).toBe("Private cremation");
    expect(res.body.familyLink.url).toMatch(new RegExp(`^${APP_URL}/c/[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]+$`));
    const read = await get(staff, res.body.number);
    expect(read.status).toBe(200);
    expect(read.body.tagSerial).toBe(body.tagSerial);
    expect(await testDb.prisma.caseEmail.count({ where: { caseId: res.body.id, reason: "intake" } })).toBe(1);

    const again = await call(createHandler, { method: "POST", path: "/api/cases", headers: manager.headers, body });
    expect(again.status).toBe(200);
    expect(again.body.number).toBe(res.body.number);
    expect(await testDb.prisma.processRun.count({ where: { uuid: res.body.id } })).toBe(1);
  });

  it("numbers concurrent creates without gaps or repeats", async () => {
    const before = await testDb.prisma.memorialCase.count();
    const results = await Promise.all(Array.from({ length: 10 }, () => call(createHandler, { method: "POST", path: "/api/cases", headers: manager.headers, body: caseBody() })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    const all = await testDb.prisma.memorialCase.findMany({ select: { seq: true, year: true }, orderBy: { seq: "asc" } });
    expect(all.length).toBe(before + 10);
    expect(all.map((c) => c.seq)).toEqual(all.map((_, i) => i + 1));
  }, 90_000);

  it("keeps a tag serial on one open case (409), free again once the case is closed", async () => {
    const first = await newCase({ tagSerial: "TAG-SHARED-1" });
    const clash = await call(createHandler, { method: "POST", path: "/api/cases", headers: manager.headers, body: caseBody({ tagSerial: "TAG-SHARED-1" }) });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(`Tag TAG-SHARED-1 is on open case ${first.number}; each open case needs its own tag.`);
    const closed = await call(closeHandler, { method: "POST", path: "x", headers: manager.headers, params: { number: first.number }, body: { reason: "Family took the pet home" } });
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe("closed");
    expect((await newCase({ tagSerial: "TAG-SHARED-1" })).tagSerial).toBe("TAG-SHARED-1");
    // The tag now finds the open case.
    const byTag = await get(staff, "TAG-SHARED-1");
    expect(byTag.body.number).not.toBe(first.number);
  });

  it("edits (managers), 403 for staff, lists and searches", async () => {
    const c = await newCase({ petName: "Pepper" });
    expect((await call(patchHandler, { method: "PATCH", path: "x", headers: staff.headers, params: { number: c.number }, body: { petName: "X" } })).status).toBe(403);
    const edited = await call(patchHandler, { method: "PATCH", path: "x", headers: manager.headers, params: { number: c.number }, body: { petColor: "Grey", promisedReturnDate: "2030-02-01" } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ petColor: "Grey", promisedReturnDate: "2030-02-01" });
    const list = await call(listHandler, { path: "/api/cases?q=pepper", headers: staff.headers });
    expect(list.status).toBe(200);
    expect(list.body.items.map((i: { number: string }) => i.number)).toContain(c.number);
  });
});

describe("checkpoint scans", () => {
  it("401 signed out; records each station in order, completes its task, closes at returned", async () => {
    const c = await newCase();
    expect((await call(scanHandler, { method: "POST", path: "x", params: { number: c.number }, body: { clientUuid: randomUUID(), station: "intake" } })).status).toBe(401);
    await scanThrough(c.number, ["intake", "cooler_in", "cooler_out"]);
    const chamberIn = await scan(staff, c.number, { station: "chamber_in", chamberId: chamberB });
    expect(chamberIn.status).toBe(201);
    expect(chamberIn.body.case).toMatchObject({ currentStation: "chamber_in", chamber: { id: chamberB } });
    await scanThrough(c.number, ["chamber_out", "processing", "packaged", "ready"]);
    expect(await testDb.prisma.caseEmail.count({ where: { caseId: c.id, reason: "ready" } })).toBe(1);

    const noReceiver = await scan(staff, c.number, { station: "returned", tagSerial: c.tagSerial });
    expect(noReceiver.status).toBe(400);
    const wrongTag = await scan(staff, c.number, { station: "returned", receiverName: "Ann Anderson", tagSerial: "NOPE" });
    expect(wrongTag.status).toBe(409);
    expect(wrongTag.body).toMatchObject({ code: "CONFLICT", reason: "TAG_MISMATCH", overridable: true });
    const signature = `data:image/png;base64,${PNG_1PX}`;
    const returned = await scan(staff, c.number, { station: "returned", receiverName: "Ann Anderson", tagSerial: c.tagSerial, signature });
    expect(returned.status).toBe(201);
    expect(returned.body.event.details).toEqual({ receiverName: "Ann Anderson", hasSignature: true, tagVerified: true });
    const read = await get(staff, c.number);
    expect(read.body.status).toBe("closed");
    expect(read.body.stations.every((s: { done: boolean }) => s.done)).toBe(true);
    expect(read.body.tasks.every((t: { status: string }) => t.status === "completed")).toBe(true);
    const after = await scan(staff, c.number, { station: "returned", receiverName: "x", tagSerial: c.tagSerial });
    expect(after.body.reason).toBe("CASE_CLOSED");
  });

  it("refuses out of order; staff cannot override (403); an admin's override is its own event", async () => {
    const c = await newCase();
    await scanThrough(c.number, ["intake"]);
    const skip = await scan(staff, c.number, { station: "chamber_in", chamberId: chamberA });
    expect(skip.status).toBe(409);
    expect(skip.body).toEqual({
      message: "Out of order: this case's next step is cooler in, not chamber in.",
      code: "CONFLICT",
      reason: "OUT_OF_ORDER",
      overridable: true,
    });
    expect((await scan(staff, c.number, { station: "cooler_out", override: { reason: "Went straight in" } })).status).toBe(403);
    expect((await scan(manager, c.number, { station: "cooler_out", override: { reason: "Went straight in" } })).status).toBe(403);
    const overridden = await scan(admin, c.number, { station: "cooler_out", override: { reason: "Cooler scan missed; pet was in the cooler overnight" } });
    expect(overridden.status).toBe(201);
    expect(overridden.body.overrideEvent).toMatchObject({ kind: "override", station: "cooler_out", details: { refused: "OUT_OF_ORDER", reason: "Cooler scan missed; pet was in the cooler overnight" } });
    expect(overridden.body.event.seq).toBe(overridden.body.overrideEvent.seq + 1);
    const again = await scan(admin, c.number, { station: "cooler_out", override: { reason: "oops" } });
    expect(again.body).toMatchObject({ reason: "ALREADY_AT_STATION", overridable: false });
    const backwards = await scan(admin, c.number, { station: "cooler_in", override: { reason: "oops" } });
    expect(backwards.body).toMatchObject({ reason: "OUT_OF_ORDER", overridable: false });
  });

  it("a refused scan keeps none of the photo or signature it sent; a recorded one keeps its own", async () => {
    const c = await newCase();
    await scanThrough(c.number, ["intake"]);
    await uploads.clear();
    const photo = `data:image/png;base64,${PNG_1PX}`;
    const refused = await scan(staff, c.number, { station: "chamber_in", chamberId: chamberA, photo });
    expect(refused.status).toBe(409);
    expect(await uploads.files()).toEqual([]);
    const recorded = await scan(staff, c.number, { station: "cooler_in", photo });
    expect(recorded.status).toBe(201);
    expect(await uploads.files()).toHaveLength(1);
  });

  it("a communal case has no return; a private case needs an empty chamber; nothing enters beside a private one", async () => {
    const communal = await newCase({ serviceType: "communal", returnMethod: null });
    await scanThrough(communal.number, ["intake", "cooler_in", "cooler_out"]);
    const noReturn = await scan(staff, communal.number, { station: "processing" });
    expect(noReturn.body).toMatchObject({ reason: "STATION_NOT_IN_SERVICE", message: "A communal case has no return; its ashes stay with us." });
    // A communal case in chamber A: a private case may not join it.
    await scanThrough(communal.number, ["chamber_in"], { chamber_in: { chamberId: chamberA } });
    const priv = await newCase();
    await scanThrough(priv.number, ["intake", "cooler_in", "cooler_out"]);
    const occupied = await scan(staff, priv.number, { station: "chamber_in", chamberId: chamberA });
    expect(occupied.status).toBe(409);
    expect(occupied.body).toMatchObject({ reason: "CHAMBER_OCCUPIED", overridable: false });
    expect(occupied.body.message).toBe(`Chamber 1 is not empty (${communal.number} is in it); a private cremation needs an empty chamber.`);
    // Not even an administrator overrides the chamber.
    expect((await scan(admin, priv.number, { station: "chamber_in", chamberId: chamberA, override: { reason: "hurry" } })).body.reason).toBe("CHAMBER_OCCUPIED");
    // The communal case comes out (and its case closes: no return); now the private case enters.
    await scanThrough(communal.number, ["chamber_out"]);
    expect((await get(staff, communal.number)).body.status).toBe("closed");
    expect((await scan(staff, priv.number, { station: "chamber_in", chamberId: chamberA })).status).toBe(201);
    const partitioned = await newCase({ serviceType: "partitioned" });
    await scanThrough(partitioned.number, ["intake", "cooler_in", "cooler_out"]);
    expect((await scan(staff, partitioned.number, { station: "chamber_in", chamberId: chamberA })).body.reason).toBe("CHAMBER_HOLDS_PRIVATE");
    await scanThrough(priv.number, ["chamber_out"]);
    const chambers = await call(chambersHandler, { path: "/api/cases/chambers", headers: staff.headers });
    expect(chambers.body.items.find((c: { id: string }) => c.id === chamberA).occupants).toEqual([]);
  });

  it("one pet, one chamber: 20 concurrent chamber-in scans of private cases into one chamber -> exactly 1", async () => {
    const chamber = await call(createChamberHandler, { method: "POST", path: "/api/cases/chambers", headers: admin.headers, body: { name: `Race ${process.pid}` } });
    expect(chamber.status).toBe(201);
    const cases = [];
    for (let i = 0; i < 20; i++) {
      const c = await createMemorialCase(testDb.prisma, { createdById: manager.id, serviceType: "private" });
      await recordCaseScans(testDb.prisma, { caseId: c.id, memberId: staff.id, stations: ["intake", "cooler_in", "cooler_out"] });
      await createSignedAuthorization(testDb.prisma, c.id, manager.id);
      cases.push(c);
    }
    const results = await Promise.all(cases.map((c) => scan(staff, c.number, { station: "chamber_in", chamberId: chamber.body.id })));
    expect(results.filter((r) => r.status === 201).length).toBe(1);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.length).toBe(19);
    expect(refused.every((r) => r.status === 409 && r.body.reason === "CHAMBER_OCCUPIED")).toBe(true);
    expect(await testDb.prisma.chamberOccupancy.count({ where: { chamberId: chamber.body.id, exitedAt: null } })).toBe(1);
  });

  it("the same clientUuid twice records one event; an offline replay is flagged, idempotent, and keeps its device time", async () => {
    const c = await newCase();
    const clientUuid = randomUUID();
    const first = await scan(staff, c.number, { clientUuid, station: "intake" });
    const second = await scan(staff, c.number, { clientUuid, station: "intake" });
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(second.body.created).toBe(false);
    expect(second.body.event.id).toBe(first.body.event.id);

    const offlineUuid = randomUUID();
    const deviceTime = new Date(Date.now() - 20 * 60_000).toISOString();
    const body = { clientUuid: offlineUuid, station: "cooler_in", offline: true, deviceTime };
    const replays = await Promise.all([scan(staff, c.number, body), scan(staff, c.number, body)]);
    const third = await scan(staff, c.number, body);
    expect(replays.map((r) => r.status).sort()).toEqual([201, 201]);
    expect(third.status).toBe(201);
    expect(third.body).toEqual(replays[0].body);
    expect(third.body.event).toMatchObject({ offline: true, deviceTime, station: "cooler_in" });
    expect(await testDb.prisma.caseEvent.count({ where: { caseId: c.id, kind: "scan" } })).toBe(2);
    // A refused offline scan is answered the same way on every retry.
    const refusedBody = { clientUuid: randomUUID(), station: "ready", offline: true, deviceTime };
    const refused = await scan(staff, c.number, refusedBody);
    expect(refused.status).toBe(409);
    expect((await scan(staff, c.number, refusedBody)).body).toEqual(refused.body);
    // Someone else's uuid is never a replay.
    expect((await scan(manager, c.number, body)).status).toBe(409);
  });
});

describe("the custody log", () => {
  it("refuses UPDATE and DELETE; verify says intact, and names the first event changed behind the trigger's back", async () => {
    const c = await newCase();
    await scanThrough(c.number, ["intake", "cooler_in", "cooler_out"]);
    await expect(testDb.prisma.$executeRaw`UPDATE case_events SET note = 'x' WHERE case_id = ${c.id}::uuid`).rejects.toThrow(/append-only/);
    // A delete is the retention rule's (tests/integration/cases/retention.test.ts): an open case's log stays.
    await expect(testDb.prisma.$executeRaw`DELETE FROM case_events WHERE case_id = ${c.id}::uuid`).rejects.toThrow(/case_retention/);
    const intact = await call(verifyHandler, { path: "x", headers: staff.headers, params: { number: c.number } });
    expect(intact.body).toEqual({ intact: true, eventCount: 3, firstBroken: null, message: `The custody log of ${c.number} is intact (3 events).` });

    // A superuser slips past the trigger (replica mode skips ordinary triggers) and edits event 2.
    const client = new pg.Client({ connectionString: testDb.url });
    await client.connect();
    try {
      await client.query("SET session_replication_role = replica");
      await client.query("UPDATE case_events SET device_time = device_time - interval '3 hours' WHERE case_id = $1 AND seq = 2", [c.id]);
    } finally {
      await client.end();
    }
    const broken = await call(verifyHandler, { path: "x", headers: staff.headers, params: { number: c.number } });
    const second = await testDb.prisma.caseEvent.findUniqueOrThrow({ where: { caseId_seq: { caseId: c.id, seq: 2 } } });
    expect(broken.body).toMatchObject({ intact: false, eventCount: 3, firstBroken: { seq: 2, eventId: second.id, reason: "hash" } });
    expect(broken.body.message).toBe(`The custody log of ${c.number} is broken at event 2: its contents do not match its hash.`);
  });

  it("chains concurrent scans of one case without forking", async () => {
    const c = await newCase();
    await Promise.all([scan(staff, c.number, { station: "intake" }), scan(staff, c.number, { station: "intake" }), scan(staff, c.number, { station: "intake" })]);
    const events = await testDb.prisma.caseEvent.findMany({ where: { caseId: c.id }, orderBy: { seq: "asc" } });
    expect(events.length).toBe(1);
    const verify = await call(verifyHandler, { path: "x", headers: staff.headers, params: { number: c.number } });
    expect(verify.body.intact).toBe(true);
  });
});

describe("labels and the certificate", () => {
  it("prints a 4x6 label and a sheet whose QR decodes to the signed scan link; every print is logged", async () => {
    const c = await newCase({ petName: "Biscuit" });
    const label = await fetchBytes(labelHandler, `/api/cases/${c.number}/label`, { number: c.number }, staff.headers);
    expect(label.res.status).toBe(200);
    expect(label.res.headers.get("content-type")).toBe("application/pdf");
    keep("label.pdf", label.bytes);
    const decoded = decodePdf(label.bytes);
    expect(decoded.codes).toEqual([`${APP_URL}/scan?t=${encodeURIComponent(signLabelToken(c.number))}`]);
    expect(decoded.text).toContain(c.number);
    expect(decoded.text).toContain("Biscuit");
    expect(decoded.text).toContain("Private cremation");
    const sheet = await fetchBytes(labelHandler, `/api/cases/${c.number}/label?format=sheet`, { number: c.number }, staff.headers);
    keep("sheet.pdf", sheet.bytes);
    expect(decodePdf(sheet.bytes).codes.length).toBeGreaterThanOrEqual(1);
    const prints = await testDb.prisma.caseEvent.findMany({ where: { caseId: c.id, kind: "label_print" }, orderBy: { seq: "asc" } });
    expect(prints.map((p) => p.details)).toEqual([
      { format: "label", copies: 1, reprint: false },
      { format: "sheet", copies: 10, reprint: true },
    ]);
    // The label's token opens the case, as the scan screen sends it.
    expect((await get(staff, signLabelToken(c.number))).body.number).toBe(c.number);
    expect((await get(staff, `${c.number}.forged`)).status).toBe(404);
  });

  it("the certificate: 409 before chamber-out and, for a private case, before the weighing; then the same stored bytes on every fetch, for staff and the family", async () => {
    const c = await newCase({ petName: "Shadow" });
    await scanThrough(c.number, ["intake", "cooler_in", "cooler_out"]);
    await scanThrough(c.number, ["chamber_in"], { chamber_in: { chamberId: chamberB } });
    const early = await fetchBytes(certificateHandler, "x", { number: c.number }, staff.headers);
    expect(early.res.status).toBe(409);
    expect(JSON.parse(early.bytes.toString())).toMatchObject({ message: CERTIFICATE_NOT_YET });
    await scanThrough(c.number, ["chamber_out"]);
    // Out of the chamber but not weighed: the certificate states the ashes' weight and is stored
    // unchanged once issued, so a private case's waits for processing; the screens do not offer it.
    const unweighed = await fetchBytes(certificateHandler, "x", { number: c.number }, staff.headers);
    expect(unweighed.res.status).toBe(409);
    expect(JSON.parse(unweighed.bytes.toString())).toMatchObject({ message: CERTIFICATE_NOT_WEIGHED });
    const linkToken = (await get(staff, c.number)).body.familyLink.url.split("/c/")[1];
    expect((await get(staff, c.number)).body.certificateAvailable).toBe(false);
    expect((await call(familyHandler, { path: "x", params: { token: linkToken }, headers: { [PEER_ADDRESS_HEADER]: "203.0.113.8" } })).body.certificateAvailable).toBe(false);
    expect((await fetchBytes(familyCertificateHandler, "x", { token: linkToken }, { [PEER_ADDRESS_HEADER]: "203.0.113.8" })).res.status).toBe(409);
    expect(await testDb.prisma.caseEvent.count({ where: { caseId: c.id, kind: "certificate" } })).toBe(0);
    await scanThrough(c.number, ["processing"]);
    expect((await get(staff, c.number)).body.certificateAvailable).toBe(true);
    expect((await call(familyHandler, { path: "x", params: { token: linkToken }, headers: { [PEER_ADDRESS_HEADER]: "203.0.113.8" } })).body.certificateAvailable).toBe(true);
    const first = await fetchBytes(certificateHandler, "x", { number: c.number }, staff.headers);
    expect(first.res.status).toBe(200);
    expect(first.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    keep("certificate.pdf", first.bytes);
    const text = execFileSync("pdftotext", ["-layout", "-", "-"], { input: first.bytes, encoding: "utf8" });
    expect(text).toContain("Certificate of Cremation");
    expect(text).toContain(c.number);
    expect(text).toContain("Shadow");
    expect(text).toContain("Chamber 2");
    expect(text).toContain("Issued electronically by");
    expect(text).toContain("2.5 lbs, weighed when prepared");
    await new Promise((r) => setTimeout(r, 1100));
    const second = await fetchBytes(certificateHandler, "x", { number: c.number }, staff.headers);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    const token = (await get(staff, c.number)).body.familyLink.url.split("/c/")[1];
    const family = await fetchBytes(familyCertificateHandler, "x", { token }, { [PEER_ADDRESS_HEADER]: "203.0.113.9" });
    expect(family.res.status).toBe(200);
    expect(family.bytes.equals(first.bytes)).toBe(true);
    expect(await testDb.prisma.caseEvent.count({ where: { caseId: c.id, kind: "certificate" } })).toBe(1);
  });

  it("a certificate whose chain of custody fills a page goes on to a second page, every scan listed", async () => {
    const c = await createMemorialCase(testDb.prisma, { createdById: manager.id, serviceType: "private", petName: "Pepper" });
    const stations = [...Array.from({ length: 14 }, () => ["cooler_in", "cooler_out"] as const).flat(), "chamber_in", "chamber_out", "processing"] as const;
    await recordCaseScans(testDb.prisma, { caseId: c.id, memberId: staff.id, stations: [...stations], chamberId: chamberA });
    const { res, bytes } = await fetchBytes(certificateHandler, "x", { number: c.number }, staff.headers);
    expect(res.status).toBe(200);
    const info = execFileSync("pdfinfo", ["-"], { input: bytes, encoding: "utf8" });
    expect(info).toMatch(/Pages:\s+2/);
    const text = execFileSync("pdftotext", ["-layout", "-", "-"], { input: bytes, encoding: "utf8" });
    expect(text).toContain(`Chain of custody, continued (${c.number})`);
    expect(text.match(/Resting in our care/g)).toHaveLength(14);
    expect(text).toContain("Issued electronically by");
  });
});

describe("the family's page", () => {
  const family = (token: string, ip = "198.51.100.7") => call(familyHandler, { path: `/api/family/${token}`, params: { token }, headers: { [PEER_ADDRESS_HEADER]: ip } });

  it("shows the steps with their times and no staff names; a wrong or revoked token is the same 404", async () => {
    const c = await newCase({ petName: "Milo" });
    await scanThrough(c.number, ["intake", "cooler_in"]);
    const token = c.familyLink.url.split("/c/")[1];
    const view = await family(token);
    expect(view.status).toBe(200);
    expect(view.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(view.body).toMatchObject({ petName: "Milo", caseNumber: c.number, nextStep: { station: "cooler_out", label: "Prepared for cremation" }, expectedReturn: "2030-01-15" });
    expect(view.body.steps.filter((s: { done: boolean }) => s.done).map((s: { station: string }) => s.station)).toEqual(["intake", "cooler_in"]);
    expect(JSON.stringify(view.body)).not.toContain(staff.user.firstName);

    const [id, sig] = token.split(".");
    const wrong = await family(`${id}.${sig.slice(0, -2)}xx`);
    expect(wrong.status).toBe(404);
    expect((await family("nonsense")).body).toEqual(wrong.body);

    expect((await call(revokeHandler, { method: "DELETE", path: "x", headers: manager.headers, params: { number: c.number } })).status).toBe(403);
    expect((await call(revokeHandler, { method: "DELETE", path: "x", headers: admin.headers, params: { number: c.number } })).status).toBe(200);
    const revoked = await family(token);
    expect(revoked.status).toBe(404);
    expect(revoked.body).toEqual(wrong.body);
    const renewed = await call(renewHandler, { method: "POST", path: "x", headers: manager.headers, params: { number: c.number } });
    expect(renewed.status).toBe(201);
    expect((await family(renewed.body.url.split("/c/")[1])).status).toBe(200);
    expect((await family(token)).status).toBe(404);
  });

  it("is rate-limited per address", async () => {
    const c = await newCase();
    const token = c.familyLink.url.split("/c/")[1];
    const ip = "192.0.2.55";
    for (let i = 0; i < FAMILY_RATE_LIMIT; i++) await testDb.prisma.rateLimitEvent.create({ data: { bucket: "case-family:address", key: ip } });
    const limited = await family(token, ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
    expect((await family(token, "192.0.2.56")).status).toBe(200);
  });
});

describe("oversight", () => {
  it("the board groups open cases by step; turnaround counts returned cases by service type", async () => {
    const c = await newCase();
    await scanThrough(c.number, ["intake"]);
    const board = await call(boardHandler, { path: "/api/cases/board", headers: staff.headers });
    expect(board.status).toBe(200);
    const intake = board.body.columns.find((col: { station: string | null }) => col.station === "intake");
    expect(intake.cases.map((x: { number: string }) => x.number)).toContain(c.number);
    const turnaround = await call(turnaroundHandler, { path: "/api/cases/turnaround", headers: staff.headers });
    expect(turnaround.status).toBe(200);
    expect(turnaround.body.byServiceType.map((r: { serviceType: string }) => r.serviceType)).toEqual(["private", "partitioned", "communal"]);
    expect(turnaround.body.byServiceType.find((r: { serviceType: string }) => r.serviceType === "private").count).toBeGreaterThanOrEqual(1);
  });

  it("turnaround's days are business days: a case returned at 19:30 on the last day counts, one returned the evening before the first does not", async () => {
    const returnedAt = async (local: string) => {
      const c = await createMemorialCase(testDb.prisma, { createdById: manager.id, serviceType: "private", receivedAt: new Date("2031-03-01T15:00:00Z") });
      const stations = [...STATION_ORDER.private];
      const last = new Date(local).getTime();
      await recordCaseScans(testDb.prisma, { caseId: c.id, memberId: staff.id, stations, times: stations.map((_, i) => new Date(last - (stations.length - 1 - i) * 60_000)) });
    };
    await returnedAt("2031-03-12T19:30:00-05:00"); // the evening before the window: already the 13th in UTC
    await returnedAt("2031-03-14T19:30:00-05:00"); // the window's last evening: already the 15th in UTC
    const privateCount = async (from: string, to: string) => {
      const res = await call(turnaroundHandler, { path: `/api/cases/turnaround?from=${from}&to=${to}`, headers: staff.headers });
      expect(res.status).toBe(200);
      return res.body.byServiceType.find((r: { serviceType: string }) => r.serviceType === "private").count;
    };
    expect(await privateCount("2031-03-13", "2031-03-13")).toBe(0);
    expect(await privateCount("2031-03-14", "2031-03-14")).toBe(1);
    expect(await privateCount("2031-03-12", "2031-03-14")).toBe(2);
  });
});

describe("family e-mails and alert rules", () => {
  it("the cases-mail job sends each queued family e-mail once, with the link", async () => {
    const c = await newCase({ familyEmail: "once@example.com" });
    const mailer = createMemoryMailer();
    setMailer(mailer);
    try {
      const [first, second] = [await sendFamilyEmails(), await sendFamilyEmails()];
      expect(first.sent).toBeGreaterThanOrEqual(1);
      expect(second.sent).toBe(0);
      const mine = mailer.messages.filter((m) => m.to === "once@example.com");
      expect(mine).toHaveLength(1);
      expect(mine[0].subject).toBe(`Bella is in our care (${c.number})`);
      expect(mine[0].text).toContain(c.familyLink.url);
    } finally {
      setMailer(null);
    }
    // No consent: nothing queued.
    const quiet = await newCase({ familyEmailConsent: false });
    expect(await testDb.prisma.caseEmail.count({ where: { caseId: quiet.id } })).toBe(0);
  });

  it("case_at_step fires past N hours at one step; case_return_overdue after the promised day", async () => {
    const c = await createMemorialCase(testDb.prisma, { createdById: manager.id, promisedReturnDate: new Date("2030-03-10T00:00:00Z") });
    const scannedAt = new Date("2030-03-01T15:00:00Z");
    await recordCaseScans(testDb.prisma, { caseId: c.id, memberId: staff.id, stations: ["intake"], times: [scannedAt] });
    const rule = (kind: string, threshold: number) => ({ kind, params: { threshold }, scope: "everyone", scopeUnitId: null, scopeUserIds: [] });
    const mine = <F extends { subjectId: string }>(findings: F[]) => findings.filter((f) => f.subjectId === c.id);
    expect(mine(await findConditions(testDb.prisma, rule("case_at_step", 24), new Date(scannedAt.getTime() + 24 * 3_600_000 - 60_000)))).toHaveLength(0);
    const atStep = mine(await findConditions(testDb.prisma, rule("case_at_step", 24), new Date(scannedAt.getTime() + 24 * 3_600_000 + 60_000)));
    expect(atStep).toHaveLength(1);
    expect(atStep[0]).toMatchObject({ subjectType: "case", href: `/cases/${c.number}`, occurrence: `intake:${scannedAt.toISOString()}` });
    // The promised day ends at the next midnight in the business time zone.
    const dayEnd = startOfDay("2030-03-11");
    expect(mine(await findConditions(testDb.prisma, rule("case_return_overdue", 0), new Date(dayEnd.getTime() - 60_000)))).toHaveLength(0);
    const late = mine(await findConditions(testDb.prisma, rule("case_return_overdue", 0), new Date(dayEnd.getTime() + 60_000)));
    expect(late.map((f) => f.occurrence)).toEqual(["return:2030-03-10"]);
  });
});

const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
