/**
 * The schedule's remainder (docs/schedules.md): the warnings in the shift API's answer, the
 * notifications of availability changes and decisions, a member withdrawing their change or
 * exception (audited), and what a manager of another department sees and may do.
 */
import { GET as weekHandler } from "@/app/api/schedule/route";
import { POST as createHandler } from "@/app/api/schedule/shifts/route";
import { GET as getHandler, PATCH as patchHandler } from "@/app/api/schedule/shifts/[id]/route";
import { GET as templatesHandler } from "@/app/api/schedule/templates/route";
import { PUT as settingsHandler } from "@/app/api/schedule/settings/route";
import { GET as myAvailabilityHandler, POST as submitHandler } from "@/app/api/availability/route";
import { GET as pendingHandler } from "@/app/api/availability/pending/route";
import { POST as decideHandler } from "@/app/api/availability/[id]/decision/route";
import { POST as withdrawHandler } from "@/app/api/availability/[id]/withdraw/route";
import { GET as pendingTimeOffHandler } from "@/app/api/time-off/pending/route";
import { POST as decideTimeOffHandler } from "@/app/api/time-off/[id]/decision/route";
import { addDays, businessToday } from "@/lib/dates";
import { createShift as createShiftOp, updateShift as updateShiftOp } from "@/lib/schedule/contracts";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person, unitWith } from "../tasks/fixtures";

const testDb = useTestDatabase();
type Who = Awaited<ReturnType<typeof person>>;
let admin: Who, manager: Who, otherManager: Who, ana: Who, ben: Who, dee: Who;
let unitId: string, otherUnitId: string;

beforeAll(async () => {
  [admin, manager, otherManager, ana, ben, dee] = [
    await person(testDb.prisma, "admin"),
    await person(testDb.prisma, "manager", { firstName: "Priya", lastName: "Shah" }),
    await person(testDb.prisma, "manager", { firstName: "Omar", lastName: "Diaz" }),
    await person(testDb.prisma, "staff", { firstName: "Ana", lastName: "Lee" }),
    await person(testDb.prisma, "staff", { firstName: "Ben", lastName: "Ortiz" }),
    await person(testDb.prisma, "staff", { firstName: "Dee", lastName: "Fox" }),
  ];
  unitId = (await unitWith(testDb.prisma, manager.id, ana.id, ben.id)).id;
  otherUnitId = (await unitWith(testDb.prisma, otherManager.id, dee.id)).id;
});

const create = (who: Who, body: Record<string, unknown>) => call(createHandler, { method: "POST", path: "/api/schedule/shifts", headers: who.headers, body: { unitId, ...body } });
const patch = (who: Who, id: string, body: Record<string, unknown>) => call(patchHandler, { method: "PATCH", path: `/api/schedule/shifts/${id}`, headers: who.headers, params: { id }, body });
const week = (who: Who, day: string) => call(weekHandler, { method: "GET", path: `/api/schedule?week=${day}`, headers: who.headers });
const submit = (who: Who, body: Record<string, unknown>) => call(submitHandler, { method: "POST", path: "/api/availability", headers: who.headers, body });
const decide = (who: Who, id: string, decision: string, note?: string) => call(decideHandler, { method: "POST", path: `/api/availability/${id}/decision`, headers: who.headers, params: { id }, body: { decision, note } });
const withdraw = (who: Who, id: string) => call(withdrawHandler, { method: "POST", path: `/api/availability/${id}/withdraw`, headers: who.headers, params: { id } });
const settings = (who: Who, availabilityRequiresApproval: boolean) => call(settingsHandler, { method: "PUT", path: "/api/schedule/settings", headers: who.headers, body: { availabilityRequiresApproval } });
const told = (userId: string, subjectType: string) =>
  testDb.prisma.alert.findMany({ where: { kind: "schedule", userId, subjectType }, select: { message: true, href: true, subjectId: true, emails: { select: { subject: true, body: true, status: true } } } });
const vacation = async () => (await testDb.prisma.timeOffType.findUniqueOrThrow({ where: { key: "vacation" } })).id;
const dayColumn = (day: string) => new Date(`${day}T00:00:00Z`);

describe("warnings in the shift API's answer", () => {
  // The week of Mon 2032-03-01.
  beforeAll(async () => {
    await testDb.prisma.timePolicy.upsert({ where: { id: "default" }, create: { id: "default", weeklyOvertimeMinutes: 2400 }, update: { weeklyOvertimeMinutes: 2400 } });
    await testDb.prisma.timeOffRequest.create({
      data: { userId: ana.id, typeId: await vacation(), startDay: dayColumn("2032-03-03"), endDay: dayColumn("2032-03-03"), minutesPerDay: 480, minutes: 480, status: "approved", decidedAt: new Date() },
    });
    await testDb.prisma.availabilityRequest.create({
      data: { userId: ana.id, day: dayColumn("2032-03-04"), blocks: [{ from: "00:00", to: "12:00", kind: "unavailable" }], status: "approved", decidedAt: new Date() },
    });
    await testDb.prisma.availabilityRequest.create({
      data: { userId: ana.id, day: dayColumn("2032-03-05"), blocks: [{ from: "12:00", to: "20:00", kind: "available" }], status: "approved", decidedAt: new Date() },
    });
  });

  it("answers none for a shift that runs into nothing, and for an open shift, in the declared schema", async () => {
    const plain = await create(manager, { userId: ana.id, startsAt: "2032-03-01T08:00", endsAt: "2032-03-01T16:00" });
    expect(plain.status).toBe(201);
    expect(plain.body.warnings).toEqual([]);
    expect(createShiftOp.response!.parse(plain.body)).toMatchObject({ warnings: [] });
    const open = await create(manager, { startsAt: "2032-03-03T08:00", endsAt: "2032-03-03T16:00" });
    expect(open.body.warnings).toEqual([]);
  });

  it("warns of approved time off, unavailable time and time outside the availability, and still saves", async () => {
    const onTimeOff = await create(manager, { userId: ana.id, startsAt: "2032-03-03T08:00", endsAt: "2032-03-03T12:00" });
    expect(onTimeOff.status).toBe(201);
    expect(onTimeOff.body.warnings).toEqual([{ kind: "time_off", message: "On approved time off (Vacation)" }]);
    const unavailable = await create(manager, { userId: ana.id, startsAt: "2032-03-04T10:00", endsAt: "2032-03-04T14:00" });
    expect(unavailable.body.warnings).toEqual([{ kind: "unavailable", message: "Ana Lee is unavailable then" }]);
    const outside = await create(manager, { userId: ana.id, startsAt: "2032-03-05T08:00", endsAt: "2032-03-05T14:00" });
    expect(outside.body.warnings).toEqual([{ kind: "outside_availability", message: "Outside Ana Lee's availability" }]);
    expect(await testDb.prisma.shift.count({ where: { id: { in: [onTimeOff.body.id, unavailable.body.id, outside.body.id] } } })).toBe(3);
  });

  it("warns when a shift takes the member past the weekly overtime threshold, on create and on a move", async () => {
    // Ben: 4 × 9 h = 36 h, then a 5th of 8 h = 44 h > 40 h.
    for (const d of ["2032-03-01", "2032-03-02", "2032-03-03", "2032-03-04"]) {
      const r = await create(manager, { userId: ben.id, startsAt: `${d}T08:00`, endsAt: `${d}T17:00` });
      expect([r.status, r.body.warnings]).toEqual([201, []]);
    }
    const fifth = await create(manager, { userId: ben.id, startsAt: "2032-03-05T08:00", endsAt: "2032-03-05T16:00" });
    expect(fifth.body.warnings).toEqual([{ kind: "overtime", message: "Takes Ben Ortiz to 44h this week, past the 40h overtime threshold" }]);
    // Moved to Ana on her time-off day: the answer says so (and Ben's week is no longer over).
    const moved = await patch(manager, fifth.body.id, { userId: ana.id, startsAt: "2032-03-03T13:00", endsAt: "2032-03-03T17:00" });
    expect(moved.status).toBe(200);
    expect(moved.body.warnings.map((w: { kind: string }) => w.kind)).toEqual(["time_off"]);
    expect(updateShiftOp.response!.parse(moved.body).warnings).toHaveLength(1);
    // A note alone on a shift that runs into nothing: none.
    const ok = await patch(manager, moved.body.id, { userId: ben.id, startsAt: "2032-03-06T08:00", endsAt: "2032-03-06T10:00", note: "Saturday" });
    expect(ok.body.warnings).toEqual([]);
  });

  it("still refuses an overlap with 409 (the database judges), not a warning", async () => {
    const r = await create(manager, { userId: ben.id, startsAt: "2032-03-01T12:00", endsAt: "2032-03-01T20:00" });
    expect(r.status).toBe(409);
  });
});

describe("availability notifications", () => {
  it("tells the managers of the member's departments of a change to approve, and the member of the decision", async () => {
    await settings(admin, true);
    const change = await submit(ana, { day: "2032-04-07", blocks: [{ from: "00:00", to: "24:00", kind: "unavailable" }], note: "Dentist" });
    expect([change.status, change.body.status]).toEqual([201, "pending"]);
    const toManager = await told(manager.id, "availability_change");
    expect(toManager).toEqual([
      expect.objectContaining({ message: "Ana Lee asks to change their availability", href: "/schedule", subjectId: change.body.id }),
    ]);
    expect(toManager[0].emails[0].subject).toBe("Availability change to approve: Ana Lee");
    expect(toManager[0].emails[0].body).toContain("- Wed, Apr 7: Unavailable all day");
    expect(toManager[0].emails[0].body).toContain("- Note: Dentist");
    // Not the manager of another department, not the admins while the department has a manager, not Ana.
    expect(await told(otherManager.id, "availability_change")).toEqual([]);
    expect(await told(admin.id, "availability_change")).toEqual([]);
    expect(await told(ana.id, "availability_change")).toEqual([]);

    expect((await decide(manager, change.body.id, "approve", "Fine")).status).toBe(200);
    const toAna = await told(ana.id, "availability_decision");
    expect(toAna.map((a) => a.message)).toEqual(["Priya Shah approved your availability change"]);
    expect(toAna[0].emails[0].body).toContain("- Priya Shah's note: Fine");
    // The same decision again tells nobody twice.
    expect((await decide(manager, change.body.id, "approve")).status).toBe(200);
    expect(await told(ana.id, "availability_decision")).toHaveLength(1);

    const weekly = await submit(ben, { blocks: [{ weekday: 1, from: "08:00", to: "12:00", kind: "available" }] });
    await decide(manager, weekly.body.id, "decline", "We need you on Mondays");
    expect((await told(ben.id, "availability_decision")).map((a) => a.message)).toEqual(["Priya Shah declined your availability change"]);
    expect((await told(manager.id, "availability_change")).find((a) => a.subjectId === weekly.body.id)?.emails[0].body).toContain("- Weekly: Mon: Available 08:00–12:00");
  });

  it("tells the managers that a change is in force when no approval is needed; the admins when the department has no manager", async () => {
    await settings(admin, false);
    const change = await submit(ben, { day: "2032-04-08", blocks: [{ from: "08:00", to: "12:00", kind: "available" }] });
    expect(change.body.status).toBe("approved");
    expect((await told(manager.id, "availability_change")).find((a) => a.subjectId === change.body.id)?.message).toBe("Ben Ortiz changed their availability");
    // A member whose department has no manager: the admins are told.
    const loner = await person(testDb.prisma, "staff", { firstName: "Lou", lastName: "Ng" });
    await unitWith(testDb.prisma, loner.id);
    const lonely = await submit(loner, { day: "2032-04-08", blocks: [] });
    expect((await told(admin.id, "availability_change")).find((a) => a.subjectId === lonely.body.id)?.message).toBe("Lou Ng changed their availability");
    await settings(admin, true);
  });
});

describe("withdrawing a change or an exception", () => {
  it("withdraws my pending exception: audited, the managers told, gone from their list; again 200 and nothing more", async () => {
    await settings(admin, true);
    const change = await submit(ana, { day: "2032-05-11", blocks: [{ from: "00:00", to: "24:00", kind: "unavailable" }] });
    const first = await withdraw(ana, change.body.id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: change.body.id, status: "withdrawn" });
    expect(first.body.withdrawnAt).toEqual(expect.any(String));
    const audit = await testDb.prisma.auditLog.findMany({ where: { action: "availability.withdraw", entityId: change.body.id } });
    expect(audit).toEqual([expect.objectContaining({ actorId: ana.id, entityType: "availability_request", before: { status: "pending" }, after: { status: "withdrawn" }, metadata: { day: "2032-05-11" } })]);
    expect((await told(manager.id, "availability_withdrawal")).find((a) => a.subjectId === change.body.id)?.message).toBe("Ana Lee withdrew an availability change");
    const pendingNow = await call(pendingHandler, { method: "GET", path: "/api/availability/pending", headers: manager.headers });
    expect(pendingNow.body.requests.map((r: { id: string }) => r.id)).not.toContain(change.body.id);
    // A withdrawn change cannot be decided any more.
    expect((await decide(manager, change.body.id, "approve")).status).toBe(409);
    const again = await withdraw(ana, change.body.id);
    expect([again.status, again.body.status]).toEqual([200, "withdrawn"]);
    expect(await testDb.prisma.auditLog.count({ where: { action: "availability.withdraw", entityId: change.body.id } })).toBe(1);
  });

  it("withdraws an exception in force: the day reads the weekly pattern again on the grid", async () => {
    await settings(admin, false);
    const weekly = await submit(ben, { blocks: [{ weekday: 3, from: "08:00", to: "17:00", kind: "available" }] });
    const exception = await submit(ben, { day: "2032-05-12", blocks: [{ from: "00:00", to: "24:00", kind: "unavailable" }] });
    expect(exception.body.status).toBe("approved");
    const before = (await week(manager, "2032-05-10")).body.availability.find((a: { userId: string; day: string }) => a.userId === ben.id && a.day === "2032-05-12");
    expect(before).toMatchObject({ exception: true, blocks: [{ kind: "unavailable" }] });
    const r = await withdraw(ben, exception.body.id);
    expect([r.status, r.body.status]).toEqual([200, "withdrawn"]);
    const after = (await week(manager, "2032-05-10")).body.availability.find((a: { userId: string; day: string }) => a.userId === ben.id && a.day === "2032-05-12");
    expect(after).toEqual({ userId: ben.id, day: "2032-05-12", exception: false, blocks: [{ from: "08:00", to: "17:00", kind: "available" }] });
    expect((await told(manager.id, "availability_withdrawal")).find((a) => a.subjectId === exception.body.id)?.message).toBe("Ben Ortiz withdrew an availability exception");
    // The weekly pattern in force is replaced by sending a new one, not withdrawn.
    expect((await withdraw(ben, weekly.body.id)).status).toBe(409);
    // Another member's change, or a manager's try: 404, as if it did not exist.
    const anas = await submit(ana, { day: "2032-05-13", blocks: [] });
    expect((await withdraw(ben, anas.body.id)).status).toBe(404);
    expect((await withdraw(manager, anas.body.id)).status).toBe(404);
    expect((await withdraw(admin, anas.body.id)).status).toBe(404);
    await settings(admin, true);
  });

  it("refuses a declined change, and an exception of a day that has passed", async () => {
    await settings(admin, true);
    const declined = await submit(ana, { day: "2032-05-14", blocks: [] });
    await decide(manager, declined.body.id, "decline");
    expect((await withdraw(ana, declined.body.id)).status).toBe(409);
    const past = await testDb.prisma.availabilityRequest.create({
      data: { userId: ana.id, day: dayColumn(addDays(businessToday(), -2)), blocks: [], status: "approved", decidedAt: new Date() },
    });
    const r = await withdraw(ana, past.id);
    expect([r.status, r.body.message]).toEqual([409, "This day has passed"]);
    // What the member's screen reads: withdrawn changes are not listed among the waiting ones.
    const mine = await call(myAvailabilityHandler, { method: "GET", path: "/api/availability", headers: ana.headers });
    expect(mine.body.requests.every((x: { status: string }) => x.status !== "withdrawn")).toBe(true);
  });
});

describe("a manager of another department", () => {
  it("sees none of the department's shifts, templates, availability changes or time off, and may not act on them", async () => {
    const shift = await create(manager, { userId: ana.id, startsAt: "2032-06-01T08:00", endsAt: "2032-06-01T16:00" });
    expect(shift.status).toBe(201);
    const grid = (await week(otherManager, "2032-05-31")).body;
    expect(grid.departments.map((d: { id: string }) => d.id)).toEqual([otherUnitId]);
    expect(grid.shifts).toEqual([]);
    expect((await call(getHandler, { method: "GET", path: `/api/schedule/shifts/${shift.body.id}`, headers: otherManager.headers, params: { id: shift.body.id } })).status).toBe(404);
    expect((await patch(otherManager, shift.body.id, { note: "Mine now" })).status).toBe(404);
    expect((await create(otherManager, { userId: ana.id, startsAt: "2032-06-02T08:00", endsAt: "2032-06-02T16:00" })).status).toBe(403);
    // Moving a shift of their own department into this one: 403.
    const own = await create(otherManager, { unitId: otherUnitId, userId: dee.id, startsAt: "2032-06-02T08:00", endsAt: "2032-06-02T16:00" });
    expect(own.status).toBe(201);
    expect((await patch(otherManager, own.body.id, { unitId, userId: ana.id })).status).toBe(403);

    await testDb.prisma.shiftTemplate.create({ data: { name: `Front desk week ${unitId}`, createdById: manager.id, shifts: { create: [{ weekday: 1, unitId, startMinute: 480, lengthMinutes: 480 }] } } });
    const templates = (await call(templatesHandler, { method: "GET", path: "/api/schedule/templates", headers: otherManager.headers })).body;
    expect(JSON.stringify(templates)).not.toContain(unitId);

    await settings(admin, true);
    const change = await submit(ana, { day: "2032-06-03", blocks: [] });
    const pendingThere = (await call(pendingHandler, { method: "GET", path: "/api/availability/pending", headers: otherManager.headers })).body;
    expect(pendingThere.requests.map((r: { id: string }) => r.id)).not.toContain(change.body.id);
    expect((await decide(otherManager, change.body.id, "approve")).status).toBe(404);

    const request = await testDb.prisma.timeOffRequest.create({
      data: { userId: ana.id, typeId: await vacation(), startDay: dayColumn("2032-06-04"), endDay: dayColumn("2032-06-04"), minutesPerDay: 480, minutes: 480 },
    });
    const timeOffThere = (await call(pendingTimeOffHandler, { method: "GET", path: "/api/time-off/pending", headers: otherManager.headers })).body;
    expect(JSON.stringify(timeOffThere)).not.toContain(request.id);
    const decision = await call(decideTimeOffHandler, { method: "POST", path: `/api/time-off/${request.id}/decision`, headers: otherManager.headers, params: { id: request.id }, body: { decision: "approve" } });
    expect(decision.status).toBe(404);
    expect((await testDb.prisma.timeOffRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe("pending");
  });
});
