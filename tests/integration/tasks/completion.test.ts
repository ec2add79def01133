import { PATCH as patchHandler, GET as getOne } from "@/app/api/tasks/[id]/route";
import { POST as createTaskHandler } from "@/app/api/tasks/route";
import { PATCH as checklistHandler } from "@/app/api/tasks/[id]/checklist/[itemId]/route";
import { POST as completeHandler } from "@/app/api/tasks/[id]/complete/route";
import { POST as createProcessHandler } from "@/app/api/processes/route";
import { GET as getProcessHandler } from "@/app/api/processes/[id]/route";
import { POST as startHandler } from "@/app/api/processes/[id]/start/route";
import { createTask } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { body, person, unitWith } from "./fixtures";

const testDb = useTestDatabase();
type Headers = Record<string, string> | undefined;

const complete = (headers: Headers, id: string) => call(completeHandler, { method: "POST", path: `/api/tasks/${id}/complete`, headers, params: { id } });
const patch = (headers: Headers, id: string, payload: unknown) => call(patchHandler, { method: "PATCH", path: `/api/tasks/${id}`, headers, body: payload, params: { id } });
const tick = (headers: Headers, id: string, itemId: string) =>
  call(checklistHandler, { method: "PATCH", path: `/api/tasks/${id}/checklist/${itemId}`, headers, body: { isCompleted: true }, params: { id, itemId } });

async function setup(checklistRequired: boolean) {
  const creator = await person(testDb.prisma);
  const unit = await unitWith(testDb.prisma, creator.id);
  const task = await createTask(testDb.prisma, { createdById: creator.id, organizationalUnitId: unit.id, title: "Cremation paperwork", checklist: ["Authorization signed", "ID tag recorded"], checklistRequired });
  const items = [...task.checklistItems].sort((a, b) => a.position - b.position);
  return { creator, unit, task, items };
}

describe("completing a task with open checklist items", () => {
  it("401 anonymous, 403 for a stranger", async () => {
    const { task } = await setup(true);
    const stranger = await person(testDb.prisma);
    expect((await complete(undefined, task.id)).status).toBe(401);
    expect((await complete(stranger.headers, task.id)).status).toBe(403);
  });

  it("an optional checklist does not stop completion (the screen asks first)", async () => {
    const { creator, task } = await setup(false);
    const res = await complete(creator.headers, task.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "completed", checklistRequired: false });
  });

  it("a required checklist: 409 with the open items on POST complete and on PATCH status=completed, until every item is ticked", async () => {
    const { creator, task, items } = await setup(true);
    const refused = await complete(creator.headers, task.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Complete the checklist first");
    expect(refused.body.openItems).toEqual(items.map((i) => ({ id: i.id, title: i.title })));

    expect((await tick(creator.headers, task.id, items[0].id)).status).toBe(200);
    const patched = await patch(creator.headers, task.id, { status: "completed" });
    expect(patched.status).toBe(409);
    expect(patched.body).toMatchObject({ message: "Complete the checklist first", openItems: [{ id: items[1].id, title: "ID tag recorded" }] });
    const still = await testDb.prisma.task.findUniqueOrThrow({ where: { id: task.id } });
    expect([still.status, still.completedAt]).toEqual(["open", null]);
    expect(await testDb.prisma.auditLog.count({ where: { entityId: task.id, action: { in: ["task.complete", "task.update"] } } })).toBe(0);

    expect((await tick(creator.headers, task.id, items[1].id)).status).toBe(200);
    const done = await complete(creator.headers, task.id);
    expect(done.status).toBe(200);
    expect(done.body.status).toBe("completed");
    // Completing again is harmless, and a completed task with a required checklist may be edited.
    expect((await complete(creator.headers, task.id)).status).toBe(200);
  });

  it("PATCH status=completed with a checklist rewrite is checked on the saved state; dropping the requirement lets it through", async () => {
    const { creator, task } = await setup(true);
    const rewrite = await patch(creator.headers, task.id, { status: "completed", checklistItems: ["Authorization signed", "New item"] });
    expect(rewrite.status).toBe(409);
    expect(rewrite.body.openItems.map((i: { title: string }) => i.title)).toEqual(["Authorization signed", "New item"]);
    expect((await testDb.prisma.checklistItem.findMany({ where: { taskId: task.id }, orderBy: { position: "asc" } })).map((c) => c.title)).toEqual([
      "Authorization signed",
      "ID tag recorded",
    ]);
    const relaxed = await patch(creator.headers, task.id, { status: "completed", checklistRequired: false });
    expect(relaxed.status).toBe(200);
    expect(relaxed.body).toMatchObject({ status: "completed", checklistRequired: false });
  });

  it("create and PATCH take checklistRequired and read it back; a non-boolean is a 400 naming the field", async () => {
    const { creator, unit } = await setup(false);
    const created = await call(createTaskHandler, {
      method: "POST",
      path: "/api/tasks",
      headers: creator.headers,
      body: body(unit.id, { checklistItems: ["Weigh", "Tag"], checklistRequired: true }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ hasChecklist: true, checklistRequired: true });
    const bad = await patch(creator.headers, created.body.id, { checklistRequired: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/checklistRequired/);
    const off = await patch(creator.headers, created.body.id, { checklistRequired: false });
    expect(off.body.checklistRequired).toBe(false);
    const read = await call(getOne, { path: `/api/tasks/${created.body.id}`, headers: creator.headers, params: { id: created.body.id } });
    expect(read.body.checklistRequired).toBe(false);
  });

  it("a process step's required checklist is copied to the task it creates", async () => {
    const author = await person(testDb.prisma);
    const unit = await unitWith(testDb.prisma, author.id);
    const created = await call(createProcessHandler, {
      method: "POST",
      path: "/api/processes",
      headers: author.headers,
      body: {
        name: "Private cremation",
        department: unit.id,
        steps: [
          { title: "Intake", assigneeKind: "starter", checklist: ["Authorization signed"], checklistRequired: true },
          { title: "Pickup", assigneeKind: "none", checklist: ["Call the clinic"] },
        ],
      },
    });
    expect(created.status).toBe(201);
    const read = await call(getProcessHandler, { path: `/api/processes/${created.body.id}`, headers: author.headers, params: { id: created.body.id } });
    expect(read.body.steps.map((s: { checklistRequired: boolean }) => s.checklistRequired)).toEqual([true, false]);
    const run = await call(startHandler, {
      method: "POST",
      path: `/api/processes/${created.body.id}/start`,
      headers: author.headers,
      params: { id: created.body.id },
      body: { uuid: crypto.randomUUID(), name: "Bella", startDate: "2026-12-01", department: unit.id },
    });
    expect(run.status).toBe(201);
    const tasks = await testDb.prisma.task.findMany({ where: { processRunId: run.body.id }, orderBy: { processStepPosition: "asc" } });
    expect(tasks.map((t) => t.checklistRequired)).toEqual([true, false]);
    const refused = await complete(author.headers, tasks[0].id);
    expect(refused.status).toBe(409);
  });
});
