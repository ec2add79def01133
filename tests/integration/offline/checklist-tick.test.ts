import { randomUUID } from "node:crypto";
import { PATCH as checklistHandler } from "@/app/api/tasks/[id]/checklist/[itemId]/route";
import { deviceTimeMessage } from "@/lib/offline/device-time";
import { OFFLINE_UUID_REUSED } from "@/lib/offline/rules";
import { createTask } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person, unitWith } from "../tasks/fixtures";

/**
 * A checklist tick made on a phone without a signal, replayed through the replay ledger
 * (lib/services/offline/with-replay.ts): recorded at the device time, once per client uuid.
 */
const testDb = useTestDatabase();
type Headers = Record<string, string> | undefined;

const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);

const tick = (headers: Headers, taskId: string, itemId: string, payload: unknown) =>
  call(checklistHandler, { method: "PATCH", path: `/api/tasks/${taskId}/checklist/${itemId}`, headers, body: payload, params: { id: taskId, itemId } });

async function setup() {
  const creator = await person(testDb.prisma);
  const unit = await unitWith(testDb.prisma, creator.id);
  const task = await createTask(testDb.prisma, { createdById: creator.id, organizationalUnitId: unit.id, title: "Kennel round", checklist: ["Water bowls", "Bedding"] });
  const item = [...task.checklistItems].sort((a, b) => a.position - b.position)[0];
  return { creator, task, item };
}

describe("offline checklist ticks", () => {
  it("a tick replayed twice records one change, at the device time, and answers the first answer again", async () => {
    const { creator, task, item } = await setup();
    const uuid = randomUUID();
    const at = ago(2 * HOUR);
    const payload = { isCompleted: true, clientUuid: uuid, deviceTime: at.toISOString() };
    const first = await tick(creator.headers, task.id, item.id, payload);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: item.id, isCompleted: true, completedAt: at.toISOString() });

    // Meanwhile someone unticks it online; the phone's retry must not tick it again.
    expect((await tick(creator.headers, task.id, item.id, { isCompleted: false })).status).toBe(200);
    const again = await tick(creator.headers, task.id, item.id, payload);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    const row = await testDb.prisma.checklistItem.findUniqueOrThrow({ where: { id: item.id } });
    expect(row.isCompleted).toBe(false);
    const ledger = await testDb.prisma.offlineWrite.findMany({ where: { clientUuid: uuid } });
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ kind: "checklist-tick", outcome: "recorded", responseStatus: 200, userId: creator.id });
    const audits = await testDb.prisma.auditLog.findMany({ where: { action: "task.checklist", entityId: task.id } });
    expect(audits).toHaveLength(2);
    expect(audits.filter((a) => (a.metadata as { clientUuid?: string }).clientUuid === uuid)).toHaveLength(1);
  });

  it("concurrent replays of one tick write one change", async () => {
    const { creator, task, item } = await setup();
    const payload = { isCompleted: true, clientUuid: randomUUID(), deviceTime: ago(HOUR).toISOString() };
    const answers = await Promise.all(Array.from({ length: 5 }, () => tick(creator.headers, task.id, item.id, payload)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await testDb.prisma.offlineWrite.count({ where: { clientUuid: payload.clientUuid } })).toBe(1);
    expect(await testDb.prisma.auditLog.count({ where: { action: "task.checklist", entityId: task.id } })).toBe(1);
  });

  it("the device-time rule: later than the server's time, or more than 72 hours old, is a 400 naming deviceTime and writes nothing", async () => {
    const { creator, task, item } = await setup();
    const future = await tick(creator.headers, task.id, item.id, { isCompleted: true, clientUuid: randomUUID(), deviceTime: new Date(Date.now() + 10 * 60_000).toISOString() });
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({ field: "deviceTime", message: deviceTimeMessage("in-future", "checklist tick") });
    const old = await tick(creator.headers, task.id, item.id, { isCompleted: true, clientUuid: randomUUID(), deviceTime: ago(72 * HOUR + 60_000).toISOString() });
    expect(old.status).toBe(400);
    expect(old.body).toMatchObject({ field: "deviceTime", message: deviceTimeMessage("too-old", "checklist tick") });
    expect(await testDb.prisma.offlineWrite.count({ where: { userId: creator.id } })).toBe(0);
    expect((await testDb.prisma.checklistItem.findUniqueOrThrow({ where: { id: item.id } })).isCompleted).toBe(false);
  });

  it("400 for a uuid without a device time; 409 for a uuid another person or another kind of write used", async () => {
    const { creator, task, item } = await setup();
    const missing = await tick(creator.headers, task.id, item.id, { isCompleted: true, clientUuid: randomUUID() });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/deviceTime is required/);

    const uuid = randomUUID();
    await testDb.prisma.offlineWrite.create({ data: { clientUuid: uuid, userId: creator.id, kind: "punch-in", deviceTime: ago(HOUR), outcome: "recorded", responseStatus: 201, response: {} } });
    const reused = await tick(creator.headers, task.id, item.id, { isCompleted: true, clientUuid: uuid, deviceTime: ago(HOUR).toISOString() });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe(OFFLINE_UUID_REUSED["checklist-tick"]);
  });

  it("a tick made now (no uuid) is recorded at the server's time, as before", async () => {
    const { creator, task, item } = await setup();
    const before = Date.now();
    const res = await tick(creator.headers, task.id, item.id, { isCompleted: true });
    expect(res.status).toBe(200);
    expect(new Date(res.body.completedAt as string).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await testDb.prisma.offlineWrite.count({ where: { userId: creator.id } })).toBe(0);
  });
});
