import { randomUUID } from "node:crypto";
import { POST as claimHandler } from "@/app/api/tasks/[id]/claim/route";
import { GET as listHandler } from "@/app/api/tasks/route";
import { createTask, createVendor } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person, unitWith } from "./fixtures";

const testDb = useTestDatabase();

const claim = (headers: Record<string, string> | undefined, id: string) =>
  call(claimHandler, { method: "POST", path: `/api/tasks/${id}/claim`, headers, params: { id } });

async function pickupTask(extra: Record<string, unknown> = {}) {
  const creator = await person(testDb.prisma);
  const member = await person(testDb.prisma);
  const unit = await unitWith(testDb.prisma, member.id);
  const task = await createTask(testDb.prisma, { createdById: creator.id, organizationalUnitId: unit.id, availableForPickup: true, title: "Pick up remains", ...extra });
  return { creator, member, unit, task };
}

describe("POST /api/tasks/{id}/claim", () => {
  it("401 anonymous; 404 unknown task", async () => {
    const { member, task } = await pickupTask();
    expect((await claim(undefined, task.id)).status).toBe(401);
    expect((await claim(member.headers, randomUUID())).status).toBe(404);
  });

  it("403 for someone outside the task's department (admins included)", async () => {
    const { task } = await pickupTask();
    const outsider = await person(testDb.prisma);
    const admin = await person(testDb.prisma, "admin");
    for (const who of [outsider, admin]) {
      const res = await claim(who.headers, task.id);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Only members of the task's department can claim it");
    }
  });

  it("a member claims it: assigned to them, off the pickup list, audited", async () => {
    const { member, task } = await pickupTask();
    const before = await call(listHandler, { path: "/api/tasks?available=true", headers: member.headers });
    expect(before.body.items.map((t: { id: string; permissions: { canClaim: boolean } }) => [t.id, t.permissions.canClaim])).toEqual([[task.id, true]]);

    const res = await claim(member.headers, task.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: task.id, assigneeId: member.id, assigneeType: "user", availableForPickup: false, assignee: { type: "user", id: member.id } });
    const stored = await testDb.prisma.task.findUniqueOrThrow({ where: { id: task.id } });
    expect(stored).toMatchObject({ assigneeId: member.id, availableForPickup: false });
    expect(await testDb.prisma.auditLog.count({ where: { entityId: task.id, action: "task.claim", actorId: member.id } })).toBe(1);
    const after = await call(listHandler, { path: "/api/tasks?available=true", headers: member.headers });
    expect(after.body.items).toEqual([]);
  });

  it("a second claim gets 409 'Task already assigned'", async () => {
    const { member, unit, task } = await pickupTask();
    const second = await person(testDb.prisma);
    await testDb.prisma.unitMembership.create({ data: { unitId: unit.id, userId: second.id } });
    await claim(member.headers, task.id);
    const res = await claim(second.headers, task.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: "Task already assigned" });
  });

  it("race: of 8 members claiming at once exactly one wins, the rest get 409", async () => {
    const { unit, task } = await pickupTask();
    const members = [];
    for (let i = 0; i < 8; i++) {
      const m = await person(testDb.prisma);
      await testDb.prisma.unitMembership.create({ data: { unitId: unit.id, userId: m.id } });
      members.push(m);
    }
    const results = await Promise.all(members.map((m) => claim(m.headers, task.id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const winner = results.find((r) => r.status === 200)!;
    const stored = await testDb.prisma.task.findUniqueOrThrow({ where: { id: task.id } });
    expect(stored.assigneeId).toBe(winner.body.assigneeId);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.message === "Task already assigned")).toBe(true);
    expect(await testDb.prisma.auditLog.count({ where: { entityId: task.id, action: "task.claim" } })).toBe(1);
  });

  it("409 for a task already given to a vendor; 400 for a task not offered for pickup", async () => {
    const vendor = await createVendor(testDb.prisma);
    const { member, task } = await pickupTask({ assigneeType: "vendor", vendorId: vendor.id });
    expect((await claim(member.headers, task.id)).status).toBe(409);
    const { member: m2, task: t2 } = await pickupTask({ availableForPickup: false });
    const res = await claim(m2.headers, t2.id);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Task is not available for pickup");
  });
});
