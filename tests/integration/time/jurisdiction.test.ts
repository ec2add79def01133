/**
 * Break and overtime rules by jurisdiction through the API (docs/time.md): the organization's
 * preset and its overrides per department and punch post, the missed-break flag and its waiver
 * (audited, refused in a locked period), and a locked period's stored figures that a later change
 * of the rules does not move.
 */
import { GET as cardHandler } from "@/app/api/admin/time/card/route";
import { POST as lockHandler } from "@/app/api/admin/time/locks/route";
import { POST as unlockHandler } from "@/app/api/admin/time/approvals/unlock/route";
import { GET as getRulesHandler, PUT as putRulesHandler } from "@/app/api/admin/time/jurisdictions/route";
import { POST as waiveHandler } from "@/app/api/admin/time/break-waivers/route";
import { ALREADY_WAIVED, NO_BREAK_ISSUE } from "@/lib/services/time/waive-break";
import { createPunchSession, createUser } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();
const H = 3_600_000;
const MIN = 60_000;
type Headers = Record<string, string>;

async function member(role: "staff" | "admin" = "staff") {
  const user = await createUser(testDb.prisma, { role });
  return { user, headers: await signIn(user) };
}
/** A wall-clock time in Chicago (CDT in summer 2024: UTC-5). */
const at = (day: string, hour: number, minute = 0) => new Date(Date.parse(`${day}T00:00:00.000Z`) + (hour + 5) * H + minute * MIN);
const putRules = (headers: Headers, body: unknown) => call(putRulesHandler, { method: "PUT", path: "/api/admin/time/jurisdictions", headers, body });
const waive = (headers: Headers, body: unknown) => call(waiveHandler, { method: "POST", path: "/api/admin/time/break-waivers", headers, body });
const rowOf = async (headers: Headers, period: string, email: string) => {
  const card = await call(cardHandler, { path: `/api/admin/time/card?period=${period}&q=${encodeURIComponent(email)}`, headers });
  expect(card.status).toBe(200);
  return card.body.rows[0];
};

describe("the organization's preset", () => {
  it("defaults to federal; choosing California turns a 13-hour day into 8 regular, 4 overtime, 1 double time and a meal premium", async () => {
    const admin = await member("admin");
    const staff = await member();
    // 07:00–12:00 Lunch, 12:30–20:30: 13 h worked, one meal (begun at 5 h), no second meal, no rest.
    await createPunchSession(testDb.prisma, { userId: staff.user.id, punchInAt: at("2024-07-09", 7), punchOutAt: at("2024-07-09", 12), outReason: "Lunch" });
    await createPunchSession(testDb.prisma, { userId: staff.user.id, punchInAt: at("2024-07-09", 12, 30), punchOutAt: at("2024-07-09", 20, 30) });

    const read = await call(getRulesHandler, { path: "/api/admin/time/jurisdictions", headers: admin.headers });
    expect(read.status).toBe(200);
    expect(read.body.organization).toBe("federal");
    expect(read.body.presets.map((p: { id: string }) => p.id)).toEqual(["federal", "california", "illinois", "new_york", "washington", "oregon", "colorado"]);

    const federal = await rowOf(admin.headers, "2024-07-09", staff.user.email);
    expect(federal.jurisdiction).toBe("federal");
    expect(federal.totals).toMatchObject({ workedMs: 13 * H, regularMs: 13 * H, overtimeMs: 0, doubleTimeMinutes: 0, premiumMinutes: 0 });
    expect(federal.breakIssues).toEqual([]);

    const saved = await putRules(admin.headers, { organization: "california" });
    expect(saved.status).toBe(200);
    expect(saved.body.organization).toBe("california");
    expect(await testDb.prisma.auditLog.count({ where: { action: "time.jurisdiction.update", actorId: admin.user.id } })).toBe(1);

    const ca = await rowOf(admin.headers, "2024-07-09", staff.user.email);
    expect(ca.jurisdiction).toBe("california");
    expect(ca.totals).toMatchObject({ regularMs: 8 * H, overtimeMs: 4 * H, doubleTimeMinutes: 60, premiumMinutes: 120 });
    expect(ca.days.find((d: { date: string }) => d.date === "2024-07-09")).toMatchObject({ doubleTimeMinutes: 60, premiumMinutes: 120 });
    // The second meal (before the end of the tenth hour) and three rests are missing: one meal hour, one rest hour.
    expect(ca.breakIssues.map((i: { kind: string; index: number; problem: string }) => `${i.kind}${i.index} ${i.problem}`)).toEqual(["meal2 missed", "rest1 missed", "rest2 missed", "rest3 missed"]);
  });

  it("an unknown preset is a 400 naming the field", async () => {
    const admin = await member("admin");
    const res = await putRules(admin.headers, { organization: "texas" });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/organization must be one of the presets/);
    const unit = await putRules(admin.headers, { units: [{ id: "00000000-0000-4000-8000-000000000000", jurisdiction: "mars" }] });
    expect(unit.status).toBe(400);
    expect(unit.body.message).toMatch(/units\[\]\.jurisdiction/);
  });
});

describe("overrides for businesses with sites in two states", () => {
  it("a department's preset applies to its members; a punch post's preset applies to the days worked there", async () => {
    const admin = await member("admin");
    const staff = await member();
    const unit = await testDb.prisma.organizationalUnit.create({ data: { name: `Chicago crematory ${Math.random()}` } });
    await testDb.prisma.unitMembership.create({ data: { unitId: unit.id, userId: staff.user.id } });
    const post = await testDb.prisma.punchStation.create({ data: { location: `ca-site-${Math.random()}` } });
    // Two 8-hour days without a meal: one at the Illinois department's usual place, one at the California post.
    await createPunchSession(testDb.prisma, { userId: staff.user.id, punchInAt: at("2024-08-06", 8), punchOutAt: at("2024-08-06", 16) });
    await createPunchSession(testDb.prisma, { userId: staff.user.id, punchInAt: at("2024-08-07", 8), punchOutAt: at("2024-08-07", 16), inLocation: post.location });

    const res = await putRules(admin.headers, { organization: "federal", units: [{ id: unit.id, jurisdiction: "illinois" }], posts: [{ id: post.id, jurisdiction: "california" }] });
    expect(res.status).toBe(200);
    expect(res.body.units.find((u: { id: string }) => u.id === unit.id).jurisdiction).toBe("illinois");

    const row = await rowOf(admin.headers, "2024-08-06", staff.user.email);
    expect(row.jurisdiction).toBe("illinois");
    expect(row.breakIssues.map((i: { date: string; kind: string; problem: string }) => `${i.date} ${i.kind} ${i.problem}`)).toEqual([
      "2024-08-06 meal missed", // Illinois: 20 minutes owed for 7½ hours, no premium
      "2024-08-07 meal missed", // California at the post: 30 minutes owed for more than 5 hours
      "2024-08-07 rest missed",
      "2024-08-07 rest missed",
    ]);
    expect(row.days.find((d: { date: string }) => d.date === "2024-08-06").premiumMinutes).toBe(0);
    expect(row.days.find((d: { date: string }) => d.date === "2024-08-07").premiumMinutes).toBe(120);

    // Clearing the overrides puts the organization's rules back.
    await putRules(admin.headers, { units: [{ id: unit.id, jurisdiction: null }], posts: [{ id: post.id, jurisdiction: null }] });
    expect((await rowOf(admin.headers, "2024-08-06", staff.user.email)).breakIssues).toEqual([]);
  });

  it("an unknown department is a 404", async () => {
    const admin = await member("admin");
    const res = await putRules(admin.headers, { units: [{ id: "00000000-0000-4000-8000-000000000000", jurisdiction: "oregon" }] });
    expect(res.status).toBe(404);
  });
});

describe("waiving a missed-break premium", () => {
  it("takes the premium away, keeps the flag with who and why, is audited, and is refused twice, without a problem, or once locked", async () => {
    const admin = await member("admin");
    const staff = await member();
    const post = await testDb.prisma.punchStation.create({ data: { location: `ca-waive-${Math.random()}`, jurisdiction: "california" } });
    // 9 hours without a meal, with two 10-minute rests: only the meal is missing.
    await createPunchSession(testDb.prisma, { userId: staff.user.id, punchInAt: at("2024-09-10", 8), punchOutAt: at("2024-09-10", 11), outReason: "Break", inLocation: post.location });
    await createPunchSession(testDb.prisma, { userId: staff.user.id, punchInAt: at("2024-09-10", 11, 10), punchOutAt: at("2024-09-10", 14), outReason: "Break", inLocation: post.location });
    await createPunchSession(testDb.prisma, { userId: staff.user.id, punchInAt: at("2024-09-10", 14, 10), punchOutAt: at("2024-09-10", 17), inLocation: post.location });

    const before = await rowOf(admin.headers, "2024-09-10", staff.user.email);
    expect(before.totals).toMatchObject({ workedMs: 9 * H, regularMs: 8 * H, overtimeMs: 1 * H, premiumMinutes: 60 });
    expect(before.breakIssues).toEqual([expect.objectContaining({ date: "2024-09-10", kind: "meal", problem: "missed", waiver: null })]);

    const refused = await waive(admin.headers, { userId: staff.user.id, date: "2024-09-10", kind: "rest", reason: "No rest problem" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(NO_BREAK_ISSUE("rest", "2024-09-10"));
    const noReason = await waive(admin.headers, { userId: staff.user.id, date: "2024-09-10", kind: "meal", reason: " " });
    expect(noReason.status).toBe(400);

    const done = await waive(admin.headers, { userId: staff.user.id, date: "2024-09-10", kind: "meal", reason: "Signed on-duty meal agreement" });
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({ userId: staff.user.id, date: "2024-09-10", kind: "meal", reason: "Signed on-duty meal agreement" });
    const audit = await testDb.prisma.auditLog.findFirst({ where: { action: "time.break.waive", entityId: staff.user.id } });
    expect(audit).toMatchObject({ actorId: admin.user.id });

    const after = await rowOf(admin.headers, "2024-09-10", staff.user.email);
    expect(after.totals).toMatchObject({ regularMs: 8 * H, overtimeMs: 1 * H, premiumMinutes: 0 });
    expect(after.breakIssues[0].waiver).toMatchObject({ reason: "Signed on-duty meal agreement" });
    expect((await waive(admin.headers, { userId: staff.user.id, date: "2024-09-10", kind: "meal", reason: "Again" })).body.message).toBe(ALREADY_WAIVED("meal", "2024-09-10"));

    const staffTry = await waive(staff.headers, { userId: staff.user.id, date: "2024-09-10", kind: "meal", reason: "Mine" });
    expect(staffTry.status).toBe(403);

    // Locked: a waiver of another day of the period is refused with the period named.
    await createPunchSession(testDb.prisma, { userId: staff.user.id, punchInAt: at("2024-09-11", 8), punchOutAt: at("2024-09-11", 17), inLocation: post.location });
    expect((await call(lockHandler, { method: "POST", path: "/api/admin/time/locks", headers: admin.headers, body: { period: "2024-09-10", userIds: [staff.user.id] } })).status).toBe(200);
    const locked = await waive(admin.headers, { userId: staff.user.id, date: "2024-09-11", kind: "meal", reason: "Too late" });
    expect(locked.status).toBe(409);
    expect(locked.body).toMatchObject({ periodLocked: true, period: { start: "2024-09-09", end: "2024-09-15" } });
  });
});

describe("closed periods", () => {
  it("a locked period keeps the figures stored when it locked, whatever the rules become; unlocking recomputes", async () => {
    const admin = await member("admin");
    const staff = await member();
    const unit = await testDb.prisma.organizationalUnit.create({ data: { name: `Lock site ${Math.random()}` } });
    await testDb.prisma.unitMembership.create({ data: { unitId: unit.id, userId: staff.user.id } });
    await putRules(admin.headers, { units: [{ id: unit.id, jurisdiction: "federal" }] });
    // A 14-hour day: federal → 14 regular; California would make it 8 + 4 OT + 2 DT.
    await createPunchSession(testDb.prisma, { userId: staff.user.id, punchInAt: at("2024-10-01", 6), punchOutAt: at("2024-10-01", 20) });

    expect((await call(lockHandler, { method: "POST", path: "/api/admin/time/locks", headers: admin.headers, body: { period: "2024-10-01", userIds: [staff.user.id] } })).status).toBe(200);
    const stored = await testDb.prisma.payPeriodLock.findFirst({ where: { userId: staff.user.id, periodStart: new Date("2024-09-30T00:00:00Z") } });
    expect(stored!.figures).toMatchObject({ jurisdiction: "federal", totals: { regularMs: 14 * H, overtimeMs: 0, doubleTimeMinutes: 0 } });

    await putRules(admin.headers, { units: [{ id: unit.id, jurisdiction: "california" }] });
    const locked = await rowOf(admin.headers, "2024-10-01", staff.user.email);
    expect(locked.storedFigures).toBe(true);
    expect(locked.jurisdiction).toBe("federal");
    expect(locked.totals).toMatchObject({ regularMs: 14 * H, overtimeMs: 0, doubleTimeMinutes: 0, premiumMinutes: 0 });

    const unlocked = await call(unlockHandler, { method: "POST", path: "/api/admin/time/approvals/unlock", headers: admin.headers, body: { period: "2024-10-01", userId: staff.user.id, reason: "Rules changed" } });
    expect(unlocked.status).toBe(200);
    const live = await rowOf(admin.headers, "2024-10-01", staff.user.email);
    expect(live.storedFigures).toBe(false);
    expect(live.totals).toMatchObject({ regularMs: 8 * H, overtimeMs: 4 * H, doubleTimeMinutes: 120 });
  });
});
