/**
 * The punch clock under concurrency: the database's invariants (one open punch and one open task
 * clock per user, no overlapping punches, task time inside its punch) decide the races, and the
 * API turns every loser into the same clear answer a sequential caller gets — never a 500 and
 * never a half state.
 */
import { POST as punchInHandler } from "@/app/api/auth/punch/in/route";
import { POST as punchOutHandler } from "@/app/api/auth/punch/out-with-reason/route";
import { POST as clockInHandler } from "@/app/api/tasks/[id]/clock-in/route";
import { createPunchSession, createTask, createTimeEntry, createUnit, createUser } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();

jest.setTimeout(120_000);

async function person() {
  const user = await createUser(testDb.prisma);
  return { user, headers: await signIn(user) };
}

async function task(createdById: string) {
  const unit = await createUnit(testDb.prisma, {});
  return createTask(testDb.prisma, { createdById, organizationalUnitId: unit.id });
}

const punchIn = (headers: Record<string, string>) =>
  call(punchInHandler, { method: "POST", path: "/api/auth/punch/in", headers, body: { location: "desktop" } });
const punchOut = (headers: Record<string, string>, force = false) =>
  call(punchOutHandler, {
    method: "POST",
    path: "/api/auth/punch/out-with-reason",
    headers,
    body: { location: "desktop", reason: "End of Workday", ...(force ? { forceClockOut: true } : {}) },
  });
const clockIn = (headers: Record<string, string>, id: string) =>
  call(clockInHandler, { method: "POST", path: `/api/tasks/${id}/clock-in`, headers, params: { id }, body: {} });

/** Rows that break "task time only inside a punch": an entry still running in a closed punch, or outside its punch. */
async function halfStates(userId: string) {
  return testDb.prisma.$queryRaw<{ id: string }[]>`
    SELECT e.id FROM task_time_entries e JOIN punch_sessions p ON p.id = e.punch_session_id
     WHERE e.user_id = ${userId}::uuid
       AND (p.user_id <> e.user_id
            OR e.started_at < p.punch_in_at
            OR (p.punch_out_at IS NOT NULL AND (e.ended_at IS NULL OR e.ended_at > p.punch_out_at)))`;
}

describe("50 simultaneous punch-ins for one user", () => {
  it("exactly one succeeds; the other 49 get 409 Already punched in; one open punch remains", async () => {
    const { user, headers } = await person();
    const results = await Promise.all(Array.from({ length: 50 }, () => punchIn(headers)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body).toEqual({ message: "Already punched in", code: "CONFLICT" });
    expect(await testDb.prisma.punchSession.count({ where: { userId: user.id } })).toBe(1);
    expect(await testDb.prisma.auditLog.count({ where: { actorId: user.id, action: "punch.in" } })).toBe(1);
  });

  it("many users punching in at once do not block each other", async () => {
    const people = await Promise.all(Array.from({ length: 10 }, () => person()));
    const results = await Promise.all(people.map((p) => punchIn(p.headers)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
  });
});

describe("punch-out raced against clock-in", () => {
  it("never leaves a running task clock inside a closed punch (20 rounds)", async () => {
    const { user, headers } = await person();
    const t = await task(user.id);
    const outcomes = new Set<string>();
    for (let round = 0; round < 20; round++) {
      expect((await punchIn(headers)).status).toBe(201);
      const [out, clock] = await Promise.all([punchOut(headers), clockIn(headers, t.id)]);
      outcomes.add(`${out.status}/${clock.status}`);
      if (out.status === 200) {
        // Punch-out won: the clock-in saw no open punch.
        expect(clock.status).toBe(400);
        expect(clock.body).toMatchObject({ requiresPunchIn: true });
      } else {
        // Clock-in won: the punch-out saw the running task and refused.
        expect(out.status).toBe(409);
        expect(out.body.activeTask).toEqual({ id: t.id, displayNumber: t.displayNumber, title: t.title });
        expect(clock.status).toBe(200);
        // End the round cleanly with the force flag.
        expect((await punchOut(headers, true)).status).toBe(200);
      }
      expect(await halfStates(user.id)).toEqual([]);
      expect(await testDb.prisma.punchSession.count({ where: { userId: user.id, punchOutAt: null } })).toBe(0);
    }
    // Both orders are legal; whichever happened, the state was whole.
    for (const outcome of outcomes) expect(["200/400", "409/200"]).toContain(outcome);
  });

  it("a forced punch-out raced against clock-in closes both or neither starts (20 rounds)", async () => {
    const { user, headers } = await person();
    const t = await task(user.id);
    for (let round = 0; round < 20; round++) {
      await punchIn(headers);
      const [out, clock] = await Promise.all([punchOut(headers, true), clockIn(headers, t.id)]);
      expect(out.status).toBe(200);
      expect([200, 400]).toContain(clock.status);
      if (clock.status === 200) expect(out.body.clockedOutOfTask).toMatchObject({ id: t.id });
      expect(await halfStates(user.id)).toEqual([]);
      expect(await testDb.prisma.taskTimeEntry.count({ where: { userId: user.id, endedAt: null } })).toBe(0);
    }
  });

  it("20 simultaneous clock-ins into different tasks: one runs, the rest are refused", async () => {
    const { user, headers } = await person();
    const tasks = await Promise.all(Array.from({ length: 20 }, () => task(user.id)));
    await punchIn(headers);
    const results = await Promise.all(tasks.map((t) => clockIn(headers, t.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.body.message).toMatch(/^Cannot punch into task #\d+/);
    expect(await testDb.prisma.taskTimeEntry.count({ where: { userId: user.id, endedAt: null } })).toBe(1);
  });
});

describe("forceClockOut is one transaction", () => {
  it("closes the entry and the punch at consistent times, or nothing when it fails", async () => {
    const { user, headers } = await person();
    const t = await task(user.id);
    await punchIn(headers);
    await clockIn(headers, t.id);
    const res = await punchOut(headers, true);
    expect(res.status).toBe(200);
    const punch = await testDb.prisma.punchSession.findFirstOrThrow({ where: { userId: user.id } });
    const entry = await testDb.prisma.taskTimeEntry.findFirstOrThrow({ where: { userId: user.id } });
    expect(entry.endedAt).not.toBeNull();
    expect(entry.endedAt!.getTime()).toBeLessThanOrEqual(punch.punchOutAt!.getTime());
    expect(punch.forcedTaskOut).toBe(true);
    expect(entry.endedByForce).toBe(true);
  });
});

describe("the database enforces the rules even for writers that bypass the API", () => {
  it("refuses a second open punch, an overlapping punch, closing a punch under a running clock, and an entry outside its punch", async () => {
    const { user } = await person();
    const t = await task(user.id);
    const punch = await createPunchSession(testDb.prisma, { userId: user.id, punchInAt: new Date(Date.now() - 60_000) });
    await expect(createPunchSession(testDb.prisma, { userId: user.id })).rejects.toThrow(/punch_sessions_one_open_per_user/);
    await createTimeEntry(testDb.prisma, { userId: user.id, taskId: t.id, punchSessionId: punch.id });
    await expect(testDb.prisma.punchSession.update({ where: { id: punch.id }, data: { punchOutAt: new Date() } })).rejects.toThrow(/cannot be closed/);

    const { user: other } = await person();
    const closed = await createPunchSession(testDb.prisma, { userId: other.id, punchInAt: new Date(Date.now() - 7_200_000), punchOutAt: new Date(Date.now() - 3_600_000) });
    await expect(
      createPunchSession(testDb.prisma, { userId: other.id, punchInAt: new Date(Date.now() - 5_400_000), punchOutAt: new Date(Date.now() - 1_800_000) }),
    ).rejects.toThrow(/punch_sessions_no_overlap|conflicting key/);
    await expect(createTimeEntry(testDb.prisma, { userId: other.id, taskId: t.id, punchSessionId: closed.id })).rejects.toThrow(/outside its punch/);
  });
});
