/**
 * Scoreboard and statistics on a fixed fixture, against values computed by hand (docs/reports.md).
 * The week is Monday 2026-11-16 … Sunday 2026-11-22 in America/Chicago (the test environment's
 * business zone, WEEK_STARTS_ON Monday). Task T1 is completed at 23:30 on Sunday in Chicago,
 * which is already Monday in UTC: it belongs to that week, and on time for a Sunday due date.
 */
import { SCOREBOARD_SETTINGS_DEFAULTS } from "@/lib/validations/reports";
import { GET as scoreboardHandler } from "@/app/api/scoreboard/route";
import { GET as breakdownHandler } from "@/app/api/scoreboard/members/[userId]/route";
import { GET as settingsGet, PUT as settingsPut } from "@/app/api/scoreboard/settings/route";
import { GET as statisticsHandler } from "@/app/api/statistics/[panel]/route";
import type { Caller } from "@/lib/auth/resolve-caller";
import { getMemberBreakdown } from "@/lib/services/reports/get-scoreboard-member";
import { getScoreboard } from "@/lib/services/reports/get-scoreboard";
import { getStatistics } from "@/lib/services/reports/get-statistics";
import type { StatisticsPanel } from "@/lib/validations/reports";
import { createAuditLog, createPunchSession, createTask, createTimeEntry, createUnit } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person, unitWith } from "../tasks/fixtures";

const testDb = useTestDatabase();
type Who = Awaited<ReturnType<typeof person>>;
let ann: Who, bob: Who, cat: Who, con: Who, admin: Who;
let alpha: string, beta: string;
const ids: Record<string, string> = {};

/** A Wednesday after the fixture's week: "last week" is Nov 16–22, the week before Nov 9–15. */
const NOW = new Date("2026-11-25T18:00:00Z");
const at = (iso: string) => new Date(iso);
const callerOf = (who: Who): Caller => ({
  userId: who.id,
  role: who.user.role,
  firstName: who.user.firstName,
  lastName: who.user.lastName,
  email: who.user.email,
  sessionId: null,
  via: "cookie",
  mustChangePassword: false,
});

const SETTINGS = SCOREBOARD_SETTINGS_DEFAULTS;

beforeAll(async () => {
  const db = testDb.prisma;
  ann = await person(db, "staff", { firstName: "Ann", lastName: "Able" });
  bob = await person(db, "staff", { firstName: "Bob", lastName: "Baker" });
  cat = await person(db, "manager", { firstName: "Cat", lastName: "Cole" });
  con = await person(db, "staff", { firstName: "Con", lastName: "Tractor" });
  await db.user.update({ where: { id: con.id }, data: { memberType: "contractor" } });
  admin = await person(db, "admin", { firstName: "Ada", lastName: "Admin" });
  alpha = (await unitWith(db, ann.id, bob.id)).id;
  beta = (await unitWith(db, cat.id, con.id)).id;
  await db.organizationalUnit.update({ where: { id: alpha }, data: { name: "Alpha Care" } });
  await db.organizationalUnit.update({ where: { id: beta }, data: { name: "Beta Crew" } });
  // A unit whose only member has left, and one never staffed: neither is a department to rank.
  const leaver = await person(db, "staff", { firstName: "Lee", lastName: "Left" });
  await unitWith(db, leaver.id);
  await db.user.update({ where: { id: leaver.id }, data: { isActive: false } });
  await createUnit(db, { name: "Empty Shelf" });

  const task = async (key: string, data: Parameters<typeof createTask>[1]) => {
    ids[key] = (await createTask(db, { title: key, ...data })).id;
  };
  const done = { status: "completed" as const };
  // T1: normal, due Sunday noon, completed Sunday 23:30 Chicago (Monday 05:30 UTC): on time, last week. Ann 3.
  await task("T1 Sunday night", { ...done, organizationalUnitId: alpha, createdById: cat.id, assigneeId: ann.id, assigneeType: "user", priority: "normal", createdAt: at("2026-11-16T16:00:00Z"), dueDate: at("2026-11-22T18:00:00Z"), completedAt: at("2026-11-23T05:30:00Z"), completedById: ann.id });
  // T2: high, late; team with Bob as lead: 1.5 → Bob 0.6, Ann 0.9.
  await task("T2 team", { ...done, organizationalUnitId: alpha, createdById: cat.id, priority: "high", team: [{ userId: bob.id, isLead: true }, { userId: ann.id }], createdAt: at("2026-11-17T14:00:00Z"), dueDate: at("2026-11-18T18:00:00Z"), completedAt: at("2026-11-19T14:00:00Z"), completedById: bob.id });
  // T3: Ann's own task completed 5 minutes after creating it: the guard, 0.
  await task("T3 quick", { ...done, organizationalUnitId: alpha, createdById: ann.id, assigneeId: ann.id, assigneeType: "user", priority: "normal", createdAt: at("2026-11-17T15:00:00Z"), dueDate: at("2026-11-20T18:00:00Z"), completedAt: at("2026-11-17T15:05:00Z"), completedById: ann.id });
  // T4: Ann's private critical task, on time: 7.5.
  await task("Secret vet bill", { ...done, isPrivate: true, organizationalUnitId: alpha, createdById: ann.id, assigneeId: ann.id, assigneeType: "user", priority: "critical", createdAt: at("2026-11-16T14:00:00Z"), dueDate: at("2026-11-20T18:00:00Z"), completedAt: at("2026-11-18T16:00:00Z"), completedById: ann.id });
  // T5: a pickup Bob claimed, with a 2-item checklist all ticked, on time: 3 + 0.5 + 1 = 4.5 (Beta Crew).
  await task("T5 pickup", { ...done, organizationalUnitId: beta, createdById: cat.id, assigneeId: bob.id, assigneeType: "user", priority: "normal", checklist: ["a", "b"], createdAt: at("2026-11-16T15:00:00Z"), dueDate: at("2026-11-21T18:00:00Z"), completedAt: at("2026-11-20T15:00:00Z"), completedById: bob.id });
  // Both items ticked (a completion with unticked items would forgo the on-time bonus and their points).
  await db.checklistItem.updateMany({ where: { taskId: ids["T5 pickup"] }, data: { isCompleted: true } });
  await createAuditLog(db, { actorId: bob.id, action: "task.claim", entityType: "task", entityId: ids["T5 pickup"], createdAt: at("2026-11-17T15:00:00Z") });
  // T6: the contractor's critical task, late: excluded from the scoreboard.
  await task("T6 contractor", { ...done, organizationalUnitId: beta, createdById: cat.id, assigneeId: con.id, assigneeType: "user", priority: "critical", createdAt: at("2026-11-16T15:00:00Z"), dueDate: at("2026-11-18T18:00:00Z"), completedAt: at("2026-11-19T15:00:00Z"), completedById: con.id });
  // T7: the week before: Ann 3 (for "most improved").
  await task("T7 before", { ...done, organizationalUnitId: alpha, createdById: cat.id, assigneeId: ann.id, assigneeType: "user", priority: "normal", createdAt: at("2026-11-10T15:00:00Z"), dueDate: at("2026-11-15T23:00:00Z"), completedAt: at("2026-11-15T15:00:00Z"), completedById: ann.id });
  // T8: completed 00:30 Monday Chicago: this week, not last week.
  await task("T8 monday", { ...done, organizationalUnitId: alpha, createdById: cat.id, assigneeId: bob.id, assigneeType: "user", priority: "normal", createdAt: at("2026-11-20T15:00:00Z"), dueDate: at("2026-11-22T18:00:00Z"), completedAt: at("2026-11-23T06:30:00Z"), completedById: bob.id });
  // T9: completed, then reopened: open now, no points.
  await task("T9 reopened", { organizationalUnitId: alpha, createdById: cat.id, assigneeId: ann.id, assigneeType: "user", priority: "critical", createdAt: at("2026-11-18T15:00:00Z"), dueDate: at("2026-11-19T18:00:00Z") });
  await createAuditLog(db, { actorId: ann.id, action: "task.complete", entityType: "task", entityId: ids["T9 reopened"], createdAt: at("2026-11-19T15:00:00Z") });
  await createAuditLog(db, { actorId: ann.id, action: "task.reopen", entityType: "task", entityId: ids["T9 reopened"], createdAt: at("2026-11-19T16:00:00Z") });
  // Recurrence, in the week of Nov 2: a series, one occurrence completed and one cancelled.
  await task("Series", { isRecurring: true, recurringPattern: "weekly", organizationalUnitId: alpha, createdById: cat.id, createdAt: at("2026-11-03T15:00:00Z"), dueDate: at("2026-11-03T18:00:00Z") });
  await task("Occurrence 1", { ...done, recurrenceSourceId: ids.Series, occurrenceDate: at("2026-11-03T00:00:00Z"), organizationalUnitId: alpha, createdById: cat.id, createdAt: at("2026-11-03T15:00:00Z"), dueDate: at("2026-11-04T18:00:00Z"), completedAt: at("2026-11-04T15:00:00Z"), completedById: cat.id });
  await task("Occurrence 2", { status: "cancelled", recurrenceSourceId: ids.Series, occurrenceDate: at("2026-11-05T00:00:00Z"), organizationalUnitId: alpha, createdById: cat.id, createdAt: at("2026-11-05T15:00:00Z"), dueDate: at("2026-11-06T18:00:00Z") });

  // Punches: Ann Mon 08:00–16:00 Chicago with 6 h on T1; Bob Tue 8 h; Cat Wed, forgotten for 24 h.
  const p1 = await createPunchSession(db, { userId: ann.id, punchInAt: at("2026-11-16T14:00:00Z"), punchOutAt: at("2026-11-16T22:00:00Z") });
  await createTimeEntry(db, { userId: ann.id, taskId: ids["T1 Sunday night"], punchSessionId: p1.id, startedAt: at("2026-11-16T14:00:00Z"), endedAt: at("2026-11-16T20:00:00Z") });
  await createPunchSession(db, { userId: bob.id, punchInAt: at("2026-11-17T14:00:00Z"), punchOutAt: at("2026-11-17T22:00:00Z") });
  await createPunchSession(db, { userId: cat.id, punchInAt: at("2026-11-18T13:00:00Z"), punchOutAt: at("2026-11-19T13:00:00Z") });
});

describe("scoreboard", () => {
  it("ranks members and departments for last week (business time zone), with highlights", async () => {
    const board = await getScoreboard(callerOf(bob), "last-week", NOW);
    expect(board.start).toBe("2026-11-16T06:00:00.000Z");
    expect(board.members.map((m) => [m.rank, m.name, m.points])).toEqual([
      [1, "Ann Able", 11.4],
      [2, "Bob Baker", 5.1],
      [3, "Ada Admin", 0],
      [3, "Cat Cole", 0],
    ]);
    expect(board.members.find((m) => m.name === "Con Tractor")).toBeUndefined();
    expect(board.departments.map((d) => [d.rank, d.name, d.points, d.tasks])).toEqual([
      [1, "Alpha Care", 12, 4],
      [2, "Beta Crew", 4.5, 1],
    ]);
    expect(board.highlights.mostImproved).toMatchObject({ name: "Ann Able", value: 8.4 });
    expect(board.highlights.pickupsHero).toMatchObject({ name: "Bob Baker", value: 1 });
    expect(board.highlights.onTimeStreak).toMatchObject({ name: "Ann Able", value: 1 });
  });

  it("puts 00:30 Monday Chicago in this week (late: due Sunday, so 50% of 2)", async () => {
    const board = await getScoreboard(callerOf(bob), "this-week", at("2026-11-23T12:00:00Z"));
    expect(board.members.find((m) => m.name === "Bob Baker")?.points).toBe(1);
    expect(board.members.find((m) => m.name === "Ann Able")?.points).toBe(0);
  });

  it("explains a score; a private task counts for its owner but its title shows only to those who may see it", async () => {
    const seenByBob = await getMemberBreakdown(callerOf(bob), ann.id, "last-week", NOW);
    expect(seenByBob.points).toBe(11.4);
    expect(seenByBob.tasks.map((t) => [t.title, t.points])).toEqual([
      [null, 7.5],
      ["T1 Sunday night", 3],
      ["T2 team", 0.9],
      ["T3 quick", 0],
    ]);
    expect(seenByBob.tasks[0]).toMatchObject({ hidden: true, taskId: null, displayNumber: null });
    expect(JSON.stringify(seenByBob)).not.toContain("Secret vet bill");
    expect(seenByBob.tasks.find((t) => t.title === "T3 quick")?.reason).toBe("quick-complete");
    for (const viewer of [ann, admin]) {
      const own = await getMemberBreakdown(callerOf(viewer), ann.id, "last-week", NOW);
      expect(own.tasks[0]).toMatchObject({ title: "Secret vet bill", hidden: false });
    }
  });

  it("reads over HTTP: 401 signed out, 400 for an unknown period, 404 for a bad member id", async () => {
    expect((await call(scoreboardHandler, { path: "/api/scoreboard" })).status).toBe(401);
    const bad = await call(scoreboardHandler, { path: "/api/scoreboard?period=yesterday", headers: bob.headers });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "BAD_REQUEST" });
    expect((await call(breakdownHandler, { path: "/api/scoreboard/members/nope", headers: bob.headers, params: { userId: "nope" } })).status).toBe(404);
    const ok = await call(scoreboardHandler, { path: "/api/scoreboard?period=this-month", headers: bob.headers });
    expect(ok.status).toBe(200);
    expect(ok.body.period).toBe("this-month");
  });

  it("settings: admins only, validated, audited; hiding names leaves staff their own row and breakdown", async () => {
    expect((await call(settingsGet, { path: "/api/scoreboard/settings", headers: bob.headers })).status).toBe(403);
    const invalid = await call(settingsPut, { method: "PUT", path: "/api/scoreboard/settings", headers: admin.headers, body: { ...SETTINGS, latePercent: 150 } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toMatch(/Late completion share must be at most 100/);
    const saved = await call(settingsPut, { method: "PUT", path: "/api/scoreboard/settings", headers: admin.headers, body: { ...SETTINGS, staffSeeNames: false } });
    expect(saved.status).toBe(200);
    expect(saved.body.staffSeeNames).toBe(false);
    const readBack = await call(settingsGet, { path: "/api/scoreboard/settings", headers: admin.headers });
    expect(readBack.status).toBe(200);
    expect(readBack.body).toEqual({ ...SETTINGS, staffSeeNames: false, updatedAt: expect.any(String) });
    const audit = await testDb.prisma.auditLog.findFirst({ where: { action: "scoreboard.settings" } });
    expect(audit?.after).toEqual({ staffSeeNames: false });

    const board = await getScoreboard(callerOf(bob), "last-week", NOW);
    expect(board.namesVisible).toBe(false);
    expect(board.members.map((m) => [m.rank, m.name])).toEqual([[2, "Bob Baker"]]);
    expect(board.highlights.mostImproved).toMatchObject({ name: null, userId: "" });
    expect(board.departments).toHaveLength(2);
    const managerBoard = await getScoreboard(callerOf(cat), "last-week", NOW);
    expect(managerBoard.members).toHaveLength(4);
    const other = await call(breakdownHandler, { path: `/api/scoreboard/members/${ann.id}?period=last-week`, headers: bob.headers, params: { userId: ann.id } });
    expect(other.status).toBe(403);
    const own = await call(breakdownHandler, { path: `/api/scoreboard/members/${bob.id}?period=last-week`, headers: bob.headers, params: { userId: bob.id } });
    expect(own.status).toBe(200);

    // Contractors included: Con appears with T6 (critical, late: 2.5).
    await call(settingsPut, { method: "PUT", path: "/api/scoreboard/settings", headers: admin.headers, body: { ...SETTINGS, excludeContractors: false } });
    const withContractors = await getScoreboard(callerOf(bob), "last-week", NOW);
    expect(withContractors.members.find((m) => m.name === "Con Tractor")?.points).toBe(2.5);
    await call(settingsPut, { method: "PUT", path: "/api/scoreboard/settings", headers: admin.headers, body: SETTINGS });
  });
});

describe("statistics", () => {
  const WEEK = { from: "2026-11-16", to: "2026-11-22" };
  const stats = (panel: StatisticsPanel, query: { from: string; to: string; unitId?: string } = WEEK) => getStatistics(callerOf(bob), panel, query, NOW);

  it("throughput: created, completed and the open backlog by business week", async () => {
    const r = await stats("throughput");
    expect(r.tables.weekly!.rows).toEqual([{ week: "2026-11-16", created: 8, completed: 6, backlog: 2 }]);
    const beta = await stats("throughput", { ...WEEK, unitId: betaId() });
    expect(beta.tables.weekly!.rows).toEqual([{ week: "2026-11-16", created: 2, completed: 2, backlog: 0 }]);
  });

  it("on-time rate by priority and department", async () => {
    const r = await stats("on-time");
    expect(r.tables.byPriority!.rows).toEqual([
      { label: "Normal", completed: 3, onTime: 3, rate: 100 },
      { label: "High", completed: 1, onTime: 0, rate: 0 },
      { label: "Critical", completed: 2, onTime: 1, rate: 50 },
    ]);
    expect(r.tables.byDepartment!.rows).toEqual([
      { label: "Alpha Care", completed: 4, onTime: 3, rate: 75 },
      { label: "Beta Crew", completed: 2, onTime: 1, rate: 50 },
    ]);
  });

  it("cycle time: median and p90 in hours by department", async () => {
    const row = (await stats("cycle-time")).tables.byDepartment!.rows.find((r) => r.label === "Alpha Care")!;
    // [0.083, 48, 50, 157.5] h: median 49, p90 = 50 + 0.7 × 107.5 = 125.25.
    expect(row.completed).toBe(4);
    expect(row.median).toBe(49);
    expect(row.p90).toBeCloseTo(125.3, 1);
  });

  it("overdue by age, as of the range's end", async () => {
    const r = await stats("overdue");
    expect(r.tables.byAge!.rows.slice(0, 3)).toEqual([
      { bucket: "0–2 days", tasks: 1 },
      { bucket: "3–7 days", tasks: 1 },
      { bucket: "8–14 days", tasks: 0 },
    ]);
  });

  it("hours worked, hours on tasks and the focus rate", async () => {
    const r = await stats("hours");
    expect(r.tables.byWeek!.rows).toEqual([{ week: "2026-11-16", punchHours: 40, taskHours: 6, focusRate: 15 }]);
    expect(r.tables.byDepartment!.rows).toEqual([
      { label: "Alpha Care", punchHours: 16, taskHours: 6, focusRate: 37.5 },
      { label: "Beta Crew", punchHours: 24, taskHours: 0, focusRate: 0 },
    ]);
  });

  it("punch patterns: punch-ins by weekday and local hour, forgotten punch-outs", async () => {
    const r = await stats("punch-patterns");
    const heat = r.tables.heatmap!;
    expect(heat.columns.map((c) => c.key)).toEqual(["weekday", "h7", "h8"]);
    expect(heat.rows.slice(0, 3)).toEqual([
      { weekday: "Mon", h7: 0, h8: 1 },
      { weekday: "Tue", h7: 0, h8: 1 },
      { weekday: "Wed", h7: 1, h8: 0 },
    ]);
    expect(r.tables.forgotten!.rows).toEqual([{ week: "2026-11-16", forgotten: 1 }]);
  });

  it("pickups: claimed, how fast and by whom", async () => {
    const r = await stats("pickups");
    expect(r.tables.byWeek!.rows).toEqual([{ week: "2026-11-16", claimed: 1, completed: 1, medianHours: 24 }]);
    expect(r.tables.byMember!.rows).toEqual([{ member: "Bob Baker", claimed: 1, completed: 1, medianHours: 24 }]);
  });

  it("recurring: occurrences created against completed", async () => {
    const r = await stats("recurring", { from: "2026-11-02", to: "2026-11-08" });
    expect(r.tables.weekly!.rows).toEqual([{ week: "2026-11-02", created: 2, completed: 1 }]);
    expect((await stats("recurring")).tables.weekly!.rows).toEqual([]);
  });

  it("HTTP: 404 for an unknown panel, 400 for a bad range, no task titles in any panel", async () => {
    const unknown = await call(statisticsHandler, { path: "/api/statistics/nope?from=2026-11-16&to=2026-11-22", headers: bob.headers, params: { panel: "nope" } });
    expect(unknown.status).toBe(404);
    const reversed = await call(statisticsHandler, { path: "/api/statistics/throughput?from=2026-11-22&to=2026-11-16", headers: bob.headers, params: { panel: "throughput" } });
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toMatch(/from must be on or before to/);
    for (const panel of ["throughput", "on-time", "cycle-time", "overdue", "hours", "punch-patterns", "pickups", "recurring"]) {
      const res = await call(statisticsHandler, { path: `/api/statistics/${panel}?from=2026-11-16&to=2026-11-22`, headers: bob.headers, params: { panel } });
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain("Secret vet bill");
    }
  });
});

function betaId() {
  return beta;
}
