/**
 * Time-off policies (docs/schedules.md "Policies") and paid time off in pay (docs/time.md "Paid
 * time off"): accrual from LOCKED pay periods only, idempotent across re-runs and the lock's hook;
 * yearly grants and the carry-over cap; balances line by line against a hand-computed ledger;
 * the 400s naming the field; who may do what (API key scopes too); the time card's and the
 * payroll export's time-off hours by type, beside unchanged worked hours and overtime.
 */
import { parse } from "csv-parse/sync";
import { POST as approveHandler } from "@/app/api/admin/time/approvals/route";
import { POST as unlockHandler } from "@/app/api/admin/time/approvals/unlock/route";
import { GET as cardHandler } from "@/app/api/admin/time/card/route";
import { POST as lockHandler } from "@/app/api/admin/time/locks/route";
import { GET as payrollHandler } from "@/app/api/admin/time/payroll/route";
import { GET as balancesHandler } from "@/app/api/time-off/balances/route";
import { GET as policiesHandler } from "@/app/api/time-off/policies/route";
import { PUT as setPolicyHandler } from "@/app/api/time-off/policies/[id]/route";
import { POST as runHandler } from "@/app/api/time-off/policies/run/route";
import { dateKeyOfDateColumn } from "@/lib/dates";
import { applyYearlyRules } from "@/lib/services/time-off/policies";
import { createApiKey, createPunchSession } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { callRaw } from "@/tests/support/uploads";
import { person } from "../tasks/fixtures";

const testDb = useTestDatabase();
const H = 3_600_000;
type Who = Awaited<ReturnType<typeof person>>;
let admin: Who, manager: Who, ana: Who, ben: Who;
let types: Record<string, string>;

/** A wall-clock time in Chicago in summer 2024 (CDT, UTC-5). */
const at = (day: string, hour: number, minute = 0) => new Date(Date.parse(`${day}T00:00:00.000Z`) + (hour + 5) * H + minute * 60_000);

beforeAll(async () => {
  [admin, manager, ana, ben] = [
    await person(testDb.prisma, "admin", { firstName: "Ada", lastName: "Admin" }),
    await person(testDb.prisma, "manager"),
    await person(testDb.prisma, "staff", { firstName: "Ana", lastName: "Lee" }),
    await person(testDb.prisma, "staff", { firstName: "Ben", lastName: "Ortiz" }),
  ];
  types = Object.fromEntries((await testDb.prisma.timeOffType.findMany()).map((t) => [t.key, t.id]));
});

const setPolicy = (who: Who, typeId: string, body: Record<string, unknown>) =>
  call(setPolicyHandler, { method: "PUT", path: `/api/time-off/policies/${typeId}`, headers: who.headers, params: { id: typeId }, body });
const run = (who: Who) => call(runHandler, { method: "POST", path: "/api/time-off/policies/run", headers: who.headers });
const lock = (period: string, userIds: string[]) => call(lockHandler, { method: "POST", path: "/api/admin/time/locks", headers: admin.headers, body: { period, userIds } });
const approve = (period: string, userIds: string[]) => call(approveHandler, { method: "POST", path: "/api/admin/time/approvals", headers: admin.headers, body: { period, userIds } });
const balances = (who: Who, headers = who.headers) => call(balancesHandler, { path: "/api/time-off/balances", headers });
const ledgerOf = (userId: string, typeId: string) => testDb.prisma.timeOffLedgerEntry.findMany({ where: { userId, typeId }, orderBy: { createdAt: "asc" } });

describe("policies: input and who may set them", () => {
  it("answers 400 naming the field, 403 to non-admins, and lists every paid type", async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ method: "yearly_grant", startDay: "2024-01-01" }, /yearlyHours/],
      [{ method: "accrual", perHoursWorked: 30, startDay: "2024-01-01" }, /accrualHours/],
      [{ method: "accrual", accrualHours: 1, startDay: "2024-01-01" }, /perHoursWorked/],
      [{ method: "accrual", accrualHours: 1, perHoursWorked: 0, startDay: "2024-01-01" }, /perHoursWorked/],
      [{ method: "yearly_grant", yearlyHours: 80, carryOverCapHours: -1, startDay: "2024-01-01" }, /carryOverCapHours/],
      [{ method: "yearly_grant", yearlyHours: 80, startDay: "2024-02-30" }, /startDay/],
      [{ method: "monthly", startDay: "2024-01-01" }, /method/],
    ];
    for (const [body, field] of cases) {
      const res = await setPolicy(admin, types.vacation, body);
      expect([res.status, res.body.message]).toEqual([400, expect.stringMatching(field)]);
    }
    expect((await setPolicy(admin, types.unpaid, { method: "yearly_grant", yearlyHours: 8, startDay: "2024-01-01" })).body.message).toMatch(/method/);
    expect((await setPolicy(manager, types.vacation, { method: "yearly_grant", yearlyHours: 80, startDay: "2024-01-01" })).status).toBe(403);
    expect((await run(manager)).status).toBe(403);
    expect((await call(policiesHandler, { path: "/api/time-off/policies", headers: ana.headers })).status).toBe(403);
    const listed = await call(policiesHandler, { path: "/api/time-off/policies", headers: admin.headers });
    expect(listed.body.types.map((t: { typeName: string }) => t.typeName)).toEqual(["Vacation", "Sick", "Bereavement"]);
  });
});

describe("accrual from locked pay periods", () => {
  it("writes floor(worked × 1 ÷ 30) once per locked period: at the lock, never under an unlocked one, never twice across re-runs", async () => {
    const set = await setPolicy(admin, types.sick, { method: "accrual", accrualHours: 1, perHoursWorked: 30, startDay: "2024-07-01" });
    expect(set.body).toMatchObject({ method: "accrual", accrualHours: 1, perHoursWorked: 30, carryOverCapHours: null, startDay: "2024-07-01" });
    // Week of Jul 1, 2024: 4 × 8 h − a 30-minute gap = 31.5 h. Week of Jul 8: 10 h. Week of Jun 24 (before the start day): 40 h.
    for (const d of ["2024-07-01", "2024-07-02", "2024-07-03"]) await createPunchSession(testDb.prisma, { userId: ana.id, punchInAt: at(d, 8), punchOutAt: at(d, 16) });
    await createPunchSession(testDb.prisma, { userId: ana.id, punchInAt: at("2024-07-04", 8), punchOutAt: at("2024-07-04", 15, 30) });
    await createPunchSession(testDb.prisma, { userId: ana.id, punchInAt: at("2024-07-09", 8), punchOutAt: at("2024-07-09", 18) });
    for (const d of ["2024-06-24", "2024-06-25", "2024-06-26", "2024-06-27", "2024-06-28"]) await createPunchSession(testDb.prisma, { userId: ana.id, punchInAt: at(d, 8), punchOutAt: at(d, 16) });

    // Approved but not locked: nothing accrues, even when the job runs.
    await approve("2024-07-03", [ana.id]);
    expect((await run(admin)).body.accrued).toBe(0);
    expect(await ledgerOf(ana.id, types.sick)).toHaveLength(0);

    // Locking accrues at once: 31.5 h × 60 ÷ 1800 = 63 minutes.
    expect((await lock("2024-07-03", [ana.id])).status).toBe(200);
    let rows = await ledgerOf(ana.id, types.sick);
    expect(rows.map((r) => [r.kind, r.minutes, r.actorId, r.periodStart && dateKeyOfDateColumn(r.periodStart)])).toEqual([["accrual", 63, admin.id, "2024-07-01"]]);
    expect(rows[0].reason).toBe("Accrued: 31.50 h worked 2024-07-01 to 2024-07-07");

    // Re-runs write nothing more; neither does locking again or two runs at once.
    expect((await run(admin)).body.accrued).toBe(0);
    await lock("2024-07-03", [ana.id]);
    await Promise.all([run(admin), run(admin)]);
    expect(await ledgerOf(ana.id, types.sick)).toHaveLength(1);

    // The period before the start day is locked too: nothing. The week of Jul 8 is locked through the job only (its lock row made by hand, as after a failed hook).
    await lock("2024-06-26", [ana.id]);
    await approve("2024-07-10", [ana.id]);
    await testDb.prisma.payPeriodLock.updateMany({ where: { userId: ana.id, periodStart: new Date("2024-07-08T00:00:00Z") }, data: { lockedAt: new Date(), lockedById: admin.id } });
    expect((await run(admin)).body.accrued).toBe(1);
    rows = await ledgerOf(ana.id, types.sick);
    expect(rows.map((r) => r.minutes)).toEqual([63, 20]);

    // Unlocking keeps what was accrued; relocking adds nothing.
    expect((await call(unlockHandler, { method: "POST", path: "/api/admin/time/approvals/unlock", headers: admin.headers, body: { period: "2024-07-03", userIds: [ana.id], reason: "Fix a punch" } })).status).toBe(200);
    expect((await run(admin)).body.accrued).toBe(0);
    await lock("2024-07-03", [ana.id]);
    expect((await ledgerOf(ana.id, types.sick)).map((r) => r.minutes)).toEqual([63, 20]);
  });
});

describe("yearly grants, the carry-over cap and the balance line by line", () => {
  it("grants on Jan 1, caps what carries over, and the balance is the hand-computed sum with each row's running balance", async () => {
    expect((await setPolicy(admin, types.vacation, { method: "yearly_grant", yearlyHours: 80, carryOverCapHours: 40, startDay: "2024-01-01" })).status).toBe(200);
    await applyYearlyRules("2024-03-01");
    // 2024: 80 h granted, 16 h used in June, an 8 h adjustment in November (rows of that year).
    await testDb.prisma.timeOffLedgerEntry.createMany({
      data: [
        { userId: ben.id, typeId: types.vacation, kind: "use", minutes: -960, reason: "Approved time off", actorId: manager.id, createdAt: new Date("2024-06-10T15:00:00Z") },
        { userId: ben.id, typeId: types.vacation, kind: "adjustment", minutes: 480, reason: "Worked the holiday", actorId: admin.id, createdAt: new Date("2024-11-29T15:00:00Z") },
      ],
    });
    await testDb.prisma.timeOffLedgerEntry.updateMany({ where: { userId: ben.id, typeId: types.vacation, kind: "grant" }, data: { createdAt: new Date("2024-01-01T12:00:00Z") } });
    // 2025: the 2024 balance is 80 − 16 + 8 = 72 h; 32 h above the 40 h cap go; then 80 h granted.
    expect(await applyYearlyRules("2025-01-02")).toMatchObject({ capped: expect.any(Number), granted: expect.any(Number) });
    // Again: nothing more.
    expect(await applyYearlyRules("2025-01-03")).toEqual({ granted: 0, capped: 0 });
    const rows = await ledgerOf(ben.id, types.vacation);
    expect(rows.map((r) => [r.kind, r.minutes]).sort()).toEqual(
      [
        ["grant", 4800],
        ["use", -960],
        ["adjustment", 480],
        ["adjustment", -1920],
        ["grant", 4800],
      ].sort(),
    );
    const hand = 80 - 16 + 8 - 32 + 80;
    const res = await balances(ben);
    const vacation = res.body.balances.find((b: { typeId: string }) => b.typeId === types.vacation);
    expect(vacation.hours).toBe(hand);
    // Newest first, each with the balance after it; the oldest row's balance is its own hours.
    const lines = vacation.rows as Array<{ kind: string; hours: number; reason: string; actorName: string; balance: number }>;
    expect(lines[0].balance).toBe(hand);
    expect(lines.at(-1)).toMatchObject({ kind: "grant", hours: 80, reason: "Yearly grant for 2024", actorName: "Ada Admin", balance: 80 });
    expect(lines.find((l) => l.kind === "adjustment" && l.hours === -32)).toMatchObject({ reason: "Carry-over cap of 40 h into 2025" });
    for (let i = 0; i < lines.length - 1; i++) expect(lines[i].balance).toBeCloseTo(lines[i + 1].balance + lines[i].hours, 5);
    // An API key needs schedule:read for the balances.
    const key = async (scopes: string[]) => ({ authorization: `Bearer ${(await createApiKey(testDb.prisma, { createdById: ben.id, actingUserId: ben.id, scopes })).token}` });
    expect((await balances(ben, await key([]))).status).toBe(403);
    expect((await balances(ben, await key(["schedule:read"]))).status).toBe(200);
  });
});

describe("paid time off in pay", () => {
  it("shows on the time card and in the payroll export as its own hours by type; worked hours and overtime do not change", async () => {
    const cy = await person(testDb.prisma, "staff", { firstName: "Cy", lastName: "Park" });
    // Week of Sep 9, 2024: 8 h worked on Monday; vacation Tue–Wed (8 h each, approved), sick Thursday 4 h (approved), a pending request Friday, unpaid Saturday.
    await createPunchSession(testDb.prisma, { userId: cy.id, punchInAt: at("2024-09-09", 8), punchOutAt: at("2024-09-09", 16) });
    const req = (typeId: string, start: string, end: string, minutesPerDay: number, status: "approved" | "pending") =>
      testDb.prisma.timeOffRequest.create({
        data: { userId: cy.id, typeId, startDay: new Date(`${start}T00:00:00Z`), endDay: new Date(`${end}T00:00:00Z`), minutesPerDay, fullDays: minutesPerDay === 480, minutes: minutesPerDay * (1 + (Date.parse(end) - Date.parse(start)) / 86_400_000), status },
      });
    await req(types.vacation, "2024-09-08", "2024-09-11", 480, "approved"); // Sunday Sep 8 falls in the week before
    await req(types.sick, "2024-09-12", "2024-09-12", 240, "approved");
    await req(types.vacation, "2024-09-13", "2024-09-13", 480, "pending");
    await req(types.unpaid, "2024-09-14", "2024-09-14", 480, "approved");

    const card = await call(cardHandler, { path: `/api/admin/time/card?period=2024-09-10&q=${encodeURIComponent(cy.user.email)}`, headers: admin.headers });
    const row = card.body.rows[0];
    expect(row.totals).toMatchObject({ regularMs: 8 * H, overtimeMs: 0, workedMs: 8 * H });
    expect(row.timeOff).toEqual([
      { typeId: types.vacation, typeName: "Vacation", hours: 24, days: ["2024-09-09", "2024-09-10", "2024-09-11"].map((date) => ({ date, hours: 8 })) },
      { typeId: types.sick, typeName: "Sick", hours: 4, days: [{ date: "2024-09-12", hours: 4 }] },
    ]);

    const res = await callRaw(payrollHandler, { method: "GET", path: "/api/admin/time/payroll?period=2024-09-10&kind=summary&format=csv", headers: admin.headers });
    expect(res.status).toBe(200);
    const [header, ...rows] = parse(res.body, { bom: true, skip_empty_lines: true }) as string[][];
    expect(header.slice(-2)).toEqual(["Vacation hours", "Sick hours"]);
    const mine = rows.find((r) => r.includes(cy.user.email))!;
    const col = (name: string) => mine[header.indexOf(name)];
    expect([col("Regular hours"), col("Overtime hours"), col("Vacation hours"), col("Sick hours")]).toEqual(["8.00", "0.00", "24.00", "4.00"]);
    // Everyone else in the file has 0 of each.
    expect(rows.filter((r) => r !== mine).every((r) => r.at(-1) === "0.00" && r.at(-2) === "0.00")).toBe(true);
  });
});
