/**
 * Schedule planning (docs/schedules.md "Templates", "Availability", "Conflicts"): saving a week
 * as a template and applying it (holidays skipped on request, a DST week, overlaps reported by
 * the exclusion constraint, idempotent again), copying last week, availability with approval
 * and the setting, and the conflicts the grid draws from the week's answer.
 */
import { GET as weekHandler } from "@/app/api/schedule/route";
import { POST as createHandler } from "@/app/api/schedule/shifts/route";
import { GET as listHandler, POST as saveHandler } from "@/app/api/schedule/templates/route";
import { DELETE as deleteTemplateHandler } from "@/app/api/schedule/templates/[id]/route";
import { POST as applyHandler } from "@/app/api/schedule/templates/[id]/apply/route";
import { POST as copyHandler } from "@/app/api/schedule/copy-week/route";
import { PUT as settingsHandler } from "@/app/api/schedule/settings/route";
import { GET as myAvailabilityHandler, POST as submitHandler } from "@/app/api/availability/route";
import { GET as pendingHandler } from "@/app/api/availability/pending/route";
import { POST as decideHandler } from "@/app/api/availability/[id]/decision/route";
import { shiftConflicts } from "@/lib/schedule/conflicts";
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
    await person(testDb.prisma, "manager", { firstName: "Priya", lastName: "Shah" }),
    await person(testDb.prisma, "manager"),
    await person(testDb.prisma, "staff", { firstName: "Ana", lastName: "Lee" }),
    await person(testDb.prisma, "staff", { firstName: "Ben", lastName: "Ortiz" }),
    await person(testDb.prisma, "staff", { firstName: "Cy", lastName: "Park" }),
  ];
  unitId = (await unitWith(testDb.prisma, manager.id, ana.id, ben.id, cy.id)).id;
  otherUnitId = (await unitWith(testDb.prisma, otherManager.id, cy.id)).id;
});

const create = (who: Who, body: Record<string, unknown>) => call(createHandler, { method: "POST", path: "/api/schedule/shifts", headers: who.headers, body: { unitId, ...body } });
const save = (who: Who, body: Record<string, unknown>) => call(saveHandler, { method: "POST", path: "/api/schedule/templates", headers: who.headers, body });
const list = (who: Who) => call(listHandler, { method: "GET", path: "/api/schedule/templates", headers: who.headers });
const apply = (who: Who, id: string, body: Record<string, unknown>) => call(applyHandler, { method: "POST", path: `/api/schedule/templates/${id}/apply`, headers: who.headers, params: { id }, body });
const copy = (who: Who, body: Record<string, unknown>) => call(copyHandler, { method: "POST", path: "/api/schedule/copy-week", headers: who.headers, body });
const week = (who: Who, day: string) => call(weekHandler, { method: "GET", path: `/api/schedule?week=${day}`, headers: who.headers });
const submit = (who: Who, body: Record<string, unknown>) => call(submitHandler, { method: "POST", path: "/api/availability", headers: who.headers, body });
const pending = (who: Who) => call(pendingHandler, { method: "GET", path: "/api/availability/pending", headers: who.headers });
const decide = (who: Who, id: string, decision: string, note?: string) => call(decideHandler, { method: "POST", path: `/api/availability/${id}/decision`, headers: who.headers, params: { id }, body: { decision, note } });
const settings = (who: Who, availabilityRequiresApproval: boolean) => call(settingsHandler, { method: "PUT", path: "/api/schedule/settings", headers: who.headers, body: { availabilityRequiresApproval } });
const shiftsOf = (userId: string | null, from: string, to: string) =>
  testDb.prisma.shift.findMany({ where: { userId, unitId, startsAt: { gte: new Date(from), lt: new Date(to) } }, orderBy: { startsAt: "asc" } });

describe("templates", () => {
  let standard: string;

  beforeAll(async () => {
    // The week of Mon 2030-12-09: Ana Monday, Ben a Tuesday night, an open Wednesday.
    for (const body of [
      { userId: ana.id, startsAt: "2030-12-09T08:00", endsAt: "2030-12-09T16:30", breakMinutes: 30, roleLabel: "Front desk" },
      { userId: ben.id, startsAt: "2030-12-10T22:00", endsAt: "2030-12-11T06:00" },
      { startsAt: "2030-12-11T09:00", endsAt: "2030-12-11T17:00", note: "Cover the crematory" },
    ]) {
      expect((await create(manager, body)).status).toBe(201);
    }
    // Another department's shift that week: not the manager's to save.
    expect((await create(otherManager, { unitId: otherUnitId, userId: cy.id, startsAt: "2030-12-12T08:00", endsAt: "2030-12-12T12:00" })).status).toBe(201);
  });

  it("saves the week's shifts of the caller's departments as a named template", async () => {
    const saved = await save(manager, { name: "Standard week", week: "2030-12-12" });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ name: "Standard week", shiftCount: 3, departments: [expect.any(String)], createdByName: "Priya Shah" });
    standard = saved.body.id;
    const rows = await testDb.prisma.shiftTemplateShift.findMany({ where: { templateId: standard }, orderBy: { weekday: "asc" } });
    expect(rows.map((r) => [r.weekday, r.startMinute, r.lengthMinutes, r.breakMinutes])).toEqual([
      [1, 480, 510, 30],
      [2, 1320, 480, 0],
      [3, 540, 480, 0],
    ]);
    // The same name again: 409 naming it; an empty week: 400 naming the week.
    const again = await save(manager, { name: "Standard week", week: "2030-12-12" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("A template with this name already exists");
    const empty = await save(manager, { name: "Nothing", week: "2031-06-02" });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/^week/);
  });

  it("lists a template only to those who schedule all its departments", async () => {
    expect((await list(manager)).body.templates.map((t: { name: string }) => t.name)).toContain("Standard week");
    expect((await list(admin)).body.templates.map((t: { name: string }) => t.name)).toContain("Standard week");
    expect((await list(otherManager)).body.templates.map((t: { name: string }) => t.name)).not.toContain("Standard week");
    expect((await list(ana)).status).toBe(403);
    expect((await apply(otherManager, standard, { from: "2030-12-16", to: "2030-12-22" })).status).toBe(404);
    expect((await apply(ana, standard, { from: "2030-12-16", to: "2030-12-22" })).status).toBe(403);
  });

  it("applies to a range as drafts, skipping holidays on request and reporting overlaps", async () => {
    // Ana already works Monday 2030-12-23 10:00–12:00; Wednesday is Christmas Day.
    expect((await create(manager, { userId: ana.id, startsAt: "2030-12-23T10:00", endsAt: "2030-12-23T12:00" })).status).toBe(201);
    const result = await apply(manager, standard, { from: "2030-12-23", to: "2030-12-29", skipHolidays: true });
    expect(result.status).toBe(200);
    expect(result.body.added).toBe(1);
    expect(result.body.summary).toBe("1 shift added, 2 skipped");
    expect(result.body.skipped).toEqual([
      { reason: "overlap", day: "2030-12-23", message: "Ana Lee · Mon, Dec 23 8:00–4:30: overlaps another of their shifts" },
      { reason: "holiday", day: "2030-12-25", message: "Wed, Dec 25: Christmas Day (a holiday)" },
    ]);
    const [night] = await shiftsOf(ben.id, "2030-12-24T00:00Z", "2030-12-26T00:00Z");
    expect(night).toMatchObject({ status: "draft", startsAt: new Date("2030-12-25T04:00:00Z"), endsAt: new Date("2030-12-25T12:00:00Z") });
    expect(await testDb.prisma.shiftChange.count({ where: { shiftId: night.id, action: "created" } })).toBe(1);
    // Again, without skipping holidays: only the open Christmas shift is new; the rest is there already.
    const again = await apply(manager, standard, { from: "2030-12-23", to: "2030-12-29" });
    expect(again.body).toMatchObject({ added: 1, summary: "1 shift added, 2 skipped" });
    expect(again.body.skipped.map((s: { reason: string }) => s.reason)).toEqual(["overlap", "already_scheduled"]);
    expect(await shiftsOf(null, "2030-12-25T00:00Z", "2030-12-26T00:00Z")).toHaveLength(1);
    // And again: nothing more (the open shift is not doubled).
    expect((await apply(manager, standard, { from: "2030-12-23", to: "2030-12-29" })).body.added).toBe(0);
    expect(await shiftsOf(null, "2030-12-25T00:00Z", "2030-12-26T00:00Z")).toHaveLength(1);
  });

  it("keeps the wall clock across a DST week: a Saturday night lasts 9 h, a 24-hour shift is skipped", async () => {
    for (const body of [
      { userId: ben.id, startsAt: "2031-01-11T22:00", endsAt: "2031-01-12T06:00" },
      { userId: cy.id, startsAt: "2031-01-11T08:00", endsAt: "2031-01-12T08:00", breakMinutes: 60 },
    ]) {
      expect((await create(manager, body)).status).toBe(201);
    }
    const nights = await save(admin, { name: "Weekend nights", week: "2031-01-06", unitId });
    expect(nights.status).toBe(201);
    const result = await apply(manager, nights.body.id, { from: "2026-10-26", to: "2026-11-01" });
    expect(result.body.added).toBe(1);
    expect(result.body.skipped).toEqual([{ reason: "too_long", day: "2026-10-31", message: "Cy Park · Sat, Oct 31 8:00–8:00: longer than 24 hours on this day (a DST change)" }]);
    const [night] = await shiftsOf(ben.id, "2026-10-31T00:00Z", "2026-11-02T00:00Z");
    expect((night.endsAt.getTime() - night.startsAt.getTime()) / 3_600_000).toBe(9);
    expect(night.endsAt.toISOString()).toBe("2026-11-01T12:00:00.000Z");
  });

  it("adds an open shift once when two applications race", async () => {
    const [a, b] = await Promise.all([apply(manager, standard, { from: "2031-04-09", to: "2031-04-09" }), apply(admin, standard, { from: "2031-04-09", to: "2031-04-09" })]);
    expect([a.body.added, b.body.added].sort()).toEqual([0, 1]);
    expect(await shiftsOf(null, "2031-04-09T00:00Z", "2031-04-10T00:00Z")).toHaveLength(1);
  });

  it("answers 400 naming the field", async () => {
    const backwards = await apply(manager, standard, { from: "2030-12-29", to: "2030-12-23" });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toMatch(/^to/);
    expect((await apply(manager, standard, { from: "2030-01-01", to: "2030-03-01" })).body.message).toMatch(/to must be within 31 days/);
    expect((await apply(manager, standard, { from: "2030-02-30", to: "2030-03-01" })).body.message).toMatch(/from/);
    expect((await save(manager, { name: "", week: "2030-12-09" })).body.message).toMatch(/name/);
  });

  it("deletes a template (others' answer 404)", async () => {
    const t = await save(manager, { name: "Short-lived", week: "2030-12-09" });
    const del = (who: Who) => call(deleteTemplateHandler, { method: "DELETE", path: `/api/schedule/templates/${t.body.id}`, headers: who.headers, params: { id: t.body.id } });
    expect((await del(otherManager)).status).toBe(404);
    expect((await del(manager)).status).toBe(200);
    expect(await testDb.prisma.shiftTemplate.count({ where: { id: t.body.id } })).toBe(0);
  });
});

describe("copy last week", () => {
  it("copies the previous week's shifts as drafts on the same weekdays and clock times, once", async () => {
    expect((await create(manager, { userId: ana.id, startsAt: "2031-02-03T08:00", endsAt: "2031-02-03T16:30", breakMinutes: 30 })).status).toBe(201);
    expect((await create(manager, { startsAt: "2031-02-07T22:00", endsAt: "2031-02-08T06:00", roleLabel: "On call" })).status).toBe(201);
    // Ana is already on Monday the 10th from 15:00: her copy overlaps.
    expect((await create(manager, { userId: ana.id, startsAt: "2031-02-10T15:00", endsAt: "2031-02-10T18:00" })).status).toBe(201);
    const result = await copy(manager, { week: "2031-02-12" });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ added: 1, summary: "1 shift added, 1 skipped" });
    expect(result.body.skipped[0].reason).toBe("overlap");
    const [open] = await shiftsOf(null, "2031-02-14T00:00Z", "2031-02-16T00:00Z");
    expect(open).toMatchObject({ status: "draft", roleLabel: "On call", startsAt: new Date("2031-02-15T04:00:00Z"), endsAt: new Date("2031-02-15T12:00:00Z") });
    expect((await copy(manager, { week: "2031-02-12" })).body).toMatchObject({ added: 0, summary: "0 shifts added, 2 skipped" });
    // A manager of another department copies nothing of this one; staff may not.
    expect((await copy(otherManager, { week: "2031-02-12" })).body.added).toBe(0);
    expect((await copy(ana, { week: "2031-02-12" })).status).toBe(403);
    expect((await copy(manager, { week: "2031-02-12", unitId: otherUnitId })).status).toBe(403);
    expect((await copy(manager, { week: "12/02/2031" })).body.message).toMatch(/^week/);
  });
});

describe("availability", () => {
  const weekly = [
    { weekday: 1, from: "08:00", to: "17:00", kind: "available" },
    { weekday: 2, from: "00:00", to: "24:00", kind: "unavailable" },
  ];

  it("waits for a manager's approval, then shows on the grid", async () => {
    const sent = await submit(ana, { blocks: weekly, note: "School run on Tuesdays" });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ status: "pending", day: null, memberName: "Ana Lee" });
    // Not yet on the grid; the manager of her department sees it, another department's does not.
    expect((await week(manager, "2031-03-03")).body.availability.filter((a: { userId: string }) => a.userId === ana.id)).toEqual([]);
    expect((await pending(manager)).body.requests.map((r: { id: string }) => r.id)).toContain(sent.body.id);
    expect((await pending(otherManager)).body.requests.map((r: { id: string }) => r.id)).not.toContain(sent.body.id);
    expect((await pending(ana)).status).toBe(403);
    expect((await decide(otherManager, sent.body.id, "approve")).status).toBe(404);
    expect((await decide(ana, sent.body.id, "approve")).status).toBe(403);
    const approved = await decide(manager, sent.body.id, "approve", "Fine");
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: "approved", decidedByName: "Priya Shah", decisionNote: "Fine" });
    expect((await decide(manager, sent.body.id, "approve")).status).toBe(200);
    expect((await decide(manager, sent.body.id, "decline")).status).toBe(409);
    const grid = (await week(manager, "2031-03-03")).body;
    expect(grid.availability.filter((a: { userId: string }) => a.userId === ana.id)).toEqual([
      { userId: ana.id, day: "2031-03-03", blocks: [{ from: "08:00", to: "17:00", kind: "available" }], exception: false },
      { userId: ana.id, day: "2031-03-04", blocks: [{ from: "00:00", to: "24:00", kind: "unavailable" }], exception: false },
    ]);
    const mine = (await call(myAvailabilityHandler, { method: "GET", path: "/api/availability", headers: ana.headers })).body;
    expect(mine).toMatchObject({ requiresApproval: true, weekly });
  });

  it("replaces a pending change with a newer one; a declined one stays out of force", async () => {
    const first = await submit(ben, { blocks: [{ weekday: 5, from: "06:00", to: "14:00", kind: "preferred" }] });
    const second = await submit(ben, { blocks: [{ weekday: 5, from: "07:00", to: "15:00", kind: "preferred" }] });
    expect((await testDb.prisma.availabilityRequest.findUniqueOrThrow({ where: { id: first.body.id } })).status).toBe("superseded");
    expect((await decide(manager, first.body.id, "approve")).status).toBe(409);
    expect((await decide(manager, second.body.id, "decline", "We need you Fridays")).body.status).toBe("declined");
    expect((await week(manager, "2031-03-03")).body.availability.filter((a: { userId: string }) => a.userId === ben.id)).toEqual([]);
  });

  it("keeps one pending change when two arrive at once", async () => {
    const blocks = (from: string) => [{ weekday: 4, from, to: "17:00", kind: "available" }];
    const answers = await Promise.all([submit(cy, { blocks: blocks("08:00") }), submit(cy, { blocks: blocks("09:00") }), submit(cy, { blocks: blocks("10:00") })]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(await testDb.prisma.availabilityRequest.count({ where: { userId: cy.id, day: null, status: "pending" } })).toBe(1);
    expect(await testDb.prisma.availabilityRequest.count({ where: { userId: cy.id, day: null, status: "superseded" } })).toBe(2);
  });

  it("is in force at once when the setting needs no approval; a date's exception replaces the pattern that day", async () => {
    expect((await settings(manager, false)).status).toBe(403);
    expect((await settings(admin, false)).body).toEqual({ availabilityRequiresApproval: false });
    const exception = await submit(ana, { day: "2031-03-04", blocks: [{ from: "12:00", to: "20:00", kind: "available" }] });
    expect(exception.body.status).toBe("approved");
    const changed = await submit(ana, { blocks: [{ weekday: 1, from: "09:00", to: "17:00", kind: "available" }] });
    expect(changed.body.status).toBe("approved");
    expect(await testDb.prisma.availabilityRequest.count({ where: { userId: ana.id, status: "approved" } })).toBe(2);
    const grid = (await week(manager, "2031-03-03")).body;
    expect(grid.availability.filter((a: { userId: string }) => a.userId === ana.id)).toEqual([
      { userId: ana.id, day: "2031-03-03", blocks: [{ from: "09:00", to: "17:00", kind: "available" }], exception: false },
      { userId: ana.id, day: "2031-03-04", blocks: [{ from: "12:00", to: "20:00", kind: "available" }], exception: true },
    ]);
    expect((await settings(admin, true)).body).toEqual({ availabilityRequiresApproval: true });
  });

  it("answers 400 naming the field", async () => {
    const overlapping = await submit(cy, { blocks: [{ weekday: 1, from: "08:00", to: "12:00", kind: "available" }, { weekday: 1, from: "11:00", to: "13:00", kind: "unavailable" }] });
    expect(overlapping.status).toBe(400);
    expect(overlapping.body.message).toMatch(/blocks.1 overlaps blocks.0/);
    expect((await submit(cy, { blocks: [{ weekday: 1, from: "18:00", to: "08:00", kind: "available" }] })).body.message).toMatch(/blocks.0.to must be after from/);
    expect((await submit(cy, { blocks: [{ weekday: 7, from: "08:00", to: "09:00", kind: "available" }] })).body.message).toMatch(/weekday/);
    expect((await submit(cy, { blocks: [{ weekday: 1, from: "8:00", to: "09:00", kind: "available" }] })).body.message).toMatch(/from must be a time/);
    expect((await submit(cy, { blocks: [{ weekday: 1, from: "08:00", to: "09:00", kind: "busy" }] })).body.message).toMatch(/kind/);
    expect((await submit(cy, { day: "2031-02-30", blocks: [] })).body.message).toMatch(/day/);
    expect((await settings(admin, "yes" as unknown as boolean)).body.message).toMatch(/availabilityRequiresApproval/);
  });
});

describe("conflicts on the grid", () => {
  it("finds a shift outside availability, on unavailable time and on approved time off from the week's answer", async () => {
    const type = await testDb.prisma.timeOffType.findUniqueOrThrow({ where: { key: "vacation" } });
    await testDb.prisma.timeOffRequest.create({
      data: { userId: ana.id, typeId: type.id, startDay: new Date("2031-03-06"), endDay: new Date("2031-03-06"), minutesPerDay: 480, minutes: 480, status: "approved" },
    });
    const data = (await week(manager, "2031-03-03")).body;
    const kinds = (startsAt: string, endsAt: string) => shiftConflicts({ userId: ana.id, startsAt, endsAt, breakMinutes: 0 }, data, "Ana Lee").map((c) => c.kind);
    // Monday 9:00–17:00 available (Chicago: UTC−6).
    expect(kinds("2031-03-03T15:00:00Z", "2031-03-03T23:00:00Z")).toEqual([]);
    expect(kinds("2031-03-03T14:00:00Z", "2031-03-03T23:00:00Z")).toEqual(["outside_availability"]);
    expect(kinds("2031-03-06T15:00:00Z", "2031-03-06T19:00:00Z")).toEqual(["time_off"]);
  });
});
