/**
 * Pickup runs (docs/runs.md): building a run (stops per place, nearest-neighbour
 * order from the facility), the race of two dispatchers for one request (the database decides),
 * the driver's pickup as the first link of the case's custody chain (intake continues it), the
 * offline replay of a pickup (once per uuid), and who may do what.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { GET as listRunsHandler, POST as createRunHandler } from "@/app/api/runs/route";
import { GET as requestsHandler } from "@/app/api/runs/requests/route";
import { GET as todayHandler } from "@/app/api/runs/today/route";
import { GET as settingsGetHandler, PUT as settingsHandler } from "@/app/api/runs/settings/route";
import { GET as runHandler } from "@/app/api/runs/[id]/route";
import { POST as addHandler } from "@/app/api/runs/[id]/requests/route";
import { DELETE as removeHandler } from "@/app/api/runs/[id]/requests/[requestId]/route";
import { POST as pickupHandler } from "@/app/api/runs/[id]/pickups/route";
import { GET as labelHandler } from "@/app/api/runs/[id]/requests/[requestId]/label/route";
import { POST as scanHandler } from "@/app/api/cases/[number]/scans/route";
import { GET as verifyHandler } from "@/app/api/cases/[number]/custody/verify/route";
import { GET as caseHandler } from "@/app/api/cases/[number]/route";
import { addDays, dateKeyOf } from "@/lib/dates";
import { deviceTimeMessage } from "@/lib/offline/device-time";
import { OFFLINE_UUID_REUSED } from "@/lib/offline/rules";
import { RELEASED_BY_REQUIRED } from "@/lib/validations/runs";
import { createApiKey, createMemorialCase, createVendor } from "@/prisma/factories";
import { call, TEST_ORIGIN } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person } from "../tasks/fixtures";

const testDb = useTestDatabase();

/** A 400 that names `field`: a service's `field`, or zod's first `fieldErrors` path. */
const names = (res: { status: number; body: { field?: string; fieldErrors?: Array<{ path: string }> } }, field: string) => {
  expect(res.status).toBe(400);
  expect(res.body.field ?? res.body.fieldErrors?.[0]?.path).toBe(field);
};
type Who = Awaited<ReturnType<typeof person>>;
type Headers = Record<string, string> | undefined;
let admin: Who, manager: Who, otherManager: Who, driver: Who, otherDriver: Who;

const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const HOUR = 60 * 60 * 1000;
const today = () => dateKeyOf(new Date());

beforeAll(async () => {
  [admin, manager, otherManager, driver, otherDriver] = [
    await person(testDb.prisma, "admin"),
    await person(testDb.prisma, "manager", { firstName: "Mia", lastName: "Cole" }),
    await person(testDb.prisma, "manager"),
    await person(testDb.prisma, "staff", { firstName: "Dan", lastName: "Reyes" }),
    await person(testDb.prisma, "staff"),
  ];
  // The facility at the origin of a small grid: 0.01° of longitude at the equator is about 1.1 km.
  expect((await call(settingsHandler, { method: "PUT", path: "/api/runs/settings", headers: admin.headers, body: { latitude: 0, longitude: 0, postcode: "97201" } })).status).toBe(200);
});

let seq = 0;
/** An open pickup request (a clinic's when `clinicId` is given, else a home's). */
async function aRequest(opts: { clinicId?: string; address?: string; lat?: number; lng?: number; postcode?: string | null; urgency?: "routine" | "urgent"; serviceType?: "private" | "communal" | null; petName?: string } = {}) {
  seq += 1;
  const n = 500_000 + seq;
  return testDb.prisma.pickupRequest.create({
    data: {
      number: `P-2030-${n}`,
      year: 2030,
      seq: n,
      uuid: randomUUID(),
      origin: opts.clinicId ? "clinic" : "home",
      clinicVendorId: opts.clinicId ?? null,
      urgency: opts.urgency ?? "routine",
      petName: opts.petName ?? `Pet ${seq}`,
      petSpecies: "Dog",
      petWeightLbs: 30,
      ownerName: "Kim Family",
      ownerContact: "kim@example.com",
      serviceType: opts.serviceType === undefined ? "private" : opts.serviceType,
      note: "In the cooler, left shelf",
      address: opts.address ?? `${seq} Home Street`,
      postcode: opts.postcode === undefined ? "97201" : opts.postcode,
      latitude: opts.lat ?? null,
      longitude: opts.lng ?? null,
      createdById: admin.id,
    },
  });
}

const aClinic = (name: string, lng: number) => createVendor(testDb.prisma, { name, kind: "clinic", address: `${name} Road`, postcode: "97201", latitude: 0, longitude: lng });

const build = (headers: Headers, body: Record<string, unknown>) => call(createRunHandler, { method: "POST", path: "/api/runs", headers, body: { uuid: randomUUID(), runDate: today(), driverId: driver.id, vehicle: "Van 1", ...body } });
const getRun = (headers: Headers, id: string) => call(runHandler, { method: "GET", path: `/api/runs/${id}`, headers, params: { id } });
const add = (headers: Headers, id: string, requestIds: string[]) => call(addHandler, { method: "POST", path: `/api/runs/${id}/requests`, headers, params: { id }, body: { requestIds } });
const pickup = (headers: Headers, runId: string, body: Record<string, unknown>) =>
  call(pickupHandler, { method: "POST", path: `/api/runs/${runId}/pickups`, headers, params: { id: runId }, body: { releasedBy: "Dr. Ada Vance", signature: PNG, ...body } });
const verify = (headers: Headers, number: string) => call(verifyHandler, { method: "GET", path: `/api/cases/${number}/custody/verify`, headers, params: { number } });

describe("building a run", () => {
  it("places each request on its place's stop and orders the stops by nearest neighbour from the facility", async () => {
    const far = await aClinic("Far Vet", 0.3);
    const near = await aClinic("Near Vet", 0.1);
    const [a, b, c] = [
      await aRequest({ clinicId: far.id, address: "Far Vet Road", lat: 0, lng: 0.3 }),
      await aRequest({ clinicId: near.id, address: "Near Vet Road", lat: 0, lng: 0.1, urgency: "urgent" }),
      await aRequest({ clinicId: far.id, address: "Far Vet Road", lat: 0, lng: 0.3 }),
    ];
    const home = await aRequest({ address: "7 Middle Lane", lat: 0, lng: 0.2 });
    const typed = await aRequest({ address: "9 Typed Way", postcode: "97201" });
    const res = await build(manager.headers, { requestIds: [a.id, b.id, c.id, home.id, typed.id] });
    expect(res.status).toBe(201);
    expect(res.body.stops.map((s: { name: string }) => s.name)).toEqual(["Near Vet", "Home of Kim Family", "Far Vet", "Home of Kim Family"]);
    expect(res.body.stops.map((s: { position: number }) => s.position)).toEqual([1, 2, 3, 4]);
    expect(res.body.stops[2].pets.map((p: { requestId: string }) => p.requestId).sort()).toEqual([a.id, c.id].sort());
    expect(res.body.stops[3].address).toBe("9 Typed Way");
    expect(res.body.stops[0].mapsUrl).toMatch(/^geo:0,0\.1\?q=/);
    expect(res.body.stops[3].mapsUrl).toBe("https://maps.google.com/?q=9%20Typed%20Way%2097201");
    expect(res.body).toMatchObject({ petCount: 5, pickedUpCount: 0, vehicle: "Van 1", driver: { id: driver.id } });
    expect(res.body.distanceKm).toBeCloseTo(33.4, 0);

    // Stored: the requests are assigned, and the run reads back the same.
    expect(await testDb.prisma.pickupRequest.count({ where: { id: { in: [a.id, b.id, c.id, home.id, typed.id] }, status: "assigned" } })).toBe(5);
    const read = await getRun(driver.headers, res.body.id);
    expect(read.status).toBe(200);
    expect(read.body.stops).toEqual(res.body.stops);
    // Off the dispatcher's open list.
    const open = await call(requestsHandler, { method: "GET", path: "/api/runs/requests", headers: manager.headers });
    expect(open.body.items.map((r: { id: string }) => r.id)).not.toContain(a.id);
  });

  it("adding a nearer stop later orders the run again; taking a pet off frees it and drops an empty stop", async () => {
    const run = await build(manager.headers, { requestIds: [(await aRequest({ address: "Far", lat: 0, lng: 0.5 })).id] });
    const nearer = await aRequest({ address: "Nearer", lat: 0, lng: 0.05 });
    const added = await add(manager.headers, run.body.id, [nearer.id]);
    expect(added.status).toBe(200);
    expect(added.body.stops.map((s: { address: string }) => s.address)).toEqual(["Nearer", "Far"]);
    const removed = await call(removeHandler, { method: "DELETE", path: `/api/runs/${run.body.id}/requests/${nearer.id}`, headers: manager.headers, params: { id: run.body.id, requestId: nearer.id } });
    expect(removed.status).toBe(200);
    expect(removed.body.stops.map((s: { address: string; position: number }) => [s.position, s.address])).toEqual([[1, "Far"]]);
    expect((await testDb.prisma.pickupRequest.findUniqueOrThrow({ where: { id: nearer.id } })).status).toBe("open");
    expect(await testDb.prisma.pickupRunStop.count({ where: { runId: run.body.id } })).toBe(1);
  });

  it("the open requests by area and urgency, urgent first", async () => {
    const routine = await aRequest({ postcode: "98110", petName: "Routine dog" });
    const urgent = await aRequest({ postcode: "981 22", urgency: "urgent", petName: "Urgent cat" });
    await aRequest({ postcode: "12345" });
    const res = await call(requestsHandler, { method: "GET", path: "/api/runs/requests?area=981", headers: manager.headers });
    expect(res.status).toBe(200);
    expect(res.body.items.map((r: { id: string }) => r.id)).toEqual([urgent.id, routine.id]);
    expect(res.body.items[0]).toMatchObject({ area: "981", urgency: "urgent", origin: "home", clinic: null });
    const onlyUrgent = await call(requestsHandler, { method: "GET", path: "/api/runs/requests?area=981&urgency=urgent", headers: manager.headers });
    expect(onlyUrgent.body.items.map((r: { id: string }) => r.id)).toEqual([urgent.id]);
    names(await call(requestsHandler, { method: "GET", path: "/api/runs/requests?urgency=soon", headers: manager.headers }), "urgency");
  });

  it("401 anonymous, 403 for staff, 400 naming the field, 409 for a request not open", async () => {
    const r = await aRequest();
    expect((await build(undefined, { requestIds: [r.id] })).status).toBe(401);
    expect((await build(driver.headers, { requestIds: [r.id] })).status).toBe(403);
    names(await build(manager.headers, { vehicle: " ", requestIds: [r.id] }), "vehicle");
    names(await build(manager.headers, { driverId: randomUUID(), requestIds: [r.id] }), "driverId");
    names(await build(manager.headers, { requestIds: [r.id, r.id] }), "requestIds");
    names(await build(manager.headers, { requestIds: [randomUUID()] }), "requestIds");
    names(await build(manager.headers, { runDate: "2026-13-01", requestIds: [r.id] }), "runDate");
    await testDb.prisma.pickupRequest.update({ where: { id: r.id }, data: { status: "cancelled", cancelledAt: new Date() } });
    const cancelled = await build(manager.headers, { requestIds: [r.id] });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toBe(`${r.number} was cancelled.`);
    // Nothing half-built: the refused run was not stored.
    expect(await testDb.prisma.pickupRun.count({ where: { items: { some: { pickupRequestId: r.id } } } })).toBe(0);
  });

  it("a repeated uuid answers the same run (200); another member's uuid is a 409", async () => {
    const uuid = randomUUID();
    const first = await build(manager.headers, { uuid, requestIds: [(await aRequest()).id] });
    expect(first.status).toBe(201);
    const again = await build(manager.headers, { uuid, requestIds: [] });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect((await build(otherManager.headers, { uuid })).status).toBe(409);
  });

  it("a driver reads their own run, another member's is a 404; today's runs are the driver's", async () => {
    const run = await build(manager.headers, { requestIds: [(await aRequest()).id] });
    expect((await getRun(otherDriver.headers, run.body.id)).status).toBe(404);
    const mine = await call(todayHandler, { method: "GET", path: "/api/runs/today", headers: driver.headers });
    expect(mine.status).toBe(200);
    expect(mine.body.date).toBe(today());
    expect(mine.body.runs.map((r: { id: string }) => r.id)).toContain(run.body.id);
    const theirs = await call(todayHandler, { method: "GET", path: "/api/runs/today", headers: otherDriver.headers });
    expect(theirs.body.runs).toEqual([]);
    const list = await call(listRunsHandler, { method: "GET", path: `/api/runs?date=${today()}`, headers: manager.headers });
    expect(list.body.items.map((r: { id: string }) => r.id)).toContain(run.body.id);
    expect(list.body.facility).toMatchObject({ latitude: 0, longitude: 0, postcode: "97201" });
    names(await call(listRunsHandler, { method: "GET", path: "/api/runs?date=2026-02-30", headers: manager.headers }), "date");
  });

  it("the facility: latitude and longitude go together; admins only", async () => {
    names(await call(settingsHandler, { method: "PUT", path: "/api/runs/settings", headers: admin.headers, body: { latitude: 45 } }), "longitude");
    expect((await call(settingsHandler, { method: "PUT", path: "/api/runs/settings", headers: manager.headers, body: { postcode: "1" } })).status).toBe(403);
    expect((await call(settingsGetHandler, { method: "GET", path: "/api/runs/settings", headers: manager.headers })).body).toMatchObject({ latitude: 0, longitude: 0, postcode: "97201" });
  });

  it("API keys need runs:read to read and runs:write to build", async () => {
    const key = async (scopes: string[]) => ({ authorization: `Bearer ${(await createApiKey(testDb.prisma, { createdById: manager.id, scopes })).token}` });
    expect((await call(listRunsHandler, { method: "GET", path: "/api/runs", headers: await key(["cases:read"]) })).status).toBe(403);
    expect((await call(listRunsHandler, { method: "GET", path: "/api/runs", headers: await key(["runs:read"]) })).status).toBe(200);
    expect((await build(await key(["runs:read"]), { requestIds: [(await aRequest()).id] })).status).toBe(403);
    expect((await build(await key(["runs:write"]), { requestIds: [(await aRequest()).id] })).status).toBe(201);
  });
});

describe("two dispatchers, one request", () => {
  it("building two runs with the same request at once: one run gets it, the other is a 409 and is not stored", async () => {
    const contested = await aRequest();
    const answers = await Promise.all([build(manager.headers, { requestIds: [contested.id], vehicle: "Van A" }), build(otherManager.headers, { requestIds: [contested.id], vehicle: "Van B" })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const lost = answers.find((a) => a.status === 409)!;
    expect(lost.body.message).toBe(`${contested.number} is already on a run; remove it there first.`);
    expect(await testDb.prisma.pickupRunItem.count({ where: { pickupRequestId: contested.id } })).toBe(1);
    expect(await testDb.prisma.pickupRun.count({ where: { vehicle: { in: ["Van A", "Van B"] }, items: { none: {} } } })).toBe(0);
  });

  it("adding one request to two existing runs at once (ten times): it is on exactly one", async () => {
    const runs = await Promise.all([build(manager.headers, { vehicle: "Race 1" }), build(otherManager.headers, { vehicle: "Race 2" })]);
    for (let i = 0; i < 10; i += 1) {
      const contested = await aRequest();
      const answers = await Promise.all([add(manager.headers, runs[0].body.id, [contested.id]), add(otherManager.headers, runs[1].body.id, [contested.id])]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(await testDb.prisma.pickupRunItem.count({ where: { pickupRequestId: contested.id } })).toBe(1);
    }
  });

  it("the database refuses a second run item for one request whoever writes it", async () => {
    const r = await aRequest();
    const one = await build(manager.headers, { requestIds: [r.id] });
    const other = await build(manager.headers, { vehicle: "Van 2" });
    const stop = await testDb.prisma.pickupRunStop.create({ data: { runId: other.body.id, position: 1, placeKey: "home:x", address: "x" } });
    await expect(testDb.prisma.pickupRunItem.create({ data: { runId: other.body.id, stopId: stop.id, pickupRequestId: r.id, addedById: manager.id, addedAt: new Date() } })).rejects.toThrow();
    expect(one.status).toBe(201);
  });
});

describe("the driver's pickup", () => {
  async function runWith(...requests: Array<{ id: string }>) {
    const res = await build(manager.headers, { requestIds: requests.map((r) => r.id) });
    expect(res.status).toBe(201);
    return res.body as { id: string };
  }

  it("becomes the case's first custody event (picked_up), and intake continues the same chain", async () => {
    const clinic = await aClinic("Elm Vet", 0.1);
    const r = await aRequest({ clinicId: clinic.id, address: "Elm Vet Road", lat: 0, lng: 0.1, petName: "Bella" });
    const run = await runWith(r);
    const res = await pickup(driver.headers, run.id, { requestId: r.id, tag: r.number, place: { latitude: 0.0001, longitude: 0.1001, accuracyMeters: 8 }, note: "Blue blanket" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ created: true, requestId: r.id, eventSeq: 1, offline: false });
    const number = res.body.caseNumber as string;
    expect(number).toMatch(/^C-\d{4}-\d{5,}$/);

    const kase = await testDb.prisma.memorialCase.findUniqueOrThrow({ where: { number }, include: { events: { orderBy: { seq: "asc" } } } });
    expect(kase).toMatchObject({ petName: "Bella", clinicVendorId: clinic.id, tagSerial: r.number, currentStation: "picked_up", familyName: "Kim Family", familyEmail: "kim@example.com", serviceType: "private" });
    expect(kase.events).toHaveLength(1);
    expect(kase.events[0]).toMatchObject({ seq: 1, kind: "scan", station: "picked_up", memberId: driver.id, note: "Blue blanket", prevHash: "0".repeat(64) });
    expect(kase.events[0].details).toMatchObject({ releasedBy: "Dr. Ada Vance", place: { latitude: 0.0001, longitude: 0.1001, accuracyMeters: 8 }, address: "Elm Vet Road", runId: run.id, requestNumber: r.number, tagScanned: true });
    expect((kase.events[0].details as { signatureKey?: string }).signatureKey).toBeTruthy();
    const request = await testDb.prisma.pickupRequest.findUniqueOrThrow({ where: { id: r.id } });
    expect(request).toMatchObject({ status: "picked_up", caseId: kase.id });

    // The case page shows it, the run shows the pet picked up.
    const detail = await call(caseHandler, { method: "GET", path: `/api/cases/${number}`, headers: driver.headers, params: { number } });
    expect(detail.body.events[0]).toMatchObject({ station: "picked_up", details: { releasedBy: "Dr. Ada Vance", hasSignature: true } });
    const read = await getRun(driver.headers, run.id);
    expect(read.body.stops[0]).toMatchObject({ done: true, pets: [{ pickedUp: { caseNumber: number, releasedBy: "Dr. Ada Vance" } }] });
    expect(read.body.pickedUpCount).toBe(1);

    // Back at the facility: intake is the next station, chained to the pickup.
    const intake = await call(scanHandler, { method: "POST", path: `/api/cases/${number}/scans`, headers: driver.headers, params: { number }, body: { clientUuid: randomUUID(), station: "intake" } });
    expect(intake.status).toBe(201);
    expect(intake.body.event.seq).toBe(2);
    const events = await testDb.prisma.caseEvent.findMany({ where: { caseId: kase.id }, orderBy: { seq: "asc" } });
    expect(events[1].prevHash).toBe(events[0].hash);
    const chain = await verify(driver.headers, number);
    expect(chain.body).toMatchObject({ intact: true, eventCount: 2 });

    // A pickup after intake is refused, never overridden.
    const late = await call(scanHandler, { method: "POST", path: `/api/cases/${number}/scans`, headers: admin.headers, params: { number }, body: { clientUuid: randomUUID(), station: "picked_up", releasedBy: "x", signature: PNG } });
    expect(late).toMatchObject({ status: 409, body: { reason: "PICKUP_AFTER_INTAKE", overridable: false } });
  });

  it("a second pickup of the pet answers the first (200, created: false) and writes nothing", async () => {
    const r = await aRequest();
    const run = await runWith(r);
    const first = await pickup(driver.headers, run.id, { requestId: r.id });
    const again = await pickup(driver.headers, run.id, { requestId: r.id, releasedBy: "Someone else" });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, caseNumber: first.body.caseNumber, eventSeq: 1, eventHash: first.body.eventHash });
    expect(await testDb.prisma.memorialCase.count({ where: { uuid: r.id } })).toBe(1);
  });

  it("refusals: another pet's tag 409, no signature or name 400 naming the field, no service type 400, another driver 404, a pet not on the run 404", async () => {
    const r = await aRequest({ serviceType: null });
    const other = await aRequest();
    const run = await runWith(r);
    const wrongTag = await pickup(driver.headers, run.id, { requestId: r.id, tag: other.number, serviceType: "communal" });
    expect(wrongTag).toMatchObject({ status: 409, body: { reason: "TAG_MISMATCH", field: "tag" } });
    const noName = await pickup(driver.headers, run.id, { requestId: r.id, releasedBy: "  " });
    names(noName, "releasedBy");
    expect(noName.body.fieldErrors[0].message).toBe(RELEASED_BY_REQUIRED);
    names(await pickup(driver.headers, run.id, { requestId: r.id, signature: null }), "signature");
    names(await pickup(driver.headers, run.id, { requestId: r.id }), "serviceType");
    expect((await pickup(otherDriver.headers, run.id, { requestId: r.id, serviceType: "communal" })).status).toBe(404);
    expect((await pickup(driver.headers, run.id, { requestId: other.id })).status).toBe(404);
    expect(await testDb.prisma.memorialCase.count({ where: { uuid: r.id } })).toBe(0);
    // The label's signed QR names the request too (the whole scanned URL or the token alone).
    const { signLabelToken } = await import("@/lib/services/cases/tokens");
    const ok = await pickup(driver.headers, run.id, { requestId: r.id, tag: `https://app.example/scan?t=${encodeURIComponent(signLabelToken(r.number))}`, serviceType: "communal" });
    expect(ok.status).toBe(201);
    expect((await testDb.prisma.memorialCase.findUniqueOrThrow({ where: { uuid: r.id } })).serviceType).toBe("communal");
  });

  it("a pet picked up stays on the run", async () => {
    const r = await aRequest();
    const run = await runWith(r);
    await pickup(driver.headers, run.id, { requestId: r.id });
    const off = await call(removeHandler, { method: "DELETE", path: `/api/runs/${run.id}/requests/${r.id}`, headers: manager.headers, params: { id: run.id, requestId: r.id } });
    expect(off.status).toBe(409);
  });
});

describe("printing a pet's label at its stop", () => {
  async function label(headers: Headers, runId: string, requestId: string) {
    const req = new Request(new URL(`/api/runs/${runId}/requests/${requestId}/label`, TEST_ORIGIN), { headers: { host: new URL(TEST_ORIGIN).host, ...(headers ?? {}) } });
    const res = await labelHandler(req, { params: Promise.resolve({ id: runId, requestId }) } as never);
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  }
  /** The PDF as a person reads it: its text; page 1 rendered to /tmp/shots/runs (to look at). */
  function readPdf(pdf: Buffer, name: string): string {
    const dir = "/tmp/shots/runs";
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${name}.pdf`);
    writeFileSync(file, pdf);
    execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", file, path.join(dir, name)]);
    // The text from these bytes, not the shared file another run may be writing.
    return execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf, encoding: "utf8" });
  }

  it("the driver prints the request's label (its number, the signed QR the pickup reads); another driver gets a 404", async () => {
    const r = await aRequest({ petName: "Pepper", serviceType: null });
    const run = await build(manager.headers, { requestIds: [r.id] });
    const { res, bytes } = await label(driver.headers, run.body.id, r.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const text = readPdf(bytes, "run-label");
    expect(text).toContain(r.number);
    expect(text).toContain("Pepper");
    expect(text).toContain("printed by our driver");
    expect(await testDb.prisma.auditLog.count({ where: { action: "pickup_request.label_print", entityId: r.id } })).toBe(1);
    expect((await label(otherDriver.headers, run.body.id, r.id)).res.status).toBe(404);
    expect((await label(driver.headers, run.body.id, randomUUID())).res.status).toBe(404);
    // What its QR carries is the tag the pickup accepts.
    const { signLabelToken } = await import("@/lib/services/cases/tokens");
    const ok = await pickup(driver.headers, run.body.id, { requestId: r.id, tag: signLabelToken(r.number), serviceType: "private" });
    expect(ok.status).toBe(201);
    // Picked up: the case's own label, a custody event of the case.
    const again = await label(driver.headers, run.body.id, r.id);
    expect(readPdf(again.bytes, "run-label-case")).toContain(ok.body.caseNumber);
    expect(await testDb.prisma.caseEvent.count({ where: { case: { uuid: r.id }, kind: "label_print" } })).toBe(1);
  });
});

describe("a pickup made without a signal", () => {
  async function offlineSetup() {
    const r = await aRequest();
    const run = await build(manager.headers, { requestIds: [r.id] });
    return { r, runId: run.body.id as string };
  }

  it("replayed twice records one pickup at the phone's time and answers the first answer again", async () => {
    const { r, runId } = await offlineSetup();
    const at = new Date(Date.now() - 2 * HOUR);
    const body = { requestId: r.id, clientUuid: randomUUID(), deviceTime: at.toISOString() };
    const first = await pickup(driver.headers, runId, body);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ created: true, offline: true, at: at.toISOString() });
    const again = await pickup(driver.headers, runId, body);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const kase = await testDb.prisma.memorialCase.findUniqueOrThrow({ where: { uuid: r.id }, include: { events: true } });
    expect(kase.events).toHaveLength(1);
    expect(kase.events[0]).toMatchObject({ offline: true, clientUuid: body.clientUuid, deviceTime: at });
    expect(kase.receivedAt).toEqual(at);
    expect(await testDb.prisma.offlineWrite.findMany({ where: { clientUuid: body.clientUuid } })).toEqual([expect.objectContaining({ kind: "run-pickup", outcome: "recorded", responseStatus: 201 })]);
  });

  it("concurrent replays of one pickup make one case", async () => {
    const { r, runId } = await offlineSetup();
    const body = { requestId: r.id, clientUuid: randomUUID(), deviceTime: new Date(Date.now() - HOUR).toISOString() };
    const answers = await Promise.all(Array.from({ length: 5 }, () => pickup(driver.headers, runId, body)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.caseNumber)).size).toBe(1);
    expect(await testDb.prisma.memorialCase.count({ where: { uuid: r.id } })).toBe(1);
    expect(await testDb.prisma.caseEvent.count({ where: { case: { uuid: r.id } } })).toBe(1);
  });

  it("two phones' pickups of one pet (two uuids): one case, the second answers the first", async () => {
    const { r, runId } = await offlineSetup();
    const answers = await Promise.all([
      pickup(driver.headers, runId, { requestId: r.id, clientUuid: randomUUID(), deviceTime: new Date(Date.now() - HOUR).toISOString() }),
      pickup(manager.headers, runId, { requestId: r.id, clientUuid: randomUUID(), deviceTime: new Date(Date.now() - HOUR).toISOString() }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(await testDb.prisma.memorialCase.count({ where: { uuid: r.id } })).toBe(1);
  });

  it("a refusal is stored and repeated; the device-time rule; a uuid reused by another person is a 409", async () => {
    const { r, runId } = await offlineSetup();
    const other = await aRequest();
    const refused = { requestId: r.id, tag: other.number, clientUuid: randomUUID(), deviceTime: new Date(Date.now() - HOUR).toISOString() };
    const first = await pickup(driver.headers, runId, refused);
    expect(first).toMatchObject({ status: 409, body: { reason: "TAG_MISMATCH" } });
    // Even with the right tag now, the uuid's answer is the stored refusal.
    const again = await pickup(driver.headers, runId, { ...refused, tag: r.number });
    expect(again).toMatchObject({ status: 409, body: { reason: "TAG_MISMATCH" } });
    expect(await testDb.prisma.memorialCase.count({ where: { uuid: r.id } })).toBe(0);

    const future = await pickup(driver.headers, runId, { requestId: r.id, clientUuid: randomUUID(), deviceTime: new Date(Date.now() + 10 * 60_000).toISOString() });
    expect(future).toMatchObject({ status: 400, body: { field: "deviceTime", message: deviceTimeMessage("in-future", "pickup") } });
    const old = await pickup(driver.headers, runId, { requestId: r.id, clientUuid: randomUUID(), deviceTime: new Date(Date.now() - 73 * HOUR).toISOString() });
    expect(old).toMatchObject({ status: 400, body: { field: "deviceTime", message: deviceTimeMessage("too-old", "pickup") } });
    names(await pickup(driver.headers, runId, { requestId: r.id, clientUuid: randomUUID() }), "deviceTime");

    const reused = await pickup(manager.headers, runId, { ...refused, tag: r.number });
    expect(reused).toMatchObject({ status: 409, body: { message: OFFLINE_UUID_REUSED["run-pickup"] } });
  });
});

describe("the picked_up station on a case scanned directly", () => {
  it("is only first: refused after intake; needs who handed the pet over and their signature", async () => {
    const kase = await createMemorialCase(testDb.prisma, { createdById: admin.id });
    const scan = (body: Record<string, unknown>) => call(scanHandler, { method: "POST", path: `/api/cases/${kase.number}/scans`, headers: driver.headers, params: { number: kase.number }, body: { clientUuid: randomUUID(), station: "picked_up", ...body } });
    names(await scan({ signature: PNG }), "releasedBy");
    names(await scan({ releasedBy: "Dr. Vance" }), "signature");
    const ok = await scan({ releasedBy: "Dr. Vance", signature: PNG, place: { latitude: 1, longitude: 2 } });
    expect(ok.status).toBe(201);
    expect(ok.body.event).toMatchObject({ seq: 1, station: "picked_up", details: { releasedBy: "Dr. Vance", hasSignature: true, place: { latitude: 1, longitude: 2, accuracyMeters: null } } });
    expect(ok.body.case.nextStation).toBe("intake");
    expect((await scan({ releasedBy: "Dr. Vance", signature: PNG })).body).toMatchObject({ reason: "ALREADY_AT_STATION" });
    const intake = await call(scanHandler, { method: "POST", path: `/api/cases/${kase.number}/scans`, headers: driver.headers, params: { number: kase.number }, body: { clientUuid: randomUUID(), station: "intake", releasedBy: "x" } });
    names(intake, "releasedBy");
    expect((await verify(driver.headers, kase.number)).body.intact).toBe(true);
  });

  it("a run's date may be any day; the driver's today list shows only today's", async () => {
    const tomorrow = await build(manager.headers, { runDate: addDays(today(), 1), requestIds: [(await aRequest()).id] });
    const mine = await call(todayHandler, { method: "GET", path: "/api/runs/today", headers: driver.headers });
    expect(mine.body.runs.map((r: { id: string }) => r.id)).not.toContain(tomorrow.body.id);
  });
});
