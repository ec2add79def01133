import { randomUUID } from "node:crypto";
import { POST as punchInHandler } from "@/app/api/auth/punch/in/route";
import { POST as punchOutHandler } from "@/app/api/auth/punch/out-with-reason/route";
import { OFFLINE_MESSAGES } from "@/lib/offline/rules";
import { offlineReplayInfoSchema } from "@/lib/validations/punch";
import { getTimeCard } from "@/lib/services/time/get-time-card";
import { flagWords } from "@/lib/time/labels";
import { createPunchSession, createTask, createTimeEntry, createUnit, createUser } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();

const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);

async function staff() {
  const user = await createUser(testDb.prisma, { role: "staff" });
  return { user, headers: { ...(await signIn(user)), "user-agent": "jest-phone/1.0" } };
}

const punchIn = (headers: Record<string, string> | undefined, body: unknown) => call(punchInHandler, { method: "POST", path: "/api/auth/punch/in", headers, body });
const punchOut = (headers: Record<string, string> | undefined, body: unknown) =>
  call(punchOutHandler, { method: "POST", path: "/api/auth/punch/out-with-reason", headers, body });

const offlineIn = (uuid: string, at: Date) => ({ location: "mobile", source: "mobile", clientUuid: uuid, deviceTime: at.toISOString() });
const offlineOut = (uuid: string, at: Date, reason = "Lunch") => ({ location: "mobile", source: "mobile", reason, clientUuid: uuid, deviceTime: at.toISOString() });

describe("offline punch replays: input", () => {
  it("401 for anonymous callers, nothing written", async () => {
    expect((await punchIn(undefined, offlineIn(randomUUID(), ago(HOUR)))).status).toBe(401);
    expect(await testDb.prisma.offlineWrite.count()).toBe(0);
  });

  it("400 naming the field for a bad uuid, a bad time, or one without the other", async () => {
    const { headers } = await staff();
    const bad = await punchIn(headers, { location: "mobile", clientUuid: "nope", deviceTime: ago(HOUR).toISOString() });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/clientUuid/);
    expect((await punchIn(headers, { location: "mobile", clientUuid: randomUUID(), deviceTime: "yesterday" })).body.message).toMatch(/deviceTime/);
    expect((await punchIn(headers, { location: "mobile", clientUuid: randomUUID() })).body.message).toMatch(/deviceTime is required/);
    expect((await punchOut(headers, { location: "mobile", reason: "Lunch", deviceTime: ago(HOUR).toISOString() })).body.message).toMatch(/clientUuid is required/);
    expect(await testDb.prisma.punchSession.count()).toBe(0);
  });

  it("refuses a device time later than the server's time, and one more than 72 hours old (400)", async () => {
    const { headers } = await staff();
    const future = await punchIn(headers, offlineIn(randomUUID(), new Date(Date.now() + 10 * 60_000)));
    expect(future.status).toBe(400);
    expect(future.body.message).toBe(OFFLINE_MESSAGES.deviceTimeInFuture);
    const old = await punchIn(headers, offlineIn(randomUUID(), ago(72 * HOUR + 60_000)));
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(OFFLINE_MESSAGES.deviceTimeTooOld);
    const oldOut = await punchOut(headers, offlineOut(randomUUID(), ago(73 * HOUR)));
    expect(oldOut.status).toBe(400);
    expect(await testDb.prisma.punchSession.count()).toBe(0);
    expect(await testDb.prisma.offlineWrite.count()).toBe(0);
  });
});

describe("offline punch replays: recorded at the device's time", () => {
  it("stores the device time, marks the punch recorded offline, and answers a retry with the first answer", async () => {
    const { user, headers } = await staff();
    const uuid = randomUUID();
    const at = ago(2 * HOUR);
    const first = await punchIn(headers, offlineIn(uuid, at));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      isPunchedIn: true,
      lastPunchIn: at.toISOString(),
      activeTask: null,
      offline: { clientUuid: uuid, outcome: "recorded", deviceTime: at.toISOString(), correctionRequestId: null },
    });
    expect(offlineReplayInfoSchema.strict().parse(first.body.offline)).toEqual(first.body.offline);
    const punch = await testDb.prisma.punchSession.findFirstOrThrow({ where: { userId: user.id } });
    expect(punch.punchInAt.toISOString()).toBe(at.toISOString());
    expect(punch.inDeviceTime?.toISOString()).toBe(at.toISOString());
    expect(punch.recordedOfflineAt).not.toBeNull();
    expect(punch.recordedOfflineAt!.getTime()).toBeGreaterThan(at.getTime());

    for (let i = 0; i < 3; i++) {
      const again = await punchIn(headers, offlineIn(uuid, at));
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
    }
    expect(await testDb.prisma.punchSession.count({ where: { userId: user.id } })).toBe(1);
    expect(await testDb.prisma.timeCorrectionRequest.count()).toBe(0);

    // The time card flags it for review, like a forgotten punch-out.
    const card = await getTimeCard(undefined, { q: user.email });
    const row = card.rows.find((r) => r.member.id === user.id)!;
    expect(row.flags.offline).toBe(1);
    expect(flagWords(row.flags, false)).toContain("1 recorded offline");
    expect(row.punches[0]!.recordedOfflineAt).toEqual(punch.recordedOfflineAt);
  });

  it("in then out, retried concurrently and out of order: exactly one punch with both device times", async () => {
    const { user, headers } = await staff();
    const inId = randomUUID();
    const outId = randomUUID();
    const inAt = ago(5 * HOUR);
    const outAt = ago(HOUR);
    const firstIn = await punchIn(headers, offlineIn(inId, inAt));
    expect(firstIn.status).toBe(201);
    // The phone retries everything at once after a flaky connection: the in again, the out three times.
    const answers = await Promise.all([
      punchOut(headers, offlineOut(outId, outAt)),
      punchIn(headers, offlineIn(inId, inAt)),
      punchOut(headers, offlineOut(outId, outAt)),
      punchOut(headers, offlineOut(outId, outAt)),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 201, 200, 200]);
    expect(answers[1]!.body).toEqual(firstIn.body);
    expect(answers[2]!.body).toEqual(answers[0]!.body);
    expect(answers[0]!.body).toMatchObject({ isPunchedIn: false, punchOutAt: outAt.toISOString(), reason: "Lunch", offline: { outcome: "recorded" } });
    // And the punch-in arriving again after the punch-out (reordered) still answers its first answer.
    expect((await punchIn(headers, offlineIn(inId, inAt))).body).toEqual(firstIn.body);

    const punches = await testDb.prisma.punchSession.findMany({ where: { userId: user.id } });
    expect(punches).toHaveLength(1);
    expect(punches[0]).toMatchObject({ punchInAt: inAt, punchOutAt: outAt, inDeviceTime: inAt, outDeviceTime: outAt, outReason: "Lunch" });
    expect(await testDb.prisma.offlineWrite.count({ where: { userId: user.id } })).toBe(2);
    expect(await testDb.prisma.timeCorrectionRequest.count()).toBe(0);
  });

  it("twenty concurrent replays of one punch-in write one punch", async () => {
    const { user, headers } = await staff();
    const uuid = randomUUID();
    const at = ago(30 * 60_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => punchIn(headers, offlineIn(uuid, at))));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await testDb.prisma.punchSession.count({ where: { userId: user.id } })).toBe(1);
  });

  it("an offline punch-out closes a running task clock at the device time", async () => {
    const { user, headers } = await staff();
    const unit = await createUnit(testDb.prisma, {});
    const task = await createTask(testDb.prisma, { createdById: user.id, organizationalUnitId: unit.id, title: "Cremation 881" });
    const punch = await createPunchSession(testDb.prisma, { userId: user.id, punchInAt: ago(4 * HOUR) });
    const entry = await createTimeEntry(testDb.prisma, { userId: user.id, taskId: task.id, punchSessionId: punch.id, startedAt: ago(3 * HOUR) });
    const at = ago(HOUR);
    const res = await punchOut(headers, offlineOut(randomUUID(), at, "End of Workday"));
    expect(res.status).toBe(200);
    expect(res.body.clockedOutOfTask).toMatchObject({ id: task.id, title: "Cremation 881" });
    const closed = await testDb.prisma.taskTimeEntry.findUniqueOrThrow({ where: { id: entry.id } });
    expect(closed.endedAt?.toISOString()).toBe(at.toISOString());
    const after = await testDb.prisma.punchSession.findUniqueOrThrow({ where: { id: punch.id } });
    expect(after.punchOutAt?.toISOString()).toBe(at.toISOString());
    expect(after.recordedOfflineAt).not.toBeNull();
  });
});

describe("offline punch replays: conflicts become correction requests", () => {
  it("a punch-in that overlaps a punch made meanwhile on another device files a correction request (202) and no punch", async () => {
    const { user, headers } = await staff();
    const other = await createPunchSession(testDb.prisma, { userId: user.id, punchInAt: ago(2 * HOUR) });
    const at = ago(3 * HOUR);
    const uuid = randomUUID();
    const res = await punchIn(headers, offlineIn(uuid, at));
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      isPunchedIn: true,
      lastPunchIn: other.punchInAt.toISOString(),
      offline: { outcome: "correction-requested", message: OFFLINE_MESSAGES.correctionRequested, clientUuid: uuid },
    });
    const requests = await testDb.prisma.timeCorrectionRequest.findMany({ where: { userId: user.id } });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ punchSessionId: other.id, requestedInAt: at, status: "pending" });
    expect(requests[0]!.reason).toMatch(/without a signal/);
    expect(res.body.offline.correctionRequestId).toBe(requests[0]!.id);
    expect(offlineReplayInfoSchema.strict().parse(res.body.offline)).toEqual(res.body.offline);
    expect(await testDb.prisma.punchSession.count({ where: { userId: user.id } })).toBe(1);
    // Retried: the same answer, still one request.
    const again = await punchIn(headers, offlineIn(uuid, at));
    expect(again.status).toBe(202);
    expect(again.body).toEqual(res.body);
    expect(await testDb.prisma.timeCorrectionRequest.count({ where: { userId: user.id } })).toBe(1);
  });

  it("a punch-out after the person already punched out elsewhere files a correction request for that punch", async () => {
    const { user, headers } = await staff();
    const punch = await createPunchSession(testDb.prisma, { userId: user.id, punchInAt: ago(6 * HOUR), punchOutAt: ago(2 * HOUR) });
    const at = ago(HOUR);
    const res = await punchOut(headers, offlineOut(randomUUID(), at, "End of Workday"));
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ isPunchedIn: false, offline: { outcome: "correction-requested" } });
    const [request] = await testDb.prisma.timeCorrectionRequest.findMany({ where: { userId: user.id } });
    expect(request).toMatchObject({ punchSessionId: punch.id, requestedInAt: punch.punchInAt, requestedOutAt: at });
    const unchanged = await testDb.prisma.punchSession.findUniqueOrThrow({ where: { id: punch.id } });
    expect(unchanged.punchOutAt?.toISOString()).toBe(punch.punchOutAt?.toISOString());
    expect(unchanged.recordedOfflineAt).toBeNull();
  });

  it("a reuse of a uuid by another person or for another kind is a 409, never their answer", async () => {
    const a = await staff();
    const b = await staff();
    const uuid = randomUUID();
    expect((await punchIn(a.headers, offlineIn(uuid, ago(HOUR)))).status).toBe(201);
    const stolen = await punchIn(b.headers, offlineIn(uuid, ago(HOUR)));
    expect(stolen.status).toBe(409);
    expect(stolen.body).toEqual({ message: OFFLINE_MESSAGES.uuidReused, code: "CONFLICT" });
    expect((await punchOut(a.headers, offlineOut(uuid, ago(30 * 60_000)))).status).toBe(409);
    expect(await testDb.prisma.punchSession.count({ where: { userId: b.user.id } })).toBe(0);
  });
});
