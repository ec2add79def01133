/**
 * Accountability against a hand-computed fixture: the week of Monday 2026-11-16 to Friday
 * 2026-11-20, read on Friday at 18:00 (business zone). Every expected figure below is worked
 * out by hand in the comments, not by the code under test.
 */
import { GET as accountabilityRoute } from "@/app/api/admin/accountability/route";
import { GET as exportRoute } from "@/app/api/admin/accountability/export/route";
import { csvCell } from "@/lib/exports/csv";
import { exportAccountabilityCsv, getAccountability, getAccountabilityDetails } from "@/lib/services/accountability/accountability";
import { addMembership, createPunchSession, createTask, createUnit, createUser } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { PRIVATE_TASK_TITLE } from "@/lib/tasks/task-title";
import { at } from "../alerts/fixtures";

const testDb = useTestDatabase();
const period = { from: "2026-11-16", to: "2026-11-20" };
const now = at("2026-11-20", "18:00");
let ids: { a: string; b: string; c: string; u: string; v: string; empty: string; admin: string };

beforeAll(async () => {
  const db = testDb.prisma;
  const admin = await createUser(db, { role: "admin" });
  const a = await createUser(db, { firstName: "Ava", lastName: "Adams" });
  const b = await createUser(db, { firstName: "Ben", lastName: "Brooks" });
  const c = await createUser(db, { firstName: "Cy", lastName: "Cole" });
  const u = await createUnit(db, { name: "Front Desk" });
  const v = await createUnit(db, { name: "Crematory" });
  await addMembership(db, u.id, a.id);
  await addMembership(db, u.id, b.id);
  await addMembership(db, v.id, c.id);
  // Gus has left: not a Front Desk member any more, and his old unit has nothing to account for.
  const gus = await createUser(db, { firstName: "Gus", lastName: "Gone", isActive: false });
  const empty = await createUnit(db, { name: "Old Annex" });
  await addMembership(db, u.id, gus.id);
  await addMembership(db, empty.id, gus.id);
  ids = { a: a.id, b: b.id, c: c.id, u: u.id, v: v.id, empty: empty.id, admin: admin.id };
  // Ava starts at 09:00 (her own); Ben at 08:00 (Front Desk's); Cy has none.
  await db.expectedStart.create({ data: { userId: a.id, startMinutes: 9 * 60 } });
  await db.expectedStart.create({ data: { unitId: u.id, startMinutes: 8 * 60 } });

  const punch = (userId: string, day: string, from: string, toDay: string | null, to?: string) =>
    createPunchSession(db, { userId, punchInAt: at(day, from), punchOutAt: toDay ? at(toDay, to!) : null });
  // Ava: Mon 08:55 on time; Tue 09:10 late; Wed none (missed); Thu 09:00 exactly (on time); Fri 09:30 late, still open (8.5 h: not forgotten).
  await punch(a.id, "2026-11-16", "08:55", "2026-11-16", "17:00");
  await punch(a.id, "2026-11-17", "09:10", "2026-11-17", "17:00");
  const avaThu = await punch(a.id, "2026-11-19", "09:00", "2026-11-19", "17:00");
  await punch(a.id, "2026-11-20", "09:30", null);
  // Ben: Mon 07:50 to Tue 09:00 (25 h 10: forgotten); Tue 10:00 late; Wed 07:55 and Thu 07:59 on time; Fri none (missed).
  const benMon = await punch(b.id, "2026-11-16", "07:50", "2026-11-17", "09:00");
  await punch(b.id, "2026-11-17", "10:00", "2026-11-17", "12:00");
  await punch(b.id, "2026-11-18", "07:55", "2026-11-18", "16:00");
  await punch(b.id, "2026-11-19", "07:59", "2026-11-19", "16:00");
  // Corrections: one in the period on Ben's punch; one before the period on Ava's.
  await db.timeEdit.create({ data: { userId: b.id, action: "update", entityType: "punch_session", entityId: benMon.id, punchSessionId: benMon.id, editedById: admin.id, reason: "Forgot to punch out", before: {}, after: {}, createdAt: at("2026-11-17", "10:00") } });
  await db.timeEdit.create({ data: { userId: a.id, action: "update", entityType: "punch_session", entityId: avaThu.id, punchSessionId: avaThu.id, editedById: admin.id, reason: "Old", before: {}, after: {}, createdAt: at("2026-11-10", "10:00") } });

  const task = (extra: Parameters<typeof createTask>[1]) => createTask(db, extra);
  const base = { createdById: admin.id };
  // Ava's tasks (Front Desk): T1 on time, T2 late, T3 overdue, T4 due after the period, T8 deleted.
  await task({ ...base, organizationalUnitId: u.id, assigneeId: a.id, assigneeType: "user", dueDate: at("2026-11-17", "12:00"), status: "completed", completedAt: at("2026-11-17", "11:00") });
  await task({ ...base, organizationalUnitId: u.id, assigneeId: a.id, assigneeType: "user", dueDate: at("2026-11-17", "12:00"), status: "completed", completedAt: at("2026-11-18", "09:00") });
  await task({ ...base, title: "Call the Hendersons", organizationalUnitId: u.id, assigneeId: a.id, assigneeType: "user", dueDate: at("2026-11-19", "12:00") });
  await task({ ...base, organizationalUnitId: u.id, assigneeId: a.id, assigneeType: "user", dueDate: at("2026-11-21", "12:00") });
  await task({ ...base, organizationalUnitId: u.id, assigneeId: a.id, assigneeType: "user", dueDate: at("2026-11-18", "12:00"), deletedAt: at("2026-11-18", "13:00") });
  // T5: Ben's, completed before the period: not counted.
  await task({ ...base, organizationalUnitId: u.id, assigneeId: b.id, assigneeType: "user", dueDate: at("2026-11-16", "10:00"), status: "completed", completedAt: at("2026-11-13", "10:00") });
  // T6: an open pickup in Front Desk due Friday 15:00 (also overdue for the department).
  await task({ ...base, organizationalUnitId: u.id, availableForPickup: true, dueDate: at("2026-11-20", "15:00") });
  // T7: Cy's private task (admin's), completed late.
  await task({ ...base, organizationalUnitId: v.id, isPrivate: true, assigneeId: c.id, assigneeType: "user", dueDate: at("2026-11-18", "09:00"), status: "completed", completedAt: at("2026-11-18", "15:00") });
});

const zero = { overdue: 0, completedLate: 0, completedOnTime: 0, onTimeRate: null, openPickups: 0, missedPunchIns: 0, latePunchIns: 0, forgottenPunchOuts: 0, timeCorrections: 0 };

describe("accountability", () => {
  it("matches the hand-computed figures per member and department", async () => {
    const data = await getAccountability(period, now);
    const member = (id: string) => data.members.find((m) => m.id === id);
    const unit = (id: string) => data.departments.find((d) => d.id === id);
    expect(member(ids.a)).toMatchObject({ name: "Ava Adams", detail: "Front Desk", overdue: 1, completedLate: 1, completedOnTime: 1, onTimeRate: 50, openPickups: 1, missedPunchIns: 1, latePunchIns: 2, forgottenPunchOuts: 0, timeCorrections: 0 });
    expect(member(ids.b)).toMatchObject({ ...zero, openPickups: 1, missedPunchIns: 1, latePunchIns: 1, forgottenPunchOuts: 1, timeCorrections: 1 });
    expect(member(ids.c)).toMatchObject({ ...zero, completedLate: 1, onTimeRate: 0 });
    expect(unit(ids.u)).toMatchObject({ detail: "2 members", overdue: 2, completedLate: 1, completedOnTime: 1, onTimeRate: 50, openPickups: 1, missedPunchIns: 2, latePunchIns: 3, forgottenPunchOuts: 1, timeCorrections: 1 });
    expect(unit(ids.v)).toMatchObject({ ...zero, completedLate: 1, onTimeRate: 0 });
    expect(unit(ids.empty)).toBeUndefined();
    expect(data.members.map((m) => m.name)).not.toContain("Gus Gone");
  });

  it("counts forgotten punch-outs against the time policy's limit (the time administration's rule)", async () => {
    // Ben's Monday punch lasted 25 h 10: forgotten at the default 12 h, not under a 30 h limit.
    await testDb.prisma.timePolicy.create({ data: { id: "default", forgottenPunchHours: 30 } });
    try {
      const data = await getAccountability(period, now);
      expect(data.members.find((m) => m.id === ids.b)).toMatchObject({ forgottenPunchOuts: 0 });
    } finally {
      await testDb.prisma.timePolicy.delete({ where: { id: "default" } });
    }
  });

  it("drills down into the list behind a figure", async () => {
    const viewer = { userId: ids.admin, role: "admin" as const };
    const late = await getAccountabilityDetails(viewer, { ...period, metric: "latePunchIns", userId: ids.a }, now);
    expect(late.items.map((i) => i.detail)).toEqual([expect.stringContaining("on 2026-11-17, expected 09:00 (10 min late)"), expect.stringContaining("on 2026-11-20, expected 09:00 (30 min late)")]);
    const overdue = await getAccountabilityDetails(viewer, { ...period, metric: "overdue", userId: ids.a }, now);
    expect(overdue.items.map((i) => i.label)).toEqual([expect.stringContaining("Call the Hendersons")]);
    const corrections = await getAccountabilityDetails(viewer, { ...period, metric: "timeCorrections", unitId: ids.u }, now);
    expect(corrections.items).toHaveLength(1);
    expect(corrections.items[0].detail).toContain("Forgot to punch out");
    // A viewer who can't see Cy's private task gets it redacted.
    const staff = { userId: ids.c, role: "staff" as const };
    const hidden = await getAccountabilityDetails(staff, { ...period, metric: "completedLate", userId: ids.c }, now);
    expect(hidden.items[0]).toMatchObject({ label: PRIVATE_TASK_TITLE, href: null });
  });

  it("exports the same figures as CSV, safe for spreadsheets", async () => {
    const csv = await exportAccountabilityCsv(period, now);
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("Type,Name,Details,Overdue tasks,Completed late,Completed on time,On-time rate (%),Open pickups,Missed punch-ins,Late punch-ins,Forgotten punch-outs,Time corrections,Scheduled hours,Worked hours,No-shows");
    // No shifts; worked: Ava 485 + 470 + 480 + 510 (open to 18:00) = 1945 min; Ben 1510 + 120 + 485 + 481 = 2596 min.
    expect(lines).toContain("Member,Ava Adams,Front Desk,1,1,1,50,1,1,2,0,0,0.00,32.42,0");
    expect(lines).toContain("Department,Front Desk,2 members,2,1,1,50,1,2,3,1,1,0.00,75.68,0");
    expect(csvCell("=cmd()")).toBe("'=cmd()");
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
  });

  it("serves admins only, validates the period, and sends the CSV as a download", async () => {
    const adminHeaders = await signIn({ email: (await testDb.prisma.user.findUniqueOrThrow({ where: { id: ids.admin } })).email });
    const ok = await call(exportRoute, { path: "/api/admin/accountability/export?from=2026-11-16&to=2026-11-20", headers: adminHeaders });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toContain("text/csv");
    expect(ok.headers.get("content-disposition")).toContain("accountability-2026-11-16-to-2026-11-20.csv");
    const bad = await call(accountabilityRoute, { path: "/api/admin/accountability?from=2026-11-20&to=2026-11-16", headers: adminHeaders });
    expect(bad.status).toBe(400);
    const staffHeaders = await signIn({ email: (await testDb.prisma.user.findUniqueOrThrow({ where: { id: ids.a } })).email });
    expect((await call(accountabilityRoute, { path: "/api/admin/accountability?from=2026-11-16&to=2026-11-20", headers: staffHeaders })).status).toBe(403);
  });
});
