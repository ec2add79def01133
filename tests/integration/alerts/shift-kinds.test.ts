/**
 * Attendance against the schedule (docs/alerts.md, docs/schedules.md "Attendance"): each shift
 * kind fires at N + 1 minute and not at N − 1, only for published shifts with a member, and on DST
 * days by instants. `no_punch_in` reads a day's first shift as the expected start, the expected
 * start time staying the fallback.
 */
import { evaluateRules } from "@/lib/services/alerts/evaluate-rules";
import { findConditions } from "@/lib/services/alerts/findings";
import { createPunchSession, createUser } from "@/prisma/factories";
import { useTestDatabase } from "@/tests/support/db";
import { at, HOUR, rule, team } from "./fixtures";

const testDb = useTestDatabase();
let adminId: string;

beforeAll(async () => {
  adminId = (await createUser(testDb.prisma, { role: "admin" })).id;
});

const find = (kind: string, threshold: number, userIds: string[], now: Date) =>
  findConditions(testDb.prisma, { kind, params: { threshold }, scope: "members", scopeUnitId: null, scopeUserIds: userIds }, now);

/** A shift of `userId` (null: an open shift) in `unitId`, published unless told otherwise. */
const shift = (unitId: string, userId: string | null, startsAt: Date, endsAt: Date, status: "published" | "draft" = "published") =>
  testDb.prisma.shift.create({ data: { unitId, userId, startsAt, endsAt, status, publishedAt: status === "published" ? startsAt : null, createdById: adminId } });

const punch = (userId: string, punchInAt: Date, punchOutAt: Date | null = null) => createPunchSession(testDb.prisma, { userId, punchInAt, punchOutAt });
const minutesAfter = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * 60_000);

describe("shift_late", () => {
  it("fires more than N minutes after a published shift's start with no punch, until a punch-in or the shift's end", async () => {
    const { unit, member } = await team(testDb.prisma);
    const s = await shift(unit.id, member.id, at("2026-11-18", "08:00"), at("2026-11-18", "16:30"));
    expect(await find("shift_late", 10, [member.id], at("2026-11-18", "08:09"))).toHaveLength(0);
    const fired = await find("shift_late", 10, [member.id], at("2026-11-18", "08:11"));
    expect(fired.map((f) => [f.subjectType, f.subjectId, f.userId, f.occurrence, f.unitId])).toEqual([["shift", s.id, member.id, s.startsAt.toISOString(), unit.id]]);
    expect(fired[0].message).toBe("No punch-in 11 min after the shift's start (8:00–4:30)");
    expect(fired[0].subjectUserIds).toEqual([member.id]);
    // Once the shift has ended it is a no-show, not late.
    expect(await find("shift_late", 10, [member.id], at("2026-11-18", "16:31"))).toHaveLength(0);
    // A punch before the start, still open, covers it; so does a late punch-in, from then on.
    await punch(member.id, at("2026-11-18", "08:20"));
    expect(await find("shift_late", 10, [member.id], at("2026-11-18", "08:21"))).toHaveLength(0);
  });

  it("a punch that ended before the shift began does not count; drafts and open shifts never alert", async () => {
    const { unit, member } = await team(testDb.prisma);
    const other = await createUser(testDb.prisma);
    await shift(unit.id, member.id, at("2026-11-18", "12:00"), at("2026-11-18", "18:00"));
    await punch(member.id, at("2026-11-18", "07:00"), at("2026-11-18", "11:00"));
    await shift(unit.id, other.id, at("2026-11-18", "12:00"), at("2026-11-18", "18:00"), "draft");
    await shift(unit.id, null, at("2026-11-18", "12:00"), at("2026-11-18", "18:00"));
    const fired = await find("shift_late", 10, [member.id, other.id], at("2026-11-18", "12:11"));
    expect(fired.map((f) => f.userId)).toEqual([member.id]);
    // Everyone in scope: the open shift still finds nothing.
    const everyone = await findConditions(testDb.prisma, { kind: "shift_late", params: { threshold: 10 }, scope: "everyone", scopeUnitId: null, scopeUserIds: [] }, at("2026-11-18", "12:11"));
    expect(everyone.every((f) => f.userId !== null)).toBe(true);
  });

  it("counts by instants on the spring-forward day (2027-03-14)", async () => {
    const { unit, member } = await team(testDb.prisma);
    // 01:30 to 09:00 on the wall is 6 h 30 on the spring-forward night.
    const s = await shift(unit.id, member.id, at("2027-03-14", "01:30"), at("2027-03-14", "09:00"));
    expect(s.endsAt.getTime() - s.startsAt.getTime()).toBe(6.5 * HOUR);
    expect(await find("shift_late", 60, [member.id], minutesAfter(s.startsAt, 59))).toHaveLength(0);
    expect(await find("shift_late", 60, [member.id], minutesAfter(s.startsAt, 61))).toHaveLength(1);
    // 03:31 on the wall is only 61 minutes after 01:30 that night.
    expect(await find("shift_late", 60, [member.id], at("2027-03-14", "03:31"))).toHaveLength(1);
  });
});

describe("shift_no_show", () => {
  it("fires more than N minutes after a shift's end that no punch touched, for 24 hours", async () => {
    const { unit, member } = await team(testDb.prisma);
    const { member: worker } = await team(testDb.prisma);
    const s = await shift(unit.id, member.id, at("2026-11-18", "08:00"), at("2026-11-18", "16:30"));
    await shift(unit.id, worker.id, at("2026-11-18", "08:00"), at("2026-11-18", "16:30"));
    await punch(worker.id, at("2026-11-18", "09:00"), at("2026-11-18", "12:00"));
    const ids = [member.id, worker.id];
    expect(await find("shift_no_show", 5, ids, at("2026-11-18", "16:34"))).toHaveLength(0);
    const fired = await find("shift_no_show", 5, ids, at("2026-11-18", "16:36"));
    expect(fired.map((f) => [f.subjectId, f.userId])).toEqual([[s.id, member.id]]);
    expect(fired[0].message).toBe("No punch during the shift Wed, Nov 18 8:00–4:30");
    expect(await find("shift_no_show", 5, ids, at("2026-11-19", "16:34"))).toHaveLength(1);
    expect(await find("shift_no_show", 5, ids, at("2026-11-19", "16:36"))).toHaveLength(0);
  });

  it("counts a night across the fall-back change (2026-11-01) by instants", async () => {
    const { unit, member } = await team(testDb.prisma);
    // 22:00 Saturday to 06:00 Sunday lasts 9 h that night.
    const s = await shift(unit.id, member.id, at("2026-10-31", "22:00"), at("2026-11-01", "06:00"));
    expect(s.endsAt.getTime() - s.startsAt.getTime()).toBe(9 * HOUR);
    expect(await find("shift_no_show", 0, [member.id], at("2026-11-01", "05:59"))).toHaveLength(0);
    expect(await find("shift_no_show", 0, [member.id], at("2026-11-01", "06:01"))).toHaveLength(1);
    // A punch in the repeated hour touches the shift.
    await punch(member.id, new Date(at("2026-11-01", "01:30").getTime() + HOUR), at("2026-11-01", "03:00"));
    expect(await find("shift_no_show", 0, [member.id], at("2026-11-01", "06:01"))).toHaveLength(0);
  });
});

describe("shift_early_out", () => {
  it("fires once the shift has ended when its last punch ended more than N minutes before its end", async () => {
    const { unit, member } = await team(testDb.prisma);
    const { member: stayed } = await team(testDb.prisma);
    const { member: open } = await team(testDb.prisma);
    const s = await shift(unit.id, member.id, at("2026-11-18", "08:00"), at("2026-11-18", "16:30"));
    await shift(unit.id, stayed.id, at("2026-11-18", "08:00"), at("2026-11-18", "16:30"));
    await shift(unit.id, open.id, at("2026-11-18", "08:00"), at("2026-11-18", "16:30"));
    // A punched lunch break, then out 16 min early.
    await punch(member.id, at("2026-11-18", "07:58"), at("2026-11-18", "12:00"));
    await punch(member.id, at("2026-11-18", "12:30"), at("2026-11-18", "16:14"));
    // Out 14 min early: within N.
    await punch(stayed.id, at("2026-11-18", "08:00"), at("2026-11-18", "16:16"));
    await punch(open.id, at("2026-11-18", "08:00"));
    const ids = [member.id, stayed.id, open.id];
    expect(await find("shift_early_out", 15, ids, at("2026-11-18", "16:29"))).toHaveLength(0);
    const fired = await find("shift_early_out", 15, ids, at("2026-11-18", "16:31"));
    expect(fired.map((f) => [f.subjectId, f.userId])).toEqual([[s.id, member.id]]);
    expect(fired[0].message).toBe("Punched out at 4:14 PM, 16 min before the end of the shift Wed, Nov 18 8:00–4:30");
  });

  it("judges N − 1 and N + 1 minutes before the end on the fall-back day (2026-11-01)", async () => {
    const { unit, member } = await team(testDb.prisma);
    const { member: other } = await team(testDb.prisma);
    await shift(unit.id, member.id, at("2026-10-31", "22:00"), at("2026-11-01", "06:00"));
    await shift(unit.id, other.id, at("2026-10-31", "22:00"), at("2026-11-01", "06:00"));
    await punch(member.id, at("2026-10-31", "22:00"), at("2026-11-01", "05:29"));
    await punch(other.id, at("2026-10-31", "22:00"), at("2026-11-01", "05:31"));
    const fired = await find("shift_early_out", 30, [member.id, other.id], at("2026-11-01", "06:01"));
    expect(fired.map((f) => f.userId)).toEqual([member.id]);
  });
});

describe("unscheduled_punch", () => {
  it("fires for a punch-in more than N minutes before a shift, after it, or with none; not within N", async () => {
    const { unit, member: early } = await team(testDb.prisma);
    const { member: onTime } = await team(testDb.prisma);
    const { member: none } = await team(testDb.prisma);
    const { member: after } = await team(testDb.prisma);
    const { member: drafted } = await team(testDb.prisma);
    for (const m of [early, onTime, after]) await shift(unit.id, m.id, at("2026-11-18", "08:00"), at("2026-11-18", "16:30"));
    await shift(unit.id, drafted.id, at("2026-11-18", "08:00"), at("2026-11-18", "16:30"), "draft");
    const tooEarly = await punch(early.id, at("2026-11-18", "07:29"));
    await punch(onTime.id, at("2026-11-18", "07:31"));
    const noShift = await punch(none.id, at("2026-11-18", "10:00"));
    const late = await punch(after.id, at("2026-11-18", "16:30"));
    const draftOnly = await punch(drafted.id, at("2026-11-18", "08:00"));
    const ids = [early.id, onTime.id, none.id, after.id, drafted.id];
    const fired = await find("unscheduled_punch", 30, ids, at("2026-11-18", "17:00"));
    expect(fired.map((f) => f.subjectId).sort()).toEqual([tooEarly.id, noShift.id, late.id, draftOnly.id].sort());
    expect(fired.find((f) => f.subjectId === noShift.id)).toMatchObject({ subjectType: "punch", occurrence: "unscheduled", userId: none.id, message: "Punched in at 10:00 AM with no shift scheduled" });
    // Found for 24 hours after the punch-in.
    expect((await find("unscheduled_punch", 30, ids, at("2026-11-19", "09:59"))).map((f) => f.subjectId)).toEqual([noShift.id, late.id]);
    expect((await find("unscheduled_punch", 30, ids, at("2026-11-19", "10:01"))).map((f) => f.subjectId)).toEqual([late.id]);
  });

  it("reads the shift by instants on the fall-back night", async () => {
    const { unit, member } = await team(testDb.prisma);
    await shift(unit.id, member.id, at("2026-11-01", "02:00"), at("2026-11-01", "10:00"));
    // 01:30 of the first (daylight) pass is 90 min before 02:00 standard time; the repeated 01:30 is 30 min before.
    const first = await punch(member.id, at("2026-11-01", "01:30"), new Date(at("2026-11-01", "01:30").getTime() + 10 * 60_000));
    await punch(member.id, new Date(at("2026-11-01", "01:30").getTime() + HOUR));
    const fired = await find("unscheduled_punch", 59, [member.id], at("2026-11-01", "03:00"));
    expect(fired.map((f) => f.subjectId)).toEqual([first.id]);
  });
});

describe("no_punch_in with shifts", () => {
  it("reads a day's first published shift as the expected start; without one the expected start time stays", async () => {
    const { unit, member } = await team(testDb.prisma);
    const { member: unscheduled } = await team(testDb.prisma);
    await testDb.prisma.expectedStart.create({ data: { userId: member.id, startMinutes: 9 * 60 } });
    await testDb.prisma.expectedStart.create({ data: { userId: unscheduled.id, startMinutes: 9 * 60 } });
    await shift(unit.id, member.id, at("2026-11-18", "08:00"), at("2026-11-18", "12:00"));
    await shift(unit.id, member.id, at("2026-11-18", "13:00"), at("2026-11-18", "16:00"));
    const ids = [member.id, unscheduled.id];
    expect(await find("no_punch_in", 15, ids, at("2026-11-18", "08:14"))).toHaveLength(0);
    const fired = await find("no_punch_in", 15, ids, at("2026-11-18", "08:16"));
    expect(fired.map((f) => [f.subjectId, f.message])).toEqual([[member.id, "No punch-in yet; expected at 08:00"]]);
    // The fallback: 09:00 for the member without a shift.
    expect((await find("no_punch_in", 15, ids, at("2026-11-18", "09:14"))).map((f) => f.subjectId)).toEqual([member.id]);
    expect((await find("no_punch_in", 15, ids, at("2026-11-18", "09:16"))).map((f) => f.subjectId).sort()).toEqual(ids.sort());
  });

  it("a later shift moves the start later, a draft does not count, and a shift on a weekend or DST day counts", async () => {
    const { unit, member } = await team(testDb.prisma);
    const { member: drafted } = await team(testDb.prisma);
    await testDb.prisma.expectedStart.create({ data: { unitId: unit.id, startMinutes: 8 * 60 } });
    await testDb.prisma.unitMembership.create({ data: { unitId: unit.id, userId: drafted.id } });
    await shift(unit.id, member.id, at("2026-11-18", "14:00"), at("2026-11-18", "22:00"));
    await shift(unit.id, drafted.id, at("2026-11-18", "14:00"), at("2026-11-18", "22:00"), "draft");
    const ids = [member.id, drafted.id];
    expect((await find("no_punch_in", 0, ids, at("2026-11-18", "08:01"))).map((f) => f.subjectId)).toEqual([drafted.id]);
    expect((await find("no_punch_in", 0, ids, at("2026-11-18", "14:01"))).map((f) => f.subjectId).sort()).toEqual(ids.sort());
    // Sunday 2027-03-14, the spring-forward day: no expected start on a weekend, but the shift is one.
    await shift(unit.id, member.id, at("2027-03-14", "08:00"), at("2027-03-14", "12:00"));
    expect(await find("no_punch_in", 15, ids, at("2027-03-14", "08:14"))).toHaveLength(0);
    expect((await find("no_punch_in", 15, ids, at("2027-03-14", "08:16"))).map((f) => [f.subjectId, f.occurrence])).toEqual([[member.id, "2027-03-14"]]);
  });
});

describe("the engine on a shift kind", () => {
  it("raises one alert per shift for its member and the department's managers, once, and resolves it at the punch-in", async () => {
    const { unit, member } = await team(testDb.prisma);
    const manager = await createUser(testDb.prisma, { role: "manager" });
    await testDb.prisma.unitMembership.create({ data: { unitId: unit.id, userId: manager.id } });
    const s = await shift(unit.id, member.id, at("2026-11-18", "08:00"), at("2026-11-18", "16:30"));
    const r = await rule(testDb.prisma, adminId, { kind: "shift_late", config: { threshold: 10 }, scope: "members", scopeUserIds: [member.id], notifyManagers: true });
    expect((await evaluateRules({ ruleId: r.id, now: at("2026-11-18", "08:11") })).raised).toBe(1);
    expect((await evaluateRules({ ruleId: r.id, now: at("2026-11-18", "08:12") })).raised).toBe(0);
    const alert = await testDb.prisma.alert.findFirstOrThrow({ where: { ruleId: r.id }, include: { recipients: { select: { userId: true } } } });
    expect(alert).toMatchObject({ kind: "shift_late", subjectType: "shift", subjectId: s.id, userId: member.id, href: "/time-logs" });
    expect(alert.recipients.map((x) => x.userId).sort()).toEqual([member.id, manager.id].sort());
    await punch(member.id, at("2026-11-18", "08:15"));
    expect((await evaluateRules({ ruleId: r.id, now: at("2026-11-18", "08:16") })).resolved).toBe(1);
  });
});
