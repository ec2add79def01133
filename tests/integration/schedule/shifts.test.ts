/**
 * Shifts (docs/schedules.md): the database's no-overlap rule (DST nights included), the 400s
 * that name the field, who may plan which department, publishing (one notification per member),
 * a change to a published shift, the open-shift claim race and one's own schedule.
 */
import { randomUUID } from "node:crypto";
import { GET as weekHandler } from "@/app/api/schedule/route";
import { POST as createHandler } from "@/app/api/schedule/shifts/route";
import { DELETE as deleteHandler, GET as getHandler, PATCH as patchHandler } from "@/app/api/schedule/shifts/[id]/route";
import { POST as claimHandler } from "@/app/api/schedule/shifts/[id]/claim/route";
import { POST as publishHandler } from "@/app/api/schedule/publish/route";
import { GET as meHandler } from "@/app/api/schedule/me/route";
import { addDays, businessToday } from "@/lib/dates";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person, unitWith } from "../tasks/fixtures";

const testDb = useTestDatabase();
type Who = Awaited<ReturnType<typeof person>>;
let admin: Who, manager: Who, otherManager: Who, ana: Who, ben: Who, cy: Who;
let unitId: string, otherUnitId: string;

beforeAll(async () => {
  [admin, manager, otherManager, ana, ben, cy] = [
    await person(testDb.prisma, "admin"),
    await person(testDb.prisma, "manager"),
    await person(testDb.prisma, "manager"),
    await person(testDb.prisma, "staff", { firstName: "Ana", lastName: "Lee" }),
    await person(testDb.prisma, "staff", { firstName: "Ben", lastName: "Ortiz" }),
    await person(testDb.prisma, "staff", { firstName: "Cy", lastName: "Park" }),
  ];
  unitId = (await unitWith(testDb.prisma, manager.id, ana.id, ben.id, cy.id)).id;
  otherUnitId = (await unitWith(testDb.prisma, otherManager.id)).id;
});

const create = (who: Who, body: Record<string, unknown>) => call(createHandler, { method: "POST", path: "/api/schedule/shifts", headers: who.headers, body: { unitId, ...body } });
const patch = (who: Who, id: string, body: Record<string, unknown>) => call(patchHandler, { method: "PATCH", path: `/api/schedule/shifts/${id}`, headers: who.headers, params: { id }, body });
const claim = (who: Who, id: string) => call(claimHandler, { method: "POST", path: `/api/schedule/shifts/${id}/claim`, headers: who.headers, params: { id } });
const publish = (who: Who, from: string, to: string) => call(publishHandler, { method: "POST", path: "/api/schedule/publish", headers: who.headers, body: { from, to, unitId } });
const alertsOf = (userId: string) => testDb.prisma.alertRecipient.findMany({ where: { userId, alert: { kind: "schedule" } }, select: { alert: { select: { message: true, emails: { select: { body: true } } } } } });

describe("the no-overlap rule", () => {
  it("refuses a second overlapping shift of one member with 409, in the database too", async () => {
    const first = await create(manager, { userId: ana.id, startsAt: "2030-03-04T08:00", endsAt: "2030-03-04T16:30", breakMinutes: 30, roleLabel: "Front desk" });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ userId: ana.id, memberName: "Ana Lee", status: "draft", breakMinutes: 30, roleLabel: "Front desk", startsAt: "2030-03-04T14:00:00.000Z", endsAt: "2030-03-04T22:30:00.000Z" });
    const overlapping = await create(manager, { userId: ana.id, startsAt: "2030-03-04T16:00", endsAt: "2030-03-04T20:00" });
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.message).toMatch(/already has a shift/);
    // Back to back is fine (half-open ranges); the same hours as an open shift too.
    expect((await create(manager, { userId: ana.id, startsAt: "2030-03-04T16:30", endsAt: "2030-03-04T20:00" })).status).toBe(201);
    expect((await create(manager, { startsAt: "2030-03-04T08:00", endsAt: "2030-03-04T16:30" })).status).toBe(201);
    // The constraint holds without the app.
    await expect(
      testDb.prisma.$executeRaw`INSERT INTO shifts (user_id, unit_id, starts_at, ends_at, created_by_id, updated_at) VALUES (${ana.id}::uuid, ${unitId}::uuid, '2030-03-04T15:00Z', '2030-03-04T18:00Z', ${manager.id}::uuid, now())`,
    ).rejects.toThrow(/shifts_no_overlap/);
    // Moving another shift onto it is refused the same way.
    const other = await create(manager, { userId: ana.id, startsAt: "2030-03-05T08:00", endsAt: "2030-03-05T12:00" });
    expect((await patch(manager, other.body.id, { startsAt: "2030-03-04T09:00", endsAt: "2030-03-04T12:00" })).status).toBe(409);
  });

  it("counts a DST night in instants: fall back is 9 h, spring forward 7 h, and the next morning may start at 6:00", async () => {
    const fall = await create(manager, { userId: ben.id, startsAt: "2026-10-31T22:00", endsAt: "2026-11-01T06:00" });
    expect(fall.status).toBe(201);
    expect((Date.parse(fall.body.endsAt) - Date.parse(fall.body.startsAt)) / 3_600_000).toBe(9);
    expect(fall.body.endsAt).toBe("2026-11-01T12:00:00.000Z");
    // 1:30 on the night of the change is inside the shift whichever of the two 1:30s it is.
    expect((await create(manager, { userId: ben.id, startsAt: "2026-11-01T01:30", endsAt: "2026-11-01T03:00" })).status).toBe(409);
    expect((await create(manager, { userId: ben.id, startsAt: "2026-11-01T06:00", endsAt: "2026-11-01T10:00" })).status).toBe(201);
    const spring = await create(manager, { userId: ben.id, startsAt: "2027-03-13T22:00", endsAt: "2027-03-14T06:00" });
    expect(spring.status).toBe(201);
    expect((Date.parse(spring.body.endsAt) - Date.parse(spring.body.startsAt)) / 3_600_000).toBe(7);
    // 8:00 to 7:30 the next day reads 23.5 h on the wall, but the fall-back night makes it 24.5 h.
    const long = await create(manager, { userId: cy.id, startsAt: "2026-10-31T08:00", endsAt: "2026-11-01T07:30" });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/endsAt/);
  });
});

describe("bad input", () => {
  it.each([
    ["longer than 24 h", { startsAt: "2030-04-01T08:00", endsAt: "2030-04-02T09:00" }, "endsAt"],
    ["end before start", { startsAt: "2030-04-01T08:00", endsAt: "2030-04-01T07:00" }, "endsAt"],
    ["a date far out of range", { startsAt: "1900-04-01T08:00", endsAt: "1900-04-01T09:00" }, "startsAt"],
    ["no such day", { startsAt: "2030-02-30T08:00", endsAt: "2030-02-30T09:00" }, "startsAt"],
    ["a break as long as the shift", { startsAt: "2030-04-01T08:00", endsAt: "2030-04-01T09:00", breakMinutes: 60 }, "breakMinutes"],
    ["a non-existent member", { userId: randomUUID(), startsAt: "2030-04-01T08:00", endsAt: "2030-04-01T09:00" }, "userId"],
    ["a member of another department", { userId: "other", startsAt: "2030-04-01T08:00", endsAt: "2030-04-01T09:00" }, "userId"],
    ["a non-existent department", { unitId: randomUUID(), startsAt: "2030-04-01T08:00", endsAt: "2030-04-01T09:00" }, "unitId"],
  ])("%s: a 400 that names the field", async (_name, body, field) => {
    const sent = "userId" in body && body.userId === "other" ? { ...body, userId: otherManager.id } : body;
    const res = await call(createHandler, { method: "POST", path: "/api/schedule/shifts", headers: admin.headers, body: { unitId, ...sent } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
  });

  it("checks an edit's times against the stored ones", async () => {
    const shift = await create(manager, { userId: cy.id, startsAt: "2030-04-08T08:00", endsAt: "2030-04-08T12:00" });
    const res = await patch(manager, shift.body.id, { endsAt: "2030-04-08T07:00" });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("endsAt");
  });
});

describe("who plans which department", () => {
  it("lets managers plan their departments and admins all; staff and others get 401/403/404", async () => {
    const body = { startsAt: "2030-05-01T08:00", endsAt: "2030-05-01T12:00" };
    expect((await call(createHandler, { method: "POST", path: "/api/schedule/shifts", body: { unitId, ...body } })).status).toBe(401);
    expect((await create(ana, body)).status).toBe(403);
    expect((await create(otherManager, body)).status).toBe(403);
    const mine = await create(manager, body);
    expect(mine.status).toBe(201);
    expect((await call(getHandler, { path: `/api/schedule/shifts/${mine.body.id}`, headers: otherManager.headers, params: { id: mine.body.id } })).status).toBe(404);
    expect((await call(getHandler, { path: `/api/schedule/shifts/${mine.body.id}`, headers: admin.headers, params: { id: mine.body.id } })).status).toBe(200);
    const week = await call(weekHandler, { path: "/api/schedule?week=2030-05-01", headers: otherManager.headers });
    expect(week.status).toBe(200);
    expect(week.body.departments.map((d: { id: string }) => d.id)).toEqual([otherUnitId]);
    expect(week.body.shifts).toEqual([]);
  });

  it("answers a week with its days, holidays, members and shifts", async () => {
    await create(manager, { userId: cy.id, startsAt: "2030-12-25T09:00", endsAt: "2030-12-25T13:00" });
    const week = await call(weekHandler, { path: `/api/schedule?week=2030-12-25&unitId=${unitId}`, headers: manager.headers });
    expect(week.status).toBe(200);
    expect(week.body.weekStart).toBe("2030-12-23");
    expect(week.body.days).toHaveLength(7);
    expect(week.body.days.find((d: { date: string }) => d.date === "2030-12-25").holidays).toEqual(["Christmas Day"]);
    expect(week.body.departments[0].members.map((m: { name: string }) => m.name)).toEqual(expect.arrayContaining(["Ana Lee", "Ben Ortiz", "Cy Park"]));
    expect(week.body.shifts.map((s: { memberName: string }) => s.memberName)).toContain("Cy Park");
    expect(week.body.weeklyOvertimeMinutes).toBe(2400);
  });
});

describe("publishing", () => {
  it("tells each member once, listing their shifts; publishing again tells nobody; a change to a published shift tells the member", async () => {
    const day = "2030-06-03";
    await create(manager, { userId: ana.id, startsAt: `${day}T08:00`, endsAt: `${day}T16:30` });
    await create(manager, { userId: ana.id, startsAt: "2030-06-04T08:00", endsAt: "2030-06-04T16:30" });
    const benShift = await create(manager, { userId: ben.id, startsAt: "2030-06-05T08:00", endsAt: "2030-06-05T12:00" });
    await create(manager, { startsAt: "2030-06-06T08:00", endsAt: "2030-06-06T12:00" });
    const [anaBefore, benBefore] = [(await alertsOf(ana.id)).length, (await alertsOf(ben.id)).length];
    const res = await publish(manager, "2030-06-03", "2030-06-09");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ published: 4, notified: 2 });
    const anaAlerts = await alertsOf(ana.id);
    expect(anaAlerts.length - anaBefore).toBe(1);
    expect(anaAlerts.at(-1)!.alert.message).toMatch(/published your schedule: 2 shifts/);
    expect(anaAlerts.at(-1)!.alert.emails[0].body).toContain("Mon, Jun 3 8:00–4:30");
    expect((await alertsOf(ben.id)).length - benBefore).toBe(1);
    expect((await publish(manager, "2030-06-03", "2030-06-09")).body).toEqual({ published: 0, notified: 0 });
    // A change to a published shift: its member hears of it, and the history says who did what.
    const moved = await patch(manager, benShift.body.id, { startsAt: "2030-06-05T09:00", endsAt: "2030-06-05T13:00" });
    expect(moved.status).toBe(200);
    expect(moved.body.status).toBe("published");
    const benAlerts = await alertsOf(ben.id);
    expect(benAlerts.length - benBefore).toBe(2);
    expect(benAlerts.at(-1)!.alert.message).toMatch(/changed your shift: Wed, Jun 5 9:00–1:00/);
    const detail = await call(getHandler, { path: `/api/schedule/shifts/${benShift.body.id}`, headers: manager.headers, params: { id: benShift.body.id } });
    expect(detail.body.history.map((h: { action: string }) => h.action)).toEqual(["updated", "published", "created"]);
    expect(detail.body.history[0].summary).toMatch(/^Changed time: /);
    // Cancelling it tells Ben again.
    expect((await call(deleteHandler, { method: "DELETE", path: `/api/schedule/shifts/${benShift.body.id}`, headers: manager.headers, params: { id: benShift.body.id } })).status).toBe(200);
    expect((await alertsOf(ben.id)).length - benBefore).toBe(3);
  });

  it("keeps drafts off the member's own schedule until they are published", async () => {
    const from = addDays(businessToday(), 2);
    const shift = await create(manager, { userId: cy.id, roleLabel: "Crematory", startsAt: `${from}T07:00`, endsAt: `${from}T15:00` });
    const before = await call(meHandler, { path: "/api/schedule/me", headers: cy.headers });
    expect(before.status).toBe(200);
    expect(before.body.shifts.map((s: { id: string }) => s.id)).not.toContain(shift.body.id);
    await publish(manager, from, from);
    const after = await call(meHandler, { path: "/api/schedule/me", headers: cy.headers });
    expect(after.body.shifts.map((s: { id: string }) => s.id)).toContain(shift.body.id);
    expect(after.body.team).toEqual(expect.arrayContaining([{ memberName: "Cy Park", unitName: expect.any(String), startsAt: shift.body.startsAt, endsAt: shift.body.endsAt }]));
  });
});

describe("publish racing an edit", () => {
  it("ends published with the edit kept, and the member told of what they will work", async () => {
    const shift = await create(manager, { userId: ana.id, startsAt: "2030-07-01T08:00", endsAt: "2030-07-01T12:00" });
    const before = (await alertsOf(ana.id)).length;
    const [published, edited] = await Promise.all([publish(manager, "2030-07-01", "2030-07-01"), patch(manager, shift.body.id, { startsAt: "2030-07-01T09:00", endsAt: "2030-07-01T13:00" })]);
    expect([published.status, edited.status]).toEqual([200, 200]);
    const stored = await testDb.prisma.shift.findUniqueOrThrow({ where: { id: shift.body.id } });
    expect(stored.status).toBe("published");
    expect(stored.startsAt.toISOString()).toBe("2030-07-01T14:00:00.000Z");
    const told = (await alertsOf(ana.id)).slice(before).map((a) => a.alert);
    // Either the edit landed first (one publication, listing 9:00–1:00), or it waited for the
    // publication (which listed 8:00–12:00) and then told her of the change to 9:00–1:00.
    if (told.length === 1) {
      expect(told[0].message).toMatch(/published your schedule: 1 shift/);
      expect(told[0].emails[0].body).toContain("9:00–1:00");
    } else {
      expect(told).toHaveLength(2);
      expect(told[1].message).toMatch(/changed your shift: .*9:00–1:00/);
    }
  });
});

describe("claiming an open shift", () => {
  it("two claims at once: one winner, one 409", async () => {
    const day = addDays(businessToday(), 3);
    const open = await create(manager, { startsAt: `${day}T18:00`, endsAt: `${day}T22:00` });
    // A draft open shift cannot be claimed yet.
    expect((await claim(ana, open.body.id)).status).toBe(404);
    await publish(manager, day, day);
    const mine = await call(meHandler, { path: "/api/schedule/me", headers: ben.headers });
    expect(mine.body.openShifts.map((s: { id: string }) => s.id)).toContain(open.body.id);
    const results = await Promise.all([claim(ana, open.body.id), claim(ben, open.body.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!;
    const stored = await testDb.prisma.shift.findUniqueOrThrow({ where: { id: open.body.id } });
    expect(stored.userId).toBe(winner.body.userId);
    expect((await claim(cy, open.body.id)).status).toBe(409);
    // Someone outside the department does not see it.
    expect((await claim(otherManager, open.body.id)).status).toBe(404);
  });

  it("refuses a claim over one's own shift", async () => {
    const day = addDays(businessToday(), 4);
    await create(manager, { userId: cy.id, startsAt: `${day}T08:00`, endsAt: `${day}T12:00` });
    const open = await create(manager, { startsAt: `${day}T11:00`, endsAt: `${day}T15:00` });
    await publish(manager, day, day);
    const res = await claim(cy, open.body.id);
    expect(res.status).toBe(409);
  });
});
