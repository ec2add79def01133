/**
 * Each rule kind fires on its seeded condition and not otherwise, with the boundary checked at
 * N − 1 minute (quiet) and N + 1 minute (fires). Findings are pure reads at a given instant.
 */
import { findConditions } from "@/lib/services/alerts/findings";
import { addMembership, createPunchSession, createTask, createUser } from "@/prisma/factories";
import { useTestDatabase } from "@/tests/support/db";
import { at, HOUR, MINUTE, team } from "./fixtures";

const testDb = useTestDatabase();
let adminId: string;

beforeAll(async () => {
  adminId = (await createUser(testDb.prisma, { role: "admin" })).id;
});

const find = (kind: string, threshold: number, scope: { scope?: string; scopeUnitId?: string | null; scopeUserIds?: string[] }, now: Date, criticalThreshold?: number) =>
  findConditions(testDb.prisma, { kind, params: { threshold, ...(criticalThreshold !== undefined ? { criticalThreshold } : {}) }, scope: scope.scope ?? "everyone", scopeUnitId: scope.scopeUnitId ?? null, scopeUserIds: scope.scopeUserIds ?? [] }, now);

describe("task_overdue", () => {
  it("fires more than N hours after the due time, and for a critical task after 0 h", async () => {
    const { unit, member } = await team(testDb.prisma);
    const due = at("2026-11-18", "09:00");
    const normal = await createTask(testDb.prisma, { createdById: adminId, organizationalUnitId: unit.id, assigneeId: member.id, assigneeType: "user", dueDate: due });
    const scope = { scope: "department", scopeUnitId: unit.id };
    expect(await find("task_overdue", 2, scope, new Date(due.getTime() + 2 * HOUR - MINUTE))).toHaveLength(0);
    const fired = await find("task_overdue", 2, scope, new Date(due.getTime() + 2 * HOUR + MINUTE));
    expect(fired.map((f) => [f.subjectId, f.userId, f.occurrence])).toEqual([[normal.id, member.id, due.toISOString()]]);
    expect(fired[0].message).toBe("Overdue by 2 h 1 min");

    const { unit: unit2 } = await team(testDb.prisma);
    const critical = await createTask(testDb.prisma, { createdById: adminId, organizationalUnitId: unit2.id, priority: "critical", dueDate: due });
    const scope2 = { scope: "department", scopeUnitId: unit2.id };
    expect(await find("task_overdue", 2, scope2, new Date(due.getTime() - MINUTE), 0)).toHaveLength(0);
    expect((await find("task_overdue", 2, scope2, new Date(due.getTime() + MINUTE), 0)).map((f) => f.subjectId)).toEqual([critical.id]);
  });

  it("ignores completed, deleted and out-of-scope tasks", async () => {
    const { unit } = await team(testDb.prisma);
    const due = at("2026-11-10", "09:00");
    await createTask(testDb.prisma, { createdById: adminId, organizationalUnitId: unit.id, dueDate: due, status: "completed", completedAt: due });
    await createTask(testDb.prisma, { createdById: adminId, organizationalUnitId: unit.id, dueDate: due, deletedAt: due });
    expect(await find("task_overdue", 1, { scope: "department", scopeUnitId: unit.id }, at("2026-11-18"))).toHaveLength(0);
  });
});

describe("task_pickup", () => {
  it("fires when an unassigned task is due within N hours; the unit's members are its subjects", async () => {
    const { unit, member } = await team(testDb.prisma);
    const due = at("2026-11-18", "15:00");
    const open = await createTask(testDb.prisma, { createdById: adminId, organizationalUnitId: unit.id, availableForPickup: true, dueDate: due });
    await createTask(testDb.prisma, { createdById: adminId, organizationalUnitId: unit.id, assigneeId: member.id, assigneeType: "user", dueDate: due });
    const scope = { scope: "department", scopeUnitId: unit.id };
    expect(await find("task_pickup", 4, scope, new Date(due.getTime() - 4 * HOUR - MINUTE))).toHaveLength(0);
    const fired = await find("task_pickup", 4, scope, new Date(due.getTime() - 4 * HOUR + MINUTE));
    expect(fired.map((f) => f.subjectId)).toEqual([open.id]);
    expect(fired[0].subjectUserIds).toEqual([member.id]);
  });
});

describe("punch_open", () => {
  it("fires for a punch open more than N hours, not for a closed one", async () => {
    const { member } = await team(testDb.prisma);
    const { member: other } = await team(testDb.prisma);
    const punchIn = at("2026-11-18", "07:00");
    const open = await createPunchSession(testDb.prisma, { userId: member.id, punchInAt: punchIn });
    await createPunchSession(testDb.prisma, { userId: other.id, punchInAt: punchIn, punchOutAt: new Date(punchIn.getTime() + 12 * HOUR) });
    const scope = { scope: "members", scopeUserIds: [member.id, other.id] };
    expect(await find("punch_open", 10, scope, new Date(punchIn.getTime() + 10 * HOUR - MINUTE))).toHaveLength(0);
    expect((await find("punch_open", 10, scope, new Date(punchIn.getTime() + 10 * HOUR + MINUTE))).map((f) => [f.subjectId, f.userId])).toEqual([[open.id, member.id]]);
  });
});

describe("no_punch_in", () => {
  it("fires N minutes after a member's own expected start on a business day, until they punch in", async () => {
    const { member } = await team(testDb.prisma);
    await testDb.prisma.expectedStart.create({ data: { userId: member.id, startMinutes: 9 * 60 } });
    const scope = { scope: "members", scopeUserIds: [member.id] };
    expect(await find("no_punch_in", 15, scope, at("2026-11-18", "09:14"))).toHaveLength(0);
    const fired = await find("no_punch_in", 15, scope, at("2026-11-18", "09:16"));
    expect(fired.map((f) => [f.subjectId, f.occurrence])).toEqual([[member.id, "2026-11-18"]]);
    // Saturday is not a scheduled workday.
    expect(await find("no_punch_in", 15, scope, at("2026-11-21", "10:00"))).toHaveLength(0);
    await createPunchSession(testDb.prisma, { userId: member.id, punchInAt: at("2026-11-18", "09:20"), punchOutAt: at("2026-11-18", "12:00") });
    expect(await find("no_punch_in", 15, scope, at("2026-11-18", "12:30"))).toHaveLength(0);
  });

  it("uses the unit's expected start for members without their own", async () => {
    const { unit, member } = await team(testDb.prisma);
    const noStart = await createUser(testDb.prisma);
    await addMembership(testDb.prisma, unit.id, noStart.id);
    await testDb.prisma.expectedStart.create({ data: { unitId: unit.id, startMinutes: 8 * 60 } });
    await testDb.prisma.expectedStart.create({ data: { userId: noStart.id, startMinutes: 10 * 60 } });
    const scope = { scope: "department", scopeUnitId: unit.id };
    expect(await find("no_punch_in", 0, scope, at("2026-11-18", "07:59"))).toHaveLength(0);
    expect((await find("no_punch_in", 0, scope, at("2026-11-18", "08:01"))).map((f) => f.subjectId)).toEqual([member.id]);
  });
});

describe("weekly_hours", () => {
  it("fires when this week's punched time passes N hours, open punches counted to now", async () => {
    const { member } = await team(testDb.prisma);
    // Week of Monday 2026-11-16: 9 h on Monday, an open punch from Tuesday 08:00.
    await createPunchSession(testDb.prisma, { userId: member.id, punchInAt: at("2026-11-16", "08:00"), punchOutAt: at("2026-11-16", "17:00") });
    await createPunchSession(testDb.prisma, { userId: member.id, punchInAt: at("2026-11-17", "08:00") });
    const scope = { scope: "members", scopeUserIds: [member.id] };
    expect(await find("weekly_hours", 10, scope, at("2026-11-17", "08:59"))).toHaveLength(0);
    const fired = await find("weekly_hours", 10, scope, at("2026-11-17", "09:01"));
    expect(fired.map((f) => [f.subjectId, f.occurrence])).toEqual([[member.id, "week:2026-11-16"]]);
    // Last week's punches do not count in the next week.
    expect(await find("weekly_hours", 10, { scope: "members", scopeUserIds: [member.id] }, at("2026-11-23", "07:00"))).toHaveLength(0);
  });
});

describe("recurrence_missed", () => {
  it("fires for an occurrence created late, and for a scheduled date with no occurrence N hours after its due time", async () => {
    const { unit } = await team(testDb.prisma);
    const series = await createTask(testDb.prisma, {
      createdById: adminId,
      organizationalUnitId: unit.id,
      isRecurring: true,
      recurringPattern: "daily",
      dueDate: at("2026-11-17", "10:00"),
      createdAt: at("2026-11-16", "12:00"),
    });
    const scope = { scope: "department", scopeUnitId: unit.id };
    // 17th and 18th due at 10:00; nothing generated.
    expect((await find("recurrence_missed", 1, scope, at("2026-11-18", "10:59"))).map((f) => f.occurrence)).toEqual(["2026-11-17"]);
    expect((await find("recurrence_missed", 1, scope, at("2026-11-18", "11:01"))).map((f) => f.occurrence)).toEqual(["2026-11-17", "2026-11-18"]);
    // The 17th's occurrence exists (created late): it fires as late instead of skipped.
    await createTask(testDb.prisma, {
      createdById: adminId,
      organizationalUnitId: unit.id,
      recurrenceSourceId: series.id,
      occurrenceDate: new Date("2026-11-17T00:00:00Z"),
      occurrenceLate: true,
      dueDate: at("2026-11-17", "10:00"),
      createdAt: at("2026-11-18", "09:00"),
    });
    const fired = await find("recurrence_missed", 1, scope, at("2026-11-18", "10:59"));
    expect(fired.map((f) => [f.subjectType, f.occurrence])).toEqual([["task", "late:2026-11-17"]]);
  });
});

describe("process_step_overdue", () => {
  it("fires for a process run's open step more than N hours past due", async () => {
    const { unit, member } = await team(testDb.prisma);
    const process = await testDb.prisma.process.create({ data: { name: "Memorial", createdById: adminId, organizationalUnitId: unit.id } });
    const run = await testDb.prisma.processRun.create({ data: { processId: process.id, uuid: crypto.randomUUID(), name: "Run", startDate: new Date("2026-11-16T00:00:00Z"), target: "new_project", createdById: adminId } });
    const due = at("2026-11-18", "17:00");
    const step = await createTask(testDb.prisma, { createdById: adminId, organizationalUnitId: unit.id, processRunId: run.id, processStepPosition: 2, assigneeId: member.id, assigneeType: "user", dueDate: due });
    await createTask(testDb.prisma, { createdById: adminId, organizationalUnitId: unit.id, dueDate: due });
    const scope = { scope: "department", scopeUnitId: unit.id };
    expect(await find("process_step_overdue", 3, scope, new Date(due.getTime() + 3 * HOUR - MINUTE))).toHaveLength(0);
    const fired = await find("process_step_overdue", 3, scope, new Date(due.getTime() + 3 * HOUR + MINUTE));
    expect(fired.map((f) => f.subjectId)).toEqual([step.id]);
    expect(fired[0].message).toBe("Process step 2 overdue by 3 h 1 min");
  });
});
