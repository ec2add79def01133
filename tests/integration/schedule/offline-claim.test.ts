/**
 * An open shift claimed on a phone without a signal (docs/schedules.md "Offline claims"): sent
 * later through the shared replay ledger (withReplay) with the uuid and the time of the tap. It
 * counts if it lands first; a retry of the uuid answers the first answer (a refusal included)
 * without claiming again; the device-time rule and the shift's start are judged at the tap.
 */
import { randomUUID } from "node:crypto";
import { POST as claimHandler } from "@/app/api/schedule/shifts/[id]/claim/route";
import { addDays, businessToday } from "@/lib/dates";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person, unitWith } from "../tasks/fixtures";

const testDb = useTestDatabase();
type Who = Awaited<ReturnType<typeof person>>;
let manager: Who, ana: Who, ben: Who;
let unitId: string;

beforeAll(async () => {
  [manager, ana, ben] = [await person(testDb.prisma, "manager"), await person(testDb.prisma, "staff"), await person(testDb.prisma, "staff")];
  unitId = (await unitWith(testDb.prisma, manager.id, ana.id, ben.id)).id;
});

let offset = 2;
const openShift = (startsAt?: Date) => {
  const day = addDays(businessToday(), offset++);
  const from = startsAt ?? new Date(`${day}T14:00:00Z`);
  return testDb.prisma.shift.create({ data: { unitId, startsAt: from, endsAt: new Date(from.getTime() + 8 * 3_600_000), status: "published", createdById: manager.id } });
};
const claim = (who: Who, id: string, body: Record<string, unknown>) => call(claimHandler, { method: "POST", path: `/api/schedule/shifts/${id}/claim`, headers: who.headers, params: { id }, body });

describe("an offline claim", () => {
  it("is recorded once; a retry answers the first answer; another member's later replay is refused and keeps its refusal", async () => {
    const shift = await openShift();
    const tap = { clientUuid: randomUUID(), deviceTime: new Date(Date.now() - 60_000).toISOString() };
    const first = await claim(ana, shift.id, tap);
    expect(first.status).toBe(200);
    expect(first.body.userId).toBe(ana.id);
    const again = await claim(ana, shift.id, tap);
    expect([again.status, again.body]).toEqual([200, first.body]);
    expect(await testDb.prisma.shiftChange.count({ where: { shiftId: shift.id, action: "claimed" } })).toBe(1);
    expect(await testDb.prisma.offlineWrite.findUnique({ where: { clientUuid: tap.clientUuid } })).toMatchObject({ kind: "shift-claim", outcome: "recorded", userId: ana.id });

    const late = { clientUuid: randomUUID(), deviceTime: new Date(Date.now() - 30_000).toISOString() };
    const lost = await claim(ben, shift.id, late);
    expect([lost.status, lost.body.message]).toEqual([409, "Someone claimed this shift first"]);
    expect((await claim(ben, shift.id, late)).status).toBe(409);
    expect(await testDb.prisma.offlineWrite.findUnique({ where: { clientUuid: late.clientUuid } })).toMatchObject({ outcome: "refused", responseStatus: 409 });
    // A uuid is one write of one person.
    expect((await claim(ben, shift.id, tap)).status).toBe(409);
  });

  it("two replays at once for one shift: one winner", async () => {
    const shift = await openShift();
    const now = new Date().toISOString();
    const results = await Promise.all([claim(ana, shift.id, { clientUuid: randomUUID(), deviceTime: now }), claim(ben, shift.id, { clientUuid: randomUUID(), deviceTime: now })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("judges the device time: 400 naming deviceTime in the future or too old, 409 when the shift had started at the tap; both fields or neither", async () => {
    const shift = await openShift();
    const future = await claim(ana, shift.id, { clientUuid: randomUUID(), deviceTime: new Date(Date.now() + 3_600_000).toISOString() });
    expect([future.status, future.body.message]).toEqual([400, expect.stringMatching(/claim the shift again/)]);
    const old = await claim(ana, shift.id, { clientUuid: randomUUID(), deviceTime: new Date(Date.now() - 80 * 3_600_000).toISOString() });
    expect([old.status, old.body.message]).toEqual([400, expect.stringMatching(/72 hours/)]);
    expect((await claim(ana, shift.id, { clientUuid: randomUUID() })).body.message).toMatch(/deviceTime/);
    expect((await claim(ana, shift.id, { deviceTime: new Date().toISOString() })).body.message).toMatch(/clientUuid/);
    // A shift that started an hour ago, tapped two hours ago: the tap came first, but a started shift is not claimed.
    const started = await openShift(new Date(Date.now() - 3_600_000));
    const res = await claim(ana, started.id, { clientUuid: randomUUID(), deviceTime: new Date(Date.now() - 2 * 3_600_000).toISOString() });
    expect(res.status).toBe(200);
    const after = await claim(ben, started.id, { clientUuid: randomUUID(), deviceTime: new Date().toISOString() });
    expect(after.status).toBe(409);
  });

  it("over one's own shift: a stored 409", async () => {
    const mine = await openShift();
    await testDb.prisma.shift.update({ where: { id: mine.id }, data: { userId: ben.id } });
    const overlapping = await testDb.prisma.shift.create({
      data: { unitId, startsAt: new Date(mine.startsAt.getTime() + 3_600_000), endsAt: new Date(mine.endsAt.getTime() + 3_600_000), status: "published", createdById: manager.id },
    });
    const tap = { clientUuid: randomUUID(), deviceTime: new Date().toISOString() };
    const res = await claim(ben, overlapping.id, tap);
    expect([res.status, res.body.message]).toEqual([409, "This member already has a shift at that time"]);
    expect((await claim(ben, overlapping.id, tap)).status).toBe(409);
  });
});
