/**
 * Time off (docs/schedules.md "Time off"): requests and their 400s, decisions by the managers of
 * the member's departments, balances as the ledger's sum (checked against a hand-computed ledger),
 * approving twice, declining and cancelling, and the notifications.
 */
import { GET as myHandler, POST as requestHandler } from "@/app/api/time-off/route";
import { GET as pendingHandler } from "@/app/api/time-off/pending/route";
import { POST as ledgerHandler } from "@/app/api/time-off/ledger/route";
import { POST as cancelHandler } from "@/app/api/time-off/[id]/cancel/route";
import { POST as decideHandler } from "@/app/api/time-off/[id]/decision/route";
import { GET as weekHandler } from "@/app/api/schedule/route";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person, unitWith } from "../tasks/fixtures";

const testDb = useTestDatabase();
type Who = Awaited<ReturnType<typeof person>>;
let admin: Who, manager: Who, otherManager: Who, ana: Who, ben: Who;
let types: Record<string, string>;

beforeAll(async () => {
  [admin, manager, otherManager, ana, ben] = [
    await person(testDb.prisma, "admin"),
    await person(testDb.prisma, "manager", { firstName: "Mia", lastName: "Cole" }),
    await person(testDb.prisma, "manager"),
    await person(testDb.prisma, "staff", { firstName: "Ana", lastName: "Lee" }),
    await person(testDb.prisma, "staff", { firstName: "Ben", lastName: "Ortiz" }),
  ];
  await unitWith(testDb.prisma, manager.id, ana.id, ben.id);
  await unitWith(testDb.prisma, otherManager.id);
  types = Object.fromEntries((await testDb.prisma.timeOffType.findMany()).map((t) => [t.key, t.id]));
});

const request = (who: Who, body: Record<string, unknown>) => call(requestHandler, { method: "POST", path: "/api/time-off", headers: who.headers, body });
const mine = (who: Who) => call(myHandler, { method: "GET", path: "/api/time-off", headers: who.headers });
const pending = (who: Who) => call(pendingHandler, { method: "GET", path: "/api/time-off/pending", headers: who.headers });
const decide = (who: Who, id: string, decision: "approve" | "decline", note?: string) =>
  call(decideHandler, { method: "POST", path: `/api/time-off/${id}/decision`, headers: who.headers, params: { id }, body: { decision, note } });
const cancel = (who: Who, id: string) => call(cancelHandler, { method: "POST", path: `/api/time-off/${id}/cancel`, headers: who.headers, params: { id } });
const ledger = (who: Who, body: Record<string, unknown>) => call(ledgerHandler, { method: "POST", path: "/api/time-off/ledger", headers: who.headers, body });
const balance = async (who: Who, key: string) => (await mine(who)).body.balances.find((b: { typeId: string }) => b.typeId === types[key])?.hours;

describe("the types", () => {
  it("are seeded: vacation, sick and bereavement paid, unpaid not; balances list the paid ones", async () => {
    const res = await mine(ana);
    expect(res.status).toBe(200);
    expect(res.body.types.map((t: { key: string; paid: boolean }) => [t.key, t.paid])).toEqual([
      ["vacation", true],
      ["sick", true],
      ["unpaid", false],
      ["bereavement", true],
    ]);
    expect(res.body.balances.map((b: { typeName: string; hours: number }) => [b.typeName, b.hours])).toEqual([
      ["Vacation", 0],
      ["Sick", 0],
      ["Bereavement", 0],
    ]);
  });
});

describe("bad input", () => {
  it("answers 400 naming the field", async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ typeId: types.vacation, startDay: "2030-05-10", endDay: "2030-05-09" }, /endDay/],
      [{ typeId: "00000000-0000-4000-8000-000000000000", startDay: "2030-05-10", endDay: "2030-05-10" }, /typeId/],
      [{ typeId: types.vacation, startDay: "2030-05-10", endDay: "2030-05-10", hoursPerDay: 0 }, /hoursPerDay/],
      [{ typeId: types.vacation, startDay: "2030-05-10", endDay: "2030-05-10", hoursPerDay: -2 }, /hoursPerDay/],
      [{ typeId: types.vacation, startDay: "2030-05-10", endDay: "2030-05-10", hoursPerDay: 25 }, /hoursPerDay/],
      [{ typeId: types.vacation, startDay: "2030-02-30", endDay: "2030-03-01" }, /startDay/],
      [{ typeId: types.vacation, startDay: "2030-05-01", endDay: "2030-06-15" }, /endDay/],
    ];
    for (const [body, field] of cases) {
      const res = await request(ana, body);
      expect([res.status, res.body.message]).toEqual([400, expect.stringMatching(field)]);
    }
    expect((await ledger(admin, { userId: ana.id, typeId: types.unpaid, kind: "grant", hours: 8, reason: "x" })).status).toBe(400);
    expect((await ledger(admin, { userId: ana.id, typeId: types.vacation, kind: "grant", hours: -8, reason: "x" })).body.message).toMatch(/hours/);
    expect((await ledger(admin, { userId: ana.id, typeId: types.vacation, kind: "grant", hours: 8, reason: "" })).body.message).toMatch(/reason/);
  });
});

describe("balances are the ledger's sum", () => {
  it("matches a hand-computed ledger through grants, approvals, a decline, a cancel and an adjustment", async () => {
    // Hand-computed: +80 grant, -24 (3 days approved), 0 (declined), -4 (4 h approved),
    // +4 (that one cancelled), -2.5 adjustment  = 53.5
    expect((await ledger(admin, { userId: ana.id, typeId: types.vacation, kind: "grant", hours: 80, reason: "2030 vacation" })).body).toMatchObject({ kind: "grant", hours: 80, balance: 80 });
    const week = await request(ana, { typeId: types.vacation, startDay: "2030-07-01", endDay: "2030-07-03", note: "Lake trip" });
    expect(week.status).toBe(201);
    expect(week.body).toMatchObject({ status: "pending", hours: 24, fullDays: true, hoursPerDay: 8, memberName: "Ana Lee", typeName: "Vacation" });
    expect(await balance(ana, "vacation")).toBe(80);

    const approved = await decide(manager, week.body.id, "approve", "Enjoy");
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: "approved", decisionNote: "Enjoy", decidedByName: "Mia Cole" });
    expect(await balance(ana, "vacation")).toBe(56);
    // Approving again is harmless: same answer, no second use row.
    const again = await decide(manager, week.body.id, "approve");
    expect([again.status, again.body.status]).toEqual([200, "approved"]);
    expect(await balance(ana, "vacation")).toBe(56);
    // Declining an approved request is refused.
    expect((await decide(manager, week.body.id, "decline")).status).toBe(409);

    const declined = await request(ana, { typeId: types.vacation, startDay: "2030-08-01", endDay: "2030-08-02" });
    expect((await decide(admin, declined.body.id, "decline", "Busy week")).body).toMatchObject({ status: "declined", decisionNote: "Busy week" });
    expect((await cancel(ana, declined.body.id)).status).toBe(409);
    expect(await balance(ana, "vacation")).toBe(56);

    const hours = await request(ana, { typeId: types.vacation, startDay: "2030-09-05", endDay: "2030-09-05", hoursPerDay: 4 });
    expect(hours.body).toMatchObject({ hours: 4, fullDays: false, hoursPerDay: 4 });
    await decide(manager, hours.body.id, "approve");
    expect(await balance(ana, "vacation")).toBe(52);
    expect((await cancel(ana, hours.body.id)).body.status).toBe("cancelled");
    expect((await cancel(ana, hours.body.id)).body.status).toBe("cancelled");
    expect(await balance(ana, "vacation")).toBe(56);

    expect((await ledger(admin, { userId: ana.id, typeId: types.vacation, kind: "adjustment", hours: -2.5, reason: "Correction" })).body.balance).toBe(53.5);
    expect(await balance(ana, "vacation")).toBe(53.5);

    const rows = await testDb.prisma.timeOffLedgerEntry.findMany({ where: { userId: ana.id, typeId: types.vacation }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => [r.kind, r.minutes / 60])).toEqual([
      ["grant", 80],
      ["use", -24],
      ["use", -4],
      ["adjustment", 4],
      ["adjustment", -2.5],
    ]);
    expect(rows.reduce((s, r) => s + r.minutes, 0) / 60).toBe(53.5);
  });

  it("takes nothing for an unpaid type, and a pending request can be cancelled", async () => {
    const unpaid = await request(ben, { typeId: types.unpaid, startDay: "2030-10-01", endDay: "2030-10-02" });
    expect((await decide(manager, unpaid.body.id, "approve")).body.status).toBe("approved");
    expect(await testDb.prisma.timeOffLedgerEntry.count({ where: { requestId: unpaid.body.id } })).toBe(0);
    const sick = await request(ben, { typeId: types.sick, startDay: "2030-10-05", endDay: "2030-10-05" });
    expect((await cancel(ben, sick.body.id)).body.status).toBe("cancelled");
    expect((await decide(manager, sick.body.id, "approve")).status).toBe(409);
  });

  it("the database refuses a second use row of one request", async () => {
    const r = await request(ben, { typeId: types.sick, startDay: "2030-11-01", endDay: "2030-11-01" });
    await decide(manager, r.body.id, "approve");
    await expect(
      testDb.prisma.timeOffLedgerEntry.create({ data: { userId: ben.id, typeId: types.sick, kind: "use", minutes: -480, reason: "again", actorId: manager.id, requestId: r.body.id } }),
    ).rejects.toThrow();
  });
});

describe("who decides", () => {
  it("a manager of another department gets 404 and does not see it pending; staff get 403; one's own request is not one's to decide", async () => {
    const r = await request(ana, { typeId: types.sick, startDay: "2030-12-01", endDay: "2030-12-01" });
    expect((await decide(otherManager, r.body.id, "approve")).status).toBe(404);
    expect((await pending(otherManager)).body.requests.map((x: { id: string }) => x.id)).not.toContain(r.body.id);
    expect((await decide(ben, r.body.id, "approve")).status).toBe(403);
    expect((await pending(ben)).status).toBe(403);
    expect((await cancel(ben, r.body.id)).status).toBe(404);
    expect((await pending(manager)).body.requests.map((x: { id: string }) => x.id)).toContain(r.body.id);
    expect((await pending(admin)).body.requests.map((x: { id: string }) => x.id)).toContain(r.body.id);
    expect((await ledger(manager, { userId: ana.id, typeId: types.vacation, kind: "grant", hours: 8, reason: "x" })).status).toBe(403);
    const own = await request(manager, { typeId: types.sick, startDay: "2030-12-02", endDay: "2030-12-02" });
    expect((await decide(manager, own.body.id, "approve")).status).toBe(404);
  });

  it("tells the managers of a new request and the member of the decision, once each", async () => {
    const r = await request(ben, { typeId: types.bereavement, startDay: "2031-01-05", endDay: "2031-01-06", note: "Funeral" });
    const toManager = await testDb.prisma.alert.findMany({ where: { kind: "schedule", subjectType: "time_off_request", subjectId: r.body.id } });
    expect(toManager.map((a) => [a.userId, a.message, a.href])).toEqual([[manager.id, "Ben Ortiz requests time off", "/schedule"]]);
    await decide(manager, r.body.id, "approve", "Sorry for your loss");
    await decide(manager, r.body.id, "approve");
    const toBen = await testDb.prisma.alert.findMany({ where: { kind: "schedule", subjectType: "time_off_decision", subjectId: r.body.id }, include: { emails: true } });
    expect(toBen.map((a) => [a.userId, a.message])).toEqual([[ben.id, "Mia Cole approved your time off"]]);
    expect(toBen[0].emails[0]?.body).toMatch(/Bereavement, 2031-01-05 to 2031-01-06 \(16 h\)[\s\S]*Sorry for your loss/);
  });
});

describe("on the week grid", () => {
  it("lists approved time off overlapping the week, not pending or cancelled", async () => {
    const approved = await request(ana, { typeId: types.vacation, startDay: "2031-02-01", endDay: "2031-02-04" });
    await decide(manager, approved.body.id, "approve");
    const waiting = await request(ana, { typeId: types.sick, startDay: "2031-02-05", endDay: "2031-02-05" });
    const week = await call(weekHandler, { method: "GET", path: "/api/schedule?week=2031-02-03", headers: manager.headers });
    expect(week.status).toBe(200);
    const ids = week.body.timeOff.map((t: { id: string }) => t.id);
    expect(ids).toContain(approved.body.id);
    expect(ids).not.toContain(waiting.body.id);
    expect(week.body.timeOff.find((t: { id: string }) => t.id === approved.body.id)).toMatchObject({ userId: ana.id, typeName: "Vacation", startDay: "2031-02-01", endDay: "2031-02-04", fullDays: true });
    // The other department's manager does not see Ana's.
    const other = await call(weekHandler, { method: "GET", path: "/api/schedule?week=2031-02-03", headers: otherManager.headers });
    expect(other.body.timeOff).toEqual([]);
  });
});
