import { POST as punchInHandler } from "@/app/api/auth/punch/in/route";
import { POST as punchOutHandler } from "@/app/api/auth/punch/out-with-reason/route";
import { POST as unlockHandler } from "@/app/api/admin/time/approvals/unlock/route";
import { POST as lockHandler } from "@/app/api/admin/time/locks/route";
import { POST as decideHandler } from "@/app/api/admin/time/corrections/[id]/route";
import { POST as editHandler } from "@/app/api/admin/time/edits/route";
import { POST as clockInHandler } from "@/app/api/tasks/[id]/clock-in/route";
import { POST as clockOutHandler } from "@/app/api/tasks/[id]/clock-out/route";
import { POST as correctionHandler } from "@/app/api/time/corrections/route";
import { GET as logsHandler } from "@/app/api/time/logs/route";
import { createPunchSession, createTask, createTimeEntry, createUnit, createUser } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { NOTHING_LOCKED } from "@/lib/services/time/period-selection";
import { businessToday } from "@/lib/dates";

const testDb = useTestDatabase();
const H = 3_600_000;

async function member(role: "staff" | "admin" | "manager" = "staff") {
  const user = await createUser(testDb.prisma, { role });
  return { user, headers: await signIn(user) };
}

const edit = (headers: Record<string, string>, body: unknown) => call(editHandler, { method: "POST", path: "/api/admin/time/edits", headers, body });
const approve = (headers: Record<string, string>, body: unknown) => call(lockHandler, { method: "POST", path: "/api/admin/time/locks", headers, body });

/** A wall-clock time in Chicago in November 2025 (CST, UTC-6). */
function at(day: string, hour: number, minute = 0) {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + (hour + 6) * H + minute * 60_000);
}

describe("POST /api/admin/time/edits", () => {
  it("changes a punch and writes a TimeEdit with before, after, who and why in the same transaction", async () => {
    const admin = await member("admin");
    const { user } = await member();
    const punch = await createPunchSession(testDb.prisma, { userId: user.id, punchInAt: at("2025-11-04", 8), punchOutAt: at("2025-11-04", 16) });
    const res = await edit(admin.headers, { action: "update-punch", punchId: punch.id, punchInAt: at("2025-11-04", 8).toISOString(), punchOutAt: at("2025-11-04", 17).toISOString(), reason: "Stayed late for the delivery" });
    expect(res.status).toBe(200);
    const after = await testDb.prisma.punchSession.findUniqueOrThrow({ where: { id: punch.id } });
    expect(after.punchOutAt?.toISOString()).toBe(at("2025-11-04", 17).toISOString());
    const edits = await testDb.prisma.timeEdit.findMany({ where: { entityId: punch.id } });
    expect(edits).toHaveLength(1);
    expect(edits[0]).toMatchObject({ userId: user.id, editedById: admin.user.id, action: "update", entityType: "punch_session", reason: "Stayed late for the delivery" });
    expect((edits[0].before as { punchOutAt: string }).punchOutAt).toBe(at("2025-11-04", 16).toISOString());
    expect((edits[0].after as { punchOutAt: string }).punchOutAt).toBe(at("2025-11-04", 17).toISOString());
  });

  it("requires a reason, and refuses staff and managers", async () => {
    const admin = await member("admin");
    const staff = await member();
    const manager = await member("manager");
    const punch = await createPunchSession(testDb.prisma, { userId: staff.user.id, punchInAt: at("2025-11-05", 8), punchOutAt: at("2025-11-05", 12) });
    const body = { action: "delete-punch", punchId: punch.id };
    const noReason = await edit(admin.headers, body);
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toMatch(/^Reason/);
    expect((await edit(staff.headers, { ...body, reason: "mine" })).status).toBe(403);
    expect((await edit(manager.headers, { ...body, reason: "mine" })).status).toBe(403);
    expect(await testDb.prisma.punchSession.count({ where: { id: punch.id } })).toBe(1);
  });

  it("answers 409, never 500, when the database invariants refuse the change", async () => {
    const admin = await member("admin");
    const { user } = await member();
    const morning = await createPunchSession(testDb.prisma, { userId: user.id, punchInAt: at("2025-11-06", 8), punchOutAt: at("2025-11-06", 12) });
    await createPunchSession(testDb.prisma, { userId: user.id, punchInAt: at("2025-11-06", 13), punchOutAt: at("2025-11-06", 17) });
    const overlap = await edit(admin.headers, { action: "update-punch", punchId: morning.id, punchInAt: at("2025-11-06", 8).toISOString(), punchOutAt: at("2025-11-06", 14).toISOString(), reason: "typo" });
    expect(overlap.status).toBe(409);
    expect(overlap.body).toMatchObject({ code: "CONFLICT", invariant: "no-overlap" });
    const added = await edit(admin.headers, { action: "create-punch", userId: user.id, punchInAt: at("2025-11-06", 11).toISOString(), punchOutAt: at("2025-11-06", 13, 30).toISOString(), reason: "missing" });
    expect(added.status).toBe(409);

    const unit = await createUnit(testDb.prisma);
    const task = await createTask(testDb.prisma, { createdById: user.id, organizationalUnitId: unit.id });
    await createTimeEntry(testDb.prisma, { userId: user.id, taskId: task.id, punchSessionId: morning.id, startedAt: at("2025-11-06", 9), endedAt: at("2025-11-06", 11) });
    const shrink = await edit(admin.headers, { action: "update-punch", punchId: morning.id, punchInAt: at("2025-11-06", 10).toISOString(), punchOutAt: at("2025-11-06", 12).toISOString(), reason: "late start" });
    expect(shrink.status).toBe(409);
    expect(shrink.body.invariant).toBe("entry-inside-punch");
    // Nothing was written by the refused edits.
    expect(await testDb.prisma.timeEdit.count({ where: { userId: user.id } })).toBe(0);
    const still = await testDb.prisma.punchSession.findUniqueOrThrow({ where: { id: morning.id } });
    expect(still.punchInAt.toISOString()).toBe(at("2025-11-06", 8).toISOString());
  });

  it("rolls the edit back when the TimeEdit cannot be written", async () => {
    const admin = await member("admin");
    const { user } = await member();
    const punch = await createPunchSession(testDb.prisma, { userId: user.id, punchInAt: at("2025-11-07", 8), punchOutAt: at("2025-11-07", 16) });
    await testDb.prisma.$executeRawUnsafe(`CREATE FUNCTION refuse_time_edit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit store unavailable'; END $$`);
    await testDb.prisma.$executeRawUnsafe(`CREATE TRIGGER refuse_time_edit BEFORE INSERT ON time_edits FOR EACH ROW EXECUTE FUNCTION refuse_time_edit()`);
    try {
      const res = await edit(admin.headers, { action: "update-punch", punchId: punch.id, punchInAt: at("2025-11-07", 9).toISOString(), punchOutAt: at("2025-11-07", 16).toISOString(), reason: "late" });
      expect(res.status).toBeGreaterThanOrEqual(500);
      const del = await edit(admin.headers, { action: "delete-punch", punchId: punch.id, reason: "duplicate" });
      expect(del.status).toBeGreaterThanOrEqual(500);
    } finally {
      await testDb.prisma.$executeRawUnsafe(`DROP TRIGGER refuse_time_edit ON time_edits`);
      await testDb.prisma.$executeRawUnsafe(`DROP FUNCTION refuse_time_edit()`);
    }
    const after = await testDb.prisma.punchSession.findUniqueOrThrow({ where: { id: punch.id } });
    expect(after.punchInAt.toISOString()).toBe(at("2025-11-07", 8).toISOString());
    expect(await testDb.prisma.timeEdit.count({ where: { userId: user.id } })).toBe(0);
  });

  it("splits, adds and deletes with one TimeEdit per row, and the member sees the edit with who and why", async () => {
    const admin = await member("admin");
    const staff = await member();
    const punch = await createPunchSession(testDb.prisma, { userId: staff.user.id, punchInAt: at("2025-11-10", 8), punchOutAt: at("2025-11-10", 17) });
    const split = await edit(admin.headers, { action: "split-punch", punchId: punch.id, at: at("2025-11-10", 12).toISOString(), gapMinutes: 30, outReason: "Lunch", reason: "Forgot the lunch punch" });
    expect(split.status).toBe(200);
    expect(split.body.ids).toHaveLength(2);
    const added = await edit(admin.headers, { action: "create-punch", userId: staff.user.id, punchInAt: at("2025-11-10", 18).toISOString(), punchOutAt: at("2025-11-10", 19).toISOString(), reason: "Evening inventory" });
    expect(added.status).toBe(200);
    const log = await call(logsHandler, { path: `/api/time/logs?range=day&date=2025-11-10`, headers: staff.headers });
    expect(log.status).toBe(200);
    const day = log.body.days[0];
    expect(day.punches).toHaveLength(3);
    expect(day.punches[0].edits[0]).toMatchObject({ action: "split", reason: "Forgot the lunch punch" });
    expect(day.punches[0].edits[0].editedBy).toBe(`${admin.user.firstName} ${admin.user.lastName}`);
    // 4 h + 4.5 h + 1 h, lunch unpaid.
    expect(day.workedMs).toBe(9.5 * H);
    expect(day.unpaidBreakMs).toBe(0.5 * H);
    const del = await edit(admin.headers, { action: "delete-punch", punchId: added.body.ids[0], reason: "Entered twice" });
    expect(del.status).toBe(200);
    expect(await testDb.prisma.timeEdit.count({ where: { userId: staff.user.id } })).toBe(4);
    const gone = await testDb.prisma.timeEdit.findFirstOrThrow({ where: { entityId: added.body.ids[0], action: "delete" } });
    expect(gone.punchSessionId).toBeNull();
  });
});

describe("a locked pay period", () => {
  it("refuses every write path: edits, corrections, punch-in, punch-out (forced or not), the task clock, a correction's approval", async () => {
    const admin = await member("admin");
    const staff = await member();
    const unit = await createUnit(testDb.prisma);
    const task = await createTask(testDb.prisma, { createdById: staff.user.id, organizationalUnitId: unit.id });
    // An open punch started two hours ago, with a running task clock, and an older closed punch this period.
    const open = await createPunchSession(testDb.prisma, { userId: staff.user.id, punchInAt: new Date(Date.now() - 2 * H) });
    await createTimeEntry(testDb.prisma, { userId: staff.user.id, taskId: task.id, punchSessionId: open.id, startedAt: new Date(Date.now() - H) });
    const pending = await testDb.prisma.timeCorrectionRequest.create({
      data: { userId: staff.user.id, punchSessionId: open.id, requestedInAt: new Date(Date.now() - 2 * H), requestedOutAt: new Date(Date.now() - H / 2), reason: "Left early" },
    });
    // Calendar days in the business zone: two hours ago may be yesterday there (a Sunday evening is
    // already Monday in UTC), so the open punch's period and today's are both locked.
    const punchDay = businessToday(open.punchInAt);
    const today = businessToday();
    const locked = await approve(admin.headers, { period: punchDay, userIds: [staff.user.id] });
    expect(locked.status).toBe(200);
    expect(locked.body.locked).toBe(1);
    // Approving again is harmless.
    expect((await approve(admin.headers, { period: punchDay, userIds: [staff.user.id] })).body.locked).toBe(0);
    await approve(admin.headers, { period: today, userIds: [staff.user.id] });

    const expectLocked = (res: { status: number; body: Record<string, unknown> }) => {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: "CONFLICT", periodLocked: true });
      expect(String(res.body.message)).toMatch(/locked/);
    };
    expectLocked(await edit(admin.headers, { action: "update-punch", punchId: open.id, punchInAt: open.punchInAt.toISOString(), punchOutAt: new Date().toISOString(), reason: "close" }));
    expectLocked(await edit(admin.headers, { action: "delete-punch", punchId: open.id, reason: "x" }));
    expectLocked(await call(correctionHandler, { method: "POST", path: "/api/time/corrections", headers: staff.headers, body: { punchId: open.id, requestedInAt: open.punchInAt.toISOString(), requestedOutAt: new Date().toISOString(), reason: "late" } }));
    expectLocked(await call(decideHandler, { method: "POST", path: `/api/admin/time/corrections/${pending.id}`, params: { id: pending.id }, headers: admin.headers, body: { decision: "approve" } }));
    expectLocked(await call(punchOutHandler, { method: "POST", path: "/api/auth/punch/out-with-reason", headers: staff.headers, body: { location: "desktop", reason: "End of Workday" } }));
    expectLocked(await call(punchOutHandler, { method: "POST", path: "/api/auth/punch/out-with-reason", headers: staff.headers, body: { location: "desktop", reason: "End of Workday", forceClockOut: true } }));
    expectLocked(await call(clockOutHandler, { method: "POST", path: `/api/tasks/${task.id}/clock-out`, params: { id: task.id }, headers: staff.headers, body: { location: "desktop" } }));
    expect((await testDb.prisma.punchSession.findUniqueOrThrow({ where: { id: open.id } })).punchOutAt).toBeNull();
    expect((await testDb.prisma.timeCorrectionRequest.findUniqueOrThrow({ where: { id: pending.id } })).status).toBe("pending");

    // Another member punched in this period: punch-in and clock-in are refused too.
    const other = await member();
    await approve(admin.headers, { period: today, userIds: [other.user.id] });
    expectLocked(await call(punchInHandler, { method: "POST", path: "/api/auth/punch/in", headers: other.headers, body: { location: "desktop" } }));
    const otherPunch = await createPunchSession(testDb.prisma, { userId: other.user.id, punchInAt: new Date(Date.now() - H) });
    expectLocked(await call(clockInHandler, { method: "POST", path: `/api/tasks/${task.id}/clock-in`, params: { id: task.id }, headers: other.headers, body: {} }));
    expect(await testDb.prisma.taskTimeEntry.count({ where: { punchSessionId: otherPunch.id } })).toBe(0);

    // Unlocking needs a reason, is audited, and the writes work again.
    const noReason = await call(unlockHandler, { method: "POST", path: "/api/admin/time/approvals/unlock", headers: admin.headers, body: { period: today, userId: staff.user.id } });
    expect(noReason.status).toBe(400);
    const unlocked = await call(unlockHandler, { method: "POST", path: "/api/admin/time/approvals/unlock", headers: admin.headers, body: { period: today, userId: staff.user.id, reason: "Late punch-out to record" } });
    expect(unlocked.status).toBe(200);
    if (punchDay !== today) await call(unlockHandler, { method: "POST", path: "/api/admin/time/approvals/unlock", headers: admin.headers, body: { period: punchDay, userId: staff.user.id, reason: "Late punch-out to record" } });
    const audit = await testDb.prisma.auditLog.findFirstOrThrow({ where: { action: "time.period.unlock", entityId: staff.user.id } });
    expect(audit).toMatchObject({ actorId: admin.user.id, metadata: { reason: "Late punch-out to record" } });
    const out = await call(punchOutHandler, { method: "POST", path: "/api/auth/punch/out-with-reason", headers: staff.headers, body: { location: "desktop", reason: "End of Workday", forceClockOut: true } });
    expect(out.status).toBe(200);
  });
});

describe("unlock all", () => {
  it("unlocks every locked member of one period in one go, with the reason on each lock and audit row; other periods stay locked", async () => {
    const admin = await member("admin");
    const manager = await member("manager");
    await member();
    await member();
    const period = "2025-06-11";
    const otherPeriod = "2025-08-13";
    expect((await approve(admin.headers, { period })).status).toBe(200);
    expect((await approve(admin.headers, { period: otherPeriod })).status).toBe(200);
    const unlockAll = (headers: Record<string, string>, body: unknown) => call(unlockHandler, { method: "POST", path: "/api/admin/time/approvals/unlock", headers, body });
    const locksOf = async (day: string) => {
      const [first] = await testDb.prisma.payPeriodLock.findMany({ where: { startsAt: { lte: new Date(`${day}T12:00:00Z`) }, endsAt: { gt: new Date(`${day}T12:00:00Z`) } }, take: 1 });
      return testDb.prisma.payPeriodLock.findMany({ where: { periodStart: first!.periodStart } });
    };
    const locked = (await locksOf(period)).filter((l) => l.lockedAt && !l.unlockedAt);
    expect(locked.length).toBeGreaterThanOrEqual(4);

    expect((await unlockAll(manager.headers, { period, reason: "Payroll rerun" })).status).toBe(403);
    expect((await unlockAll(admin.headers, { period })).status).toBe(400);

    const res = await unlockAll(admin.headers, { period, reason: "Payroll rerun" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ unlocked: locked.length });
    const after = await locksOf(period);
    expect(after.every((l) => l.unlockedAt !== null && l.unlockReason === "Payroll rerun" && l.unlockedById === admin.user.id)).toBe(true);
    expect((await locksOf(otherPeriod)).every((l) => l.lockedAt && !l.unlockedAt)).toBe(true);
    const audits = await testDb.prisma.auditLog.findMany({ where: { action: "time.period.unlock", actorId: admin.user.id } });
    expect(audits.filter((a) => (a.metadata as { reason?: string } | null)?.reason === "Payroll rerun").map((a) => a.entityId).sort()).toEqual(locked.map((l) => l.userId).sort());

    const again = await unlockAll(admin.headers, { period, reason: "Payroll rerun" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: NOTHING_LOCKED });
  });
});

describe("correction requests", () => {
  it("a member asks, an admin approves (applied as an audited edit) or rejects; a decided request is final", async () => {
    const admin = await member("admin");
    const staff = await member();
    const other = await member();
    const punch = await createPunchSession(testDb.prisma, { userId: staff.user.id, punchInAt: at("2025-11-12", 8), punchOutAt: at("2025-11-12", 20) });
    const ask = (headers: Record<string, string>, body: unknown) => call(correctionHandler, { method: "POST", path: "/api/time/corrections", headers, body });
    // Not someone else's punch (404), and a reason is required (400).
    expect((await ask(other.headers, { punchId: punch.id, requestedInAt: at("2025-11-12", 8).toISOString(), requestedOutAt: at("2025-11-12", 16).toISOString(), reason: "x" })).status).toBe(404);
    expect((await ask(staff.headers, { punchId: punch.id, requestedInAt: at("2025-11-12", 8).toISOString(), requestedOutAt: at("2025-11-12", 16).toISOString() })).status).toBe(400);
    const req = await ask(staff.headers, { punchId: punch.id, requestedInAt: at("2025-11-12", 8).toISOString(), requestedOutAt: at("2025-11-12", 16).toISOString(), reason: "Forgot to punch out at 4" });
    expect(req.status).toBe(201);
    // A member can't decide, nor edit directly.
    const decide = (headers: Record<string, string>, id: string, body: unknown) => call(decideHandler, { method: "POST", path: `/api/admin/time/corrections/${id}`, params: { id }, headers, body });
    expect((await decide(staff.headers, req.body.id, { decision: "approve" })).status).toBe(403);
    const approved = await decide(admin.headers, req.body.id, { decision: "approve" });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe("approved");
    expect((await testDb.prisma.punchSession.findUniqueOrThrow({ where: { id: punch.id } })).punchOutAt?.toISOString()).toBe(at("2025-11-12", 16).toISOString());
    const timeEdit = await testDb.prisma.timeEdit.findFirstOrThrow({ where: { entityId: punch.id } });
    expect(timeEdit).toMatchObject({ action: "correction", editedById: admin.user.id, reason: "Correction request: Forgot to punch out at 4" });
    expect((await decide(admin.headers, req.body.id, { decision: "reject" })).status).toBe(409);

    // A missing punch, rejected: nothing changes.
    const missing = await ask(staff.headers, { requestedInAt: at("2025-11-13", 8).toISOString(), requestedOutAt: at("2025-11-13", 12).toISOString(), reason: "Phone was dead" });
    expect((await decide(admin.headers, missing.body.id, { decision: "reject", note: "No record of that shift" })).body.status).toBe("rejected");
    expect(await testDb.prisma.punchSession.count({ where: { userId: staff.user.id } })).toBe(1);
  });
});

describe("an edit keeps the punch-out reason", () => {
  it("moving a punch's end keeps its reason unless the edit names another; the reason for the edit is required with a capitalized message", async () => {
    const admin = await member("admin");
    const { user } = await member();
    const punch = await createPunchSession(testDb.prisma, { userId: user.id, punchInAt: at("2025-11-11", 8), punchOutAt: at("2025-11-11", 12), outReason: "Lunch" });
    const moved = await edit(admin.headers, { action: "update-punch", punchId: punch.id, punchInAt: at("2025-11-11", 8).toISOString(), punchOutAt: at("2025-11-11", 12, 30).toISOString(), reason: "Lunch started later" });
    expect(moved.status).toBe(200);
    expect(await testDb.prisma.punchSession.findUniqueOrThrow({ where: { id: punch.id } })).toMatchObject({ outReason: "Lunch" });
    const changed = await edit(admin.headers, { action: "update-punch", punchId: punch.id, punchInAt: at("2025-11-11", 8).toISOString(), punchOutAt: at("2025-11-11", 12, 30).toISOString(), outReason: "Personal", reason: "Was a personal errand" });
    expect(changed.status).toBe(200);
    expect(await testDb.prisma.punchSession.findUniqueOrThrow({ where: { id: punch.id } })).toMatchObject({ outReason: "Personal" });
    const missing = await edit(admin.headers, { action: "update-punch", punchId: punch.id, punchInAt: at("2025-11-11", 8).toISOString(), punchOutAt: at("2025-11-11", 13).toISOString(), reason: "  " });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/Reason is required/);
  });
});
