/**
 * Accountability against the schedule on a hand-built week (Monday 2026-11-16 to Friday
 * 2026-11-20, read on Friday at 18:00): scheduled against worked hours, no-shows, and late and
 * missed punch-ins against a day's first published shift, the expected start time being the
 * fallback on days without one. Every figure is worked out by hand in the comments.
 */
import { exportAccountabilityCsv, getAccountability, getAccountabilityDetails } from "@/lib/services/accountability/accountability";
import { addMembership, createPunchSession, createUnit, createUser } from "@/prisma/factories";
import { useTestDatabase } from "@/tests/support/db";
import { at } from "../alerts/fixtures";

const testDb = useTestDatabase();
const period = { from: "2026-11-16", to: "2026-11-20" };
const now = at("2026-11-20", "18:00");
let ids: { dee: string; eli: string; unit: string; admin: string };

beforeAll(async () => {
  const db = testDb.prisma;
  const admin = await createUser(db, { role: "admin" });
  const dee = await createUser(db, { firstName: "Dee", lastName: "Dunn" });
  const eli = await createUser(db, { firstName: "Eli", lastName: "Eads" });
  const unit = await createUnit(db, { name: "Kennel" });
  await addMembership(db, unit.id, dee.id);
  await addMembership(db, unit.id, eli.id);
  ids = { dee: dee.id, eli: eli.id, unit: unit.id, admin: admin.id };
  // Dee's own expected start is 09:00; Eli has none.
  await db.expectedStart.create({ data: { userId: dee.id, startMinutes: 9 * 60 } });
  const shift = (userId: string | null, day: string, from: string, to: string, breakMinutes = 0, status: "published" | "draft" = "published") =>
    db.shift.create({ data: { unitId: unit.id, userId, startsAt: at(day, from), endsAt: at(day, to), breakMinutes, status, roleLabel: "Kennel hand", createdById: admin.id } });
  const punch = (userId: string, day: string, from: string, to: string | null) => createPunchSession(db, { userId, punchInAt: at(day, from), punchOutAt: to ? at(day, to) : null });

  // Dee. Mon 08:00–16:30, 30 min break (8 h scheduled); punched 07:55–16:30 (8 h 35): on time.
  await shift(dee.id, "2026-11-16", "08:00", "16:30", 30);
  await punch(dee.id, "2026-11-16", "07:55", "16:30");
  // Tue 08:00–16:30, 30 min break (8 h); punched 08:10–16:30 (8 h 20): 10 min late against the shift, not the 09:00 start.
  await shift(dee.id, "2026-11-17", "08:00", "16:30", 30);
  await punch(dee.id, "2026-11-17", "08:10", "16:30");
  // Wed: no shift, so the 09:00 expected start; punched 09:05–17:00 (7 h 55): 5 min late.
  await punch(dee.id, "2026-11-18", "09:05", "17:00");
  // Thu 08:00–12:00 (4 h); no punch: a no-show and a missed punch-in.
  await shift(dee.id, "2026-11-19", "08:00", "12:00");
  // Fri 20:00–23:00: not begun at 18:00, so not scheduled yet, and no missed punch-in (the shift, not 09:00, is Friday's start).
  await shift(dee.id, "2026-11-20", "20:00", "23:00");

  // Eli. A draft on Monday and an open shift on Wednesday count for nobody.
  await shift(eli.id, "2026-11-16", "08:00", "16:00", 0, "draft");
  await shift(null, "2026-11-18", "08:00", "16:00");
  // Tue 08:00–16:00 (8 h); punched 08:00–12:00 (4 h): on time (at the start is not late), left early.
  await shift(eli.id, "2026-11-17", "08:00", "16:00");
  await punch(eli.id, "2026-11-17", "08:00", "12:00");
});

describe("accountability against the schedule", () => {
  it("matches the hand-computed scheduled and worked hours, no-shows, late and missed punch-ins", async () => {
    const data = await getAccountability(period, now);
    // Dee: scheduled 8 + 8 + 4 = 20 h (1200 min); worked 515 + 500 + 475 = 1490 min.
    expect(data.members.find((m) => m.id === ids.dee)).toMatchObject({ scheduledMinutes: 1200, workedMinutes: 1490, noShows: 1, missedPunchIns: 1, latePunchIns: 2 });
    // Eli: scheduled 8 h (the draft is not); worked 4 h; nothing missed (no expected start, Tuesday on time).
    expect(data.members.find((m) => m.id === ids.eli)).toMatchObject({ scheduledMinutes: 480, workedMinutes: 240, noShows: 0, missedPunchIns: 0, latePunchIns: 0 });
    // The department: its members' sums.
    expect(data.departments.find((d) => d.id === ids.unit)).toMatchObject({ scheduledMinutes: 1680, workedMinutes: 1730, noShows: 1, missedPunchIns: 1, latePunchIns: 2 });
  });

  it("lists what is behind each figure", async () => {
    const viewer = { userId: ids.admin, role: "admin" as const };
    const details = (metric: "scheduledMinutes" | "workedMinutes" | "noShows" | "latePunchIns" | "missedPunchIns", who: { userId?: string; unitId?: string }) =>
      getAccountabilityDetails(viewer, { ...period, metric, ...who }, now).then((d) => d.items.map((i) => i.detail));
    expect(await details("scheduledMinutes", { userId: ids.dee })).toEqual([
      "8:00–4:30 · Kennel hand · 8.00 h",
      "8:00–4:30 · Kennel hand · 8.00 h",
      "8:00–12:00 · Kennel hand · 4.00 h",
    ]);
    expect(await details("workedMinutes", { userId: ids.eli })).toEqual(["8:00 AM – 12:00 PM · 4.00 h"]);
    expect(await details("noShows", { unitId: ids.unit })).toEqual(["No punch during the shift 8:00–12:00 · Kennel hand"]);
    // Each item's date is its `when`.
    const noShow = await getAccountabilityDetails(viewer, { ...period, metric: "noShows", userId: ids.dee }, now);
    expect(noShow.items.map((i) => i.when)).toEqual([at("2026-11-19", "08:00").toISOString()]);
    expect(await details("latePunchIns", { userId: ids.dee })).toEqual([
      "Punched in at 8:10 AM on 2026-11-17, expected 08:00, the shift's start (10 min late)",
      "Punched in at 9:05 AM on 2026-11-18, expected 09:00 (5 min late)",
    ]);
    expect(await details("missedPunchIns", { userId: ids.dee })).toEqual(["No punch-in on 2026-11-19 (expected 08:00, the shift's start)"]);
  });

  it("exports scheduled and worked hours and no-shows in the CSV", async () => {
    const lines = (await exportAccountabilityCsv(period, now)).trim().split("\r\n");
    expect(lines[0]).toMatch(/,Scheduled hours,Worked hours,No-shows$/);
    expect(lines.find((l) => l.startsWith("Member,Dee Dunn,"))).toMatch(/,20\.00,24\.83,1$/);
    expect(lines.find((l) => l.startsWith("Department,Kennel,"))).toMatch(/,28\.00,28\.83,1$/);
  });
});
