/**
 * Custody a family and an inspector can trust (docs/cases.md): a scan's time is the server's unless
 * it was queued offline; the certificate's verification code and the public page behind its QR;
 * the family page's contact details, its kind 404 and its 429.
 */
import { randomUUID } from "node:crypto";
import { POST as createHandler } from "@/app/api/cases/route";
import { GET as getHandler } from "@/app/api/cases/[number]/route";
import { POST as scanHandler } from "@/app/api/cases/[number]/scans/route";
import { GET as familyHandler } from "@/app/api/family/[token]/route";
import { PEER_ADDRESS_HEADER } from "@/lib/http/peer-address";
import { OFFLINE_MAX_AGE_HOURS } from "@/lib/offline/rules";
import { deviceTimeMessage } from "@/lib/offline/device-time";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { useUploadDir } from "@/tests/support/uploads";
import { person, unitWith } from "../tasks/fixtures";

const testDb = useTestDatabase();
useUploadDir();
type Who = Awaited<ReturnType<typeof person>>;
let staff: Who, manager: Who;

beforeAll(async () => {
  [staff, manager] = [await person(testDb.prisma), await person(testDb.prisma, "manager")];
  await unitWith(testDb.prisma, manager.id);
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
