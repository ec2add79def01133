/**
 * Pay rates and labour cost (docs/time.md "Pay rates and labour cost"): rates' CRUD with the 400s
 * that name the field, effective dating, the 409 naming a locked pay period, the audit rows (who,
 * when, old, new), and that nobody without pay.read (or an API key without pay:read) reads a rate
 * or a cost on any path: the rates, the time card, the members' list and profile, labour cost.
 */
import { GET as listRates, POST as createRate } from "@/app/api/members/[id]/pay-rates/route";
import { DELETE as deleteRate, PATCH as updateRate } from "@/app/api/pay-rates/[id]/route";
import { GET as costHandler } from "@/app/api/labour-cost/route";
import { GET as linesHandler } from "@/app/api/labour-cost/lines/route";
import { GET as scheduleCostHandler } from "@/app/api/labour-cost/schedule/route";
import { GET as cardHandler } from "@/app/api/admin/time/card/route";
import { GET as membersHandler } from "@/app/api/members/route";
import { GET as memberHandler } from "@/app/api/members/[id]/route";
import { createApiKey, createMemorialCase, createProcess, createProcessRun, createPunchSession, createTimeEntry } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person, unitWith } from "../tasks/fixtures";

const testDb = useTestDatabase();
type Who = Awaited<ReturnType<typeof person>>;
let admin: Who, manager: Who, staff: Who, worker: Who;
let unitId: string;

beforeAll(async () => {
  [admin, manager, staff, worker] = [
    await person(testDb.prisma, "admin"),
    await person(testDb.prisma, "manager"),
    await person(testDb.prisma, "staff"),
    await person(testDb.prisma, "staff", { firstName: "Wren", lastName: "Okoro" }),
  ];
  unitId = (await unitWith(testDb.prisma, manager.id, staff.id, worker.id)).id;
});

const rates = (who: { headers: Record<string, string> }, userId: string) => call(listRates, { path: `/api/members/${userId}/pay-rates`, headers: who.headers, params: { id: userId } });
const create = (who: { headers: Record<string, string> }, userId: string, body: unknown) =>
  call(createRate, { method: "POST", path: `/api/members/${userId}/pay-rates`, headers: who.headers, params: { id: userId }, body });
const update = (who: { headers: Record<string, string> }, id: string, body: unknown) => call(updateRate, { method: "PATCH", path: `/api/pay-rates/${id}`, headers: who.headers, params: { id }, body });
const remove = (who: { headers: Record<string, string> }, id: string) => call(deleteRate, { method: "DELETE", path: `/api/pay-rates/${id}`, headers: who.headers, params: { id } });

/** A worked day, 9:00–17:00 in Chicago (CST in March: UTC−6), no break. */
const workDay = (userId: string, day: string, from = "15:00", to = "23:00") =>
  createPunchSession(testDb.prisma, { userId, punchInAt: new Date(`${day}T${from}:00Z`), punchOutAt: new Date(`${day}T${to}:00Z`), outReason: "End of Workday" });

describe("pay rates", () => {
  it("anonymous 401, staff and managers 403, a missing member 404", async () => {
    expect((await call(listRates, { path: `/api/members/${staff.id}/pay-rates`, params: { id: staff.id } })).status).toBe(401);
    expect((await rates(staff, staff.id)).status).toBe(403);
    expect((await rates(manager, staff.id)).status).toBe(403);
    expect((await create(manager, staff.id, { kind: "hourly", amount: 20, effectiveFrom: "2030-01-01" })).status).toBe(403);
    const missing = "00000000-0000-4000-8000-000000000001";
    expect((await rates(admin, missing)).status).toBe(404);
  });

  it("refuses more than two decimals, a negative amount, a bad kind and day, naming the field", async () => {
    const cases: [unknown, RegExp][] = [
      [{ kind: "hourly", amount: "18.255", effectiveFrom: "2030-01-01" }, /amount must be an amount with at most two decimals/],
      [{ kind: "hourly", amount: -3, effectiveFrom: "2030-01-01" }, /amount must not be negative/],
      [{ kind: "weekly", amount: 3, effectiveFrom: "2030-01-01" }, /kind must be "hourly" or "salaried"/],
      [{ kind: "hourly", amount: 3, effectiveFrom: "2030-02-30" }, /effectiveFrom must be a date/],
      [{ kind: "hourly", amount: 3, effectiveFrom: "2030-01-01", roleLabel: "Driver", unitId }, /roleLabel and unitId/],
    ];
    for (const [body, message] of cases) {
      const res = await create(admin, staff.id, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(await testDb.prisma.payRate.count({ where: { userId: staff.id } })).toBe(0);
  });

  it("creates, corrects and removes a rate, each change audited with who, when, old and new", async () => {
    const made = await create(admin, staff.id, { kind: "hourly", amount: "18.50", effectiveFrom: "2030-01-01", note: "Start" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ kind: "hourly", amountCents: 1850, centsPerHour: 1850, effectiveFrom: "2030-01-01", roleLabel: null, unit: null, note: "Start" });
    expect((await testDb.prisma.payRate.findUniqueOrThrow({ where: { id: made.body.id } })).amountCents).toBe(1850);
    // The same key from the same day: correct that one instead.
    expect((await create(admin, staff.id, { kind: "hourly", amount: 19, effectiveFrom: "2030-01-01" })).status).toBe(409);

    const fixed = await update(admin, made.body.id, { amount: "18.75" });
    expect(fixed.status).toBe(200);
    expect(fixed.body.amountCents).toBe(1875);
    const salaried = await create(admin, staff.id, { kind: "salaried", amount: "52000", effectiveFrom: "2030-06-01" });
    expect(salaried.body.centsPerHour).toBe(2500);
    expect((await remove(admin, salaried.body.id)).status).toBe(200);

    const read = await rates(admin, staff.id);
    expect(read.status).toBe(200);
    expect(read.body.rates.map((r: { amountCents: number }) => r.amountCents)).toEqual([1875]);
    const history = read.body.history as { action: string; actor: { id: string }; before: unknown; after: unknown; rateId: string; at: string }[];
    expect(history.map((h) => h.action).sort()).toEqual(["pay_rate.create", "pay_rate.create", "pay_rate.delete", "pay_rate.update"]);
    const updated = history.find((h) => h.action === "pay_rate.update")!;
    expect(updated).toMatchObject({ actor: { id: admin.id }, rateId: made.body.id, before: { amountCents: 1850 }, after: { amountCents: 1875 } });
    expect(history.find((h) => h.action === "pay_rate.delete")).toMatchObject({ before: { kind: "salaried", amountCents: 5_200_000 }, after: null });
    expect(await testDb.prisma.auditLog.count({ where: { entityId: staff.id, action: { startsWith: "pay_rate." } } })).toBe(4);
  });

  it("refuses a day inside a locked pay period with 409 naming the period", async () => {
    await testDb.prisma.payPeriodLock.create({
      data: {
        userId: worker.id,
        periodStart: new Date("2026-03-02T00:00:00Z"),
        periodEnd: new Date("2026-03-08T00:00:00Z"),
        startsAt: new Date("2026-03-02T06:00:00Z"),
        endsAt: new Date("2026-03-09T05:00:00Z"),
        lockedAt: new Date(),
        lockedById: admin.id,
      },
    });
    const res = await create(admin, worker.id, { kind: "hourly", amount: 20, effectiveFrom: "2026-03-04" });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ periodLocked: true, period: { start: "2026-03-02", end: "2026-03-08" } });
    expect(res.body.message).toMatch(/pay period .*2026.* is locked/);
    // The day after the period is open; moving that rate into the period is refused too.
    const after = await create(admin, worker.id, { kind: "hourly", amount: 20, effectiveFrom: "2026-03-09" });
    expect(after.status).toBe(201);
    expect((await update(admin, after.body.id, { effectiveFrom: "2026-03-08" })).status).toBe(409);
    expect(await testDb.prisma.payRate.count({ where: { userId: worker.id } })).toBe(1);
  });
});

describe("labour cost", () => {
  let costly: Who;
  beforeAll(async () => {
    costly = await person(testDb.prisma, "staff", { firstName: "Cass", lastName: "Pay" });
    // $20 an hour, then $24 from Wednesday 2026-03-11.
    await testDb.prisma.payRate.createMany({
      data: [
        { userId: costly.id, kind: "hourly", amountCents: 2000, effectiveFrom: new Date("2026-01-01T00:00:00Z"), createdById: admin.id },
        { userId: costly.id, kind: "hourly", amountCents: 2400, effectiveFrom: new Date("2026-03-11T00:00:00Z"), createdById: admin.id },
      ],
    });
    // Week 2026-03-09: 9 h Mon–Thu and 8 h Fri = 44 h, 4 h of weekly overtime on Friday.
    for (const day of ["2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12"]) await workDay(costly.id, day, "14:00", "23:00");
    await workDay(costly.id, "2026-03-13");
  });

  it("costs each day at the rate in force that day, overtime at 1.5×, on the time card", async () => {
    const card = await call(cardHandler, { path: "/api/admin/time/card?period=2026-03-09", headers: admin.headers });
    expect(card.status).toBe(200);
    const row = card.body.rows.find((r: { member: { id: string } }) => r.member.id === costly.id);
    // Mon, Tue 9 h × $20; Wed, Thu 9 h × $24; Fri: 4 h regular + 4 h overtime at $24 × 1.5.
    expect(row.cost.days.slice(0, 5).map((d: { cents: number }) => d.cents)).toEqual([18_000, 18_000, 21_600, 21_600, 9_600 + 14_400]);
    expect(row.cost).toMatchObject({ regularCents: 18_000 * 2 + 21_600 * 2 + 9_600, overtimeCents: 14_400, totalCents: 103_200, unratedMinutes: 0 });
    const lines = await call(linesHandler, { path: `/api/labour-cost/lines?userId=${costly.id}&period=2026-03-09`, headers: admin.headers });
    expect(lines.status).toBe(200);
    expect(lines.body.totalCents).toBe(103_200);
    expect(lines.body.lines.find((l: { part: string }) => l.part === "overtime")).toMatchObject({ date: "2026-03-13", minutes: 240, centsPerHour: 2400, multiplier: 1.5 });
  });

  it("costs a memorial case from its run's task minutes, and the figure opens to the minutes behind it", async () => {
    const process = await createProcess(testDb.prisma, { createdById: admin.id, organizationalUnitId: unitId }, [{ title: "Cremate" }, { title: "Package" }]);
    const run = await createProcessRun(testDb.prisma, { processId: process.id, createdById: admin.id, name: "Run for cost", startDate: "2026-03-16" });
    const found = await createMemorialCase(testDb.prisma, { createdById: admin.id, petName: "Pip", petSpecies: "Cat", familyName: "Cost", serviceType: "private", tagSerial: `T-${Date.now()}`, processRunId: run.run.id });
    const punch = await workDay(costly.id, "2026-03-16");
    await createTimeEntry(testDb.prisma, { userId: costly.id, taskId: run.taskIds[0], punchSessionId: punch.id, startedAt: new Date("2026-03-16T16:00:00Z"), endedAt: new Date("2026-03-16T17:30:00Z") });
    const lines = await call(linesHandler, { path: `/api/labour-cost/lines?caseId=${found.id}`, headers: admin.headers });
    expect(lines.status).toBe(200);
    expect(lines.body.range).toEqual({ from: "2026-03-16", to: "2026-03-16" });
    expect(lines.body.lines).toHaveLength(1);
    expect(lines.body.lines[0]).toMatchObject({ part: "task", minutes: 90, centsPerHour: 2400, multiplier: 1, cents: 3600, member: { id: costly.id } });
    expect(lines.body.totalCents).toBe(3600);
    const byCase = await call(costHandler, { path: "/api/labour-cost?by=case&from=2026-03-16&to=2026-03-16", headers: admin.headers });
    expect(byCase.body.groups.find((g: { id: string }) => g.id === found.id)).toMatchObject({ cents: 3600, minutes: 90 });
    // The groups and their "no case" line add up to the whole day: 8 h at $24.
    expect(byCase.body.totalCents).toBe(19_200);
    expect(byCase.body.groups.reduce((s: number, g: { cents: number }) => s + g.cents, 0)).toBe(19_200);
  });

  it("puts a week's scheduled cost beside its worked cost: a shift's paid minutes at its role label's rate", async () => {
    await testDb.prisma.payRate.create({ data: { userId: costly.id, kind: "hourly", amountCents: 3000, roleLabel: "Driver", effectiveFrom: new Date("2026-01-01T00:00:00Z"), createdById: admin.id } });
    // Monday 9:00–17:30 with a 30-minute break, as a driver: 8 h × $30.
    await testDb.prisma.shift.create({
      data: { unitId, userId: costly.id, roleLabel: "Driver", startsAt: new Date("2026-03-09T15:00:00Z"), endsAt: new Date("2026-03-09T23:30:00Z"), breakMinutes: 30, createdById: admin.id },
    });
    await testDb.prisma.shift.create({ data: { unitId, userId: null, startsAt: new Date("2026-03-10T15:00:00Z"), endsAt: new Date("2026-03-10T23:00:00Z"), createdById: admin.id } });
    const res = await call(scheduleCostHandler, { path: "/api/labour-cost/schedule?week=2026-03-09", headers: admin.headers });
    expect(res.status).toBe(200);
    expect(res.body.days[0]).toMatchObject({ date: "2026-03-09", scheduledMinutes: 480, scheduledCents: 24_000, workedCents: 18_000 });
    expect(res.body).toMatchObject({ scheduledCents: 24_000, workedCents: 103_200, unratedShifts: 1 });
    expect((await call(scheduleCostHandler, { path: "/api/labour-cost/schedule?week=2026-03-09", headers: manager.headers })).status).toBe(403);
  });

  it("costs each shift of the week with the overtime the week's shifts would make, for the grid", async () => {
    // Wren at $20: five 9-hour shifts (8:00-17:30 with a 30-minute unpaid break) in the week of
    // 2026-04-06 is 45 paid hours; the federal 40-hour week makes Friday's last 5 hours overtime.
    await testDb.prisma.payRate.create({ data: { userId: worker.id, kind: "hourly", amountCents: 2000, effectiveFrom: new Date("2026-01-01"), createdById: admin.id } });
    const days = ["2026-04-06", "2026-04-07", "2026-04-08", "2026-04-09", "2026-04-10"];
    const ids: string[] = [];
    for (const day of days) {
      const shift = await testDb.prisma.shift.create({
        data: { unitId, userId: worker.id, startsAt: new Date(`${day}T13:00:00Z`), endsAt: new Date(`${day}T22:30:00Z`), breakMinutes: 30, createdById: admin.id },
      });
      ids.push(shift.id);
    }
    const res = await call(scheduleCostHandler, { path: "/api/labour-cost/schedule?week=2026-04-06", headers: admin.headers });
    expect(res.status).toBe(200);
    const of = (id: string) => res.body.shifts.find((s: { id: string }) => s.id === id);
    for (const id of ids.slice(0, 4)) expect(of(id)).toEqual({ id, cents: 18_000, overtimeMinutes: 0 });
    // 4 h × $20 + 5 h × $30.
    expect(of(ids[4]!)).toEqual({ id: ids[4], cents: 23_000, overtimeMinutes: 300 });
    expect(res.body.days[4]).toMatchObject({ date: "2026-04-10", scheduledMinutes: 540, scheduledCents: 23_000 });
    expect(res.body.scheduledCents).toBe(4 * 18_000 + 23_000);
  });

  it("nobody without pay.read reads a cost or a rate: staff, managers, and an API key without pay:read", async () => {
    for (const who of [staff, manager]) {
      expect((await call(costHandler, { path: "/api/labour-cost", headers: who.headers })).status).toBe(403);
      expect((await call(linesHandler, { path: `/api/labour-cost/lines?userId=${costly.id}`, headers: who.headers })).status).toBe(403);
    }
    const key = async (scopes: string[]) => ({ authorization: `Bearer ${(await createApiKey(testDb.prisma, { createdById: admin.id, actingUserId: admin.id, scopes })).token}` });
    const timeOnly = await key(["time:read", "organization:read"]);
    const card = await call(cardHandler, { path: "/api/admin/time/card?period=2026-03-09", headers: timeOnly });
    expect(card.status).toBe(200);
    expect(JSON.stringify(card.body)).not.toMatch(/"cost"|Cents/);
    expect((await call(costHandler, { path: "/api/labour-cost", headers: timeOnly })).status).toBe(403);
    expect((await call(listRates, { path: `/api/members/${costly.id}/pay-rates`, headers: timeOnly, params: { id: costly.id } })).status).toBe(403);
    const withPay = await call(cardHandler, { path: "/api/admin/time/card?period=2026-03-09", headers: await key(["time:read", "pay:read"]) });
    expect(withPay.body.rows.find((r: { member: { id: string } }) => r.member.id === costly.id).cost.totalCents).toBe(103_200);
    // A key with pay:read reads the cost and the rates; no scope lets a key change a rate (people only).
    const payRead = await key(["pay:read"]);
    expect((await call(costHandler, { path: "/api/labour-cost?period=2026-03-09", headers: payRead })).status).toBe(200);
    expect((await call(listRates, { path: `/api/members/${costly.id}/pay-rates`, headers: payRead, params: { id: costly.id } })).status).toBe(200);
    const rate = { kind: "hourly", amount: "31.00", effectiveFrom: "2030-01-01" };
    expect((await create({ headers: payRead }, costly.id, rate)).status).toBe(403);
    // The members' list and a member's profile never carry a rate, whoever asks.
    for (const headers of [admin.headers, staff.headers, timeOnly]) {
      const list = await call(membersHandler, { path: "/api/members?pageSize=100", headers });
      const one = await call(memberHandler, { path: `/api/members/${costly.id}`, headers, params: { id: costly.id } });
      for (const res of [list, one]) {
        expect(res.status).toBe(200);
        expect(JSON.stringify(res.body)).not.toMatch(/amountCents|payRate|centsPerHour|"cost"/);
      }
    }
  });
});
