import { POST as approveHandler } from "@/app/api/admin/time/approvals/route";
import { POST as unlockHandler } from "@/app/api/admin/time/approvals/unlock/route";
import { POST as withdrawHandler } from "@/app/api/admin/time/approvals/withdraw/route";
import { GET as cardHandler } from "@/app/api/admin/time/card/route";
import { POST as editHandler } from "@/app/api/admin/time/edits/route";
import { POST as lockHandler } from "@/app/api/admin/time/locks/route";
import { LOCKED_APPROVAL, NOT_APPROVED } from "@/lib/services/time/period-selection";
import { PERIOD_LOCKED, PERIOD_LOCKED_YOU_MAY_UNLOCK } from "@/lib/services/time/locks";
import { POST as requestCorrectionHandler } from "@/app/api/time/corrections/route";
import { createPunchSession, createUser } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();
const H = 3_600_000;
type Headers = Record<string, string>;

async function member(role: "staff" | "admin" | "manager" = "staff", extra: { firstName?: string; lastName?: string } = {}) {
  const user = await createUser(testDb.prisma, { role, ...extra });
  return { user, headers: await signIn(user) };
}
const post = (handler: typeof approveHandler, path: string) => (headers: Headers, body: unknown) => call(handler, { method: "POST", path, headers, body });
const approve = post(approveHandler, "/api/admin/time/approvals");
const withdraw = post(withdrawHandler, "/api/admin/time/approvals/withdraw");
const lock = post(lockHandler, "/api/admin/time/locks");
const unlock = post(unlockHandler, "/api/admin/time/approvals/unlock");
const edit = post(editHandler, "/api/admin/time/edits");

/** A wall-clock time in Chicago (CDT in summer 2024: UTC-5). */
const at = (day: string, hour: number, minute = 0) => new Date(Date.parse(`${day}T00:00:00.000Z`) + (hour + 5) * H + minute * 60_000);
const rowOf = (userId: string, periodStart: string) =>
  testDb.prisma.payPeriodLock.findUnique({ where: { userId_periodStart: { userId, periodStart: new Date(`${periodStart}T00:00:00Z`) } } });

describe("approve, then lock (two steps)", () => {
  it("approving records who and when without locking; the approval can be withdrawn until the period is locked", async () => {
    const admin = await member("admin");
    const staff = await member();
    const punch = await createPunchSession(testDb.prisma, { userId: staff.user.id, punchInAt: at("2024-07-02", 8), punchOutAt: at("2024-07-02", 16) });

    const approved = await approve(admin.headers, { period: "2024-07-03", userIds: [staff.user.id] });
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({ period: { start: "2024-07-01", end: "2024-07-07" }, approved: 1 });
    const row = await rowOf(staff.user.id, "2024-07-01");
    expect(row).toMatchObject({ approvedById: admin.user.id, lockedAt: null });
    expect(row!.approvedAt).toBeInstanceOf(Date);
    expect(await testDb.prisma.auditLog.count({ where: { action: "time.period.approve", entityId: staff.user.id } })).toBe(1);
    // Idempotent: a second approval keeps the first one's who and when.
    expect((await approve(admin.headers, { period: "2024-07-03", userIds: [staff.user.id] })).body.approved).toBe(0);
    expect((await rowOf(staff.user.id, "2024-07-01"))!.approvedAt!.toISOString()).toBe(row!.approvedAt!.toISOString());

    // Approved but not locked: time can still change.
    const changed = await edit(admin.headers, { action: "update-punch", punchId: punch.id, punchInAt: at("2024-07-02", 8).toISOString(), punchOutAt: at("2024-07-02", 17).toISOString(), reason: "Stayed late" });
    expect(changed.status).toBe(200);

    // The card shows the approval.
    const card = await call(cardHandler, { path: `/api/admin/time/card?period=2024-07-03&q=${encodeURIComponent(staff.user.email)}`, headers: admin.headers });
    expect(card.status).toBe(200);
    expect(card.body.rows[0].approval).toMatchObject({ approved: true, approvedBy: { id: admin.user.id }, locked: false });

    // Withdrawn, then approved again and locked: withdrawing is refused once locked.
    const withdrawn = await withdraw(admin.headers, { period: "2024-07-03", userIds: [staff.user.id] });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ withdrawn: 1 });
    expect(await rowOf(staff.user.id, "2024-07-01")).toMatchObject({ approvedAt: null, approvedById: null });
    const again = await withdraw(admin.headers, { period: "2024-07-03", userIds: [staff.user.id] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(NOT_APPROVED);

    await approve(admin.headers, { period: "2024-07-03", userIds: [staff.user.id] });
    const locked = await lock(admin.headers, { period: "2024-07-03", userIds: [staff.user.id] });
    expect(locked.status).toBe(200);
    expect(locked.body).toEqual({ period: { start: "2024-07-01", end: "2024-07-07" }, locked: 1, notApproved: 0 });
    const refused = await withdraw(admin.headers, { period: "2024-07-03", userIds: [staff.user.id] });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: LOCKED_APPROVAL, periodLocked: true });
    const blocked = await edit(admin.headers, { action: "update-punch", punchId: punch.id, punchInAt: at("2024-07-02", 8).toISOString(), punchOutAt: at("2024-07-02", 18).toISOString(), reason: "Too late" });
    expect(blocked.status).toBe(409);
    // Each refusal fits its reader: the administrator may unlock it; the member asks an administrator.
    expect(blocked.body.message).toBe(PERIOD_LOCKED_YOU_MAY_UNLOCK);
    expect(blocked.body.message).not.toMatch(/Ask an administrator/);
    const asked = await call(requestCorrectionHandler, {
      method: "POST",
      path: "/api/time/corrections",
      headers: staff.headers,
      body: { punchId: punch.id, requestedInAt: at("2024-07-02", 8).toISOString(), requestedOutAt: at("2024-07-02", 17).toISOString(), reason: "Left at five" },
    });
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({ message: PERIOD_LOCKED, periodLocked: true });

    // Unlocking keeps the approval; withdrawing works again.
    expect((await unlock(admin.headers, { period: "2024-07-03", userIds: [staff.user.id], reason: "Fix a punch" })).status).toBe(200);
    expect(await rowOf(staff.user.id, "2024-07-01")).toMatchObject({ approvedById: admin.user.id });
    expect((await withdraw(admin.headers, { period: "2024-07-03", userIds: [staff.user.id] })).status).toBe(200);
  });

  it("locking counts the members not approved yet, and each step needs its own permission", async () => {
    const admin = await member("admin");
    const manager = await member("manager");
    const staff = await member();
    const a = await member();
    const b = await member();
    const period = "2024-07-10";
    await approve(admin.headers, { period, userIds: [a.user.id] });
    for (const who of [manager, staff]) {
      expect((await approve(who.headers, { period, userIds: [b.user.id] })).status).toBe(403);
      expect((await withdraw(who.headers, { period, userIds: [a.user.id] })).status).toBe(403);
      expect((await lock(who.headers, { period, userIds: [a.user.id] })).status).toBe(403);
      expect((await unlock(who.headers, { period, userIds: [a.user.id], reason: "x" })).status).toBe(403);
    }
    expect((await approve({}, { period, userIds: [b.user.id] })).status).toBe(401);
    expect((await lock({}, { period })).status).toBe(401);
    const bad = await lock(admin.headers, { period: "2024-13-01" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/period/);
    const badIds = await approve(admin.headers, { period, userIds: ["nope"] });
    expect(badIds.status).toBe(400);
    expect(badIds.body.message).toMatch(/userIds/);
    expect((await approve(admin.headers, { period, userIds: ["00000000-0000-4000-8000-000000000000"] })).status).toBe(404);
    expect(await testDb.prisma.payPeriodLock.count({ where: { userId: b.user.id } })).toBe(0);

    const res = await lock(admin.headers, { period, userIds: [a.user.id, b.user.id] });
    expect(res.body).toMatchObject({ locked: 2, notApproved: 1 });
    expect(await rowOf(b.user.id, "2024-07-08")).toMatchObject({ approvedAt: null, lockedById: admin.user.id });
    expect((await lock(admin.headers, { period, userIds: [a.user.id, b.user.id] })).body).toMatchObject({ locked: 0, notApproved: 0 });
  });

  it("bulk actions act on exactly the members named (the rows shown), not on everyone", async () => {
    const admin = await member("admin");
    const shown = await Promise.all([1, 2, 3, 4].map(() => member("staff", { lastName: "Filterson" })));
    const hidden = await member("staff", { lastName: "Elsewhere" });
    const period = "2024-07-17";
    const userIds = shown.map((m) => m.user.id);
    expect((await approve(admin.headers, { period, userIds })).body.approved).toBe(4);
    expect(await rowOf(hidden.user.id, "2024-07-15")).toBeNull();
    expect((await lock(admin.headers, { period, userIds })).body).toMatchObject({ locked: 4, notApproved: 0 });
    expect(await rowOf(hidden.user.id, "2024-07-15")).toBeNull();

    // Unlocking the shown rows leaves another locked member locked.
    await lock(admin.headers, { period, userIds: [hidden.user.id] });
    expect((await unlock(admin.headers, { period, userIds, reason: "Rerun" })).body.unlocked).toBe(4);
    expect(await rowOf(hidden.user.id, "2024-07-15")).toMatchObject({ unlockedAt: null });
    expect((await rowOf(hidden.user.id, "2024-07-15"))!.lockedAt).not.toBeNull();
    // Withdrawing the shown rows skips none of them and touches nobody else.
    expect((await withdraw(admin.headers, { period, userIds })).body.withdrawn).toBe(4);
  });
});

describe("no edit after a lock (the member's time lock)", () => {
  it("50 edits racing a lock: none commits once the lock has committed, each is 200 or 409", async () => {
    const admin = await member("admin");
    const staff = await member();
    const punches = [];
    for (let i = 0; i < 50; i++) {
      const day = `2024-08-${String(5 + (i % 5)).padStart(2, "0")}`; // Mon 5 – Fri 9 August 2024
      const start = at(day, 0, 0).getTime() + Math.floor(i / 5) * 2 * H;
      punches.push(await createPunchSession(testDb.prisma, { userId: staff.user.id, punchInAt: new Date(start), punchOutAt: new Date(start + H) }));
    }
    const snapshot = async () =>
      (await testDb.prisma.punchSession.findMany({ where: { userId: staff.user.id }, orderBy: { id: "asc" }, select: { id: true, punchOutAt: true } }))
        .map((p) => `${p.id}:${p.punchOutAt!.toISOString()}`)
        .join("|");

    const edits = punches.map((p, i) => {
      const wait = new Promise((resolve) => setTimeout(resolve, i * 4));
      return wait.then(() =>
        edit(admin.headers, { action: "update-punch", punchId: p.id, punchInAt: p.punchInAt.toISOString(), punchOutAt: new Date(p.punchOutAt!.getTime() + 30 * 60_000).toISOString(), reason: "Race" }),
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 60));
    const locked = await lock(admin.headers, { period: "2024-08-07", userIds: [staff.user.id] });
    expect(locked.status).toBe(200);
    const atLock = await snapshot();
    const results = await Promise.all(edits);

    expect(await snapshot()).toBe(atLock);
    for (const res of results) {
      expect([200, 409]).toContain(res.status);
      if (res.status === 409) expect(res.body).toMatchObject({ message: PERIOD_LOCKED_YOU_MAY_UNLOCK, periodLocked: true });
    }
    const committed = results.filter((r) => r.status === 200).length;
    expect(await testDb.prisma.timeEdit.count({ where: { userId: staff.user.id } })).toBe(committed);
    // Every committed edit is in the state read right after the lock; every refused one is not.
    const moved = (await testDb.prisma.punchSession.findMany({ where: { userId: staff.user.id } })).filter((p) => p.punchOutAt!.getTime() - p.punchInAt.getTime() === 1.5 * H);
    expect(moved.length).toBe(committed);
  });
});
