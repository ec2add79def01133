import { GET as listHandler, POST as createHandler } from "@/app/api/processes/route";
import { GET as getHandler, PATCH as patchHandler } from "@/app/api/processes/[id]/route";
import { POST as duplicateHandler } from "@/app/api/processes/[id]/duplicate/route";
import { POST as startHandler } from "@/app/api/processes/[id]/start/route";
import { POST as scheduleHandler } from "@/app/api/processes/schedule/route";
import { GET as projectHandler } from "@/app/api/projects/[id]/route";
import { dateKeyOf } from "@/lib/dates";
import { createVendor } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person, unitWith } from "../tasks/fixtures";

const testDb = useTestDatabase();
type Who = Awaited<ReturnType<typeof person>>;
let author: Who, staff: Who, manager: Who, admin: Who;
let frontDesk: string, transport: string, cremation: string, vendorId: string;

beforeAll(async () => {
  [author, staff, manager, admin] = [await person(testDb.prisma), await person(testDb.prisma), await person(testDb.prisma, "manager"), await person(testDb.prisma, "admin")];
  frontDesk = (await unitWith(testDb.prisma, staff.id)).id;
  transport = (await unitWith(testDb.prisma)).id;
  cremation = (await unitWith(testDb.prisma, manager.id)).id;
  vendorId = (await createVendor(testDb.prisma)).id;
});

const steps = () => [
  { title: "Intake and paperwork", department: frontDesk, assigneeKind: "starter", offsetDays: 0, durationDays: 1, checklist: ["Authorization signed", "ID tag recorded"] },
  { title: "Pickup from the clinic", department: transport, assigneeKind: "none", offsetDays: 1, durationDays: 2, dependsOn: [1], availableForPickup: true },
  { title: "Cremation", assigneeKind: "member", assigneeId: "", offsetDays: 2, durationDays: 1, dependsOn: [2] },
  { title: "Urn engraving", department: cremation, assigneeKind: "vendor", vendorId: "", offsetDays: 3, durationDays: 1, dependsOn: [1, 3] },
];

async function newProcess(who: Who = author, extra: Record<string, unknown> = {}) {
  const body = { name: `Private cremation ${Math.random().toString(36).slice(2, 6)}`, department: cremation, steps: steps(), ...extra };
  body.steps[2].assigneeId = manager.id;
  body.steps[3].vendorId = vendorId;
  const res = await call(createHandler, { method: "POST", path: "/api/processes", headers: who.headers, body });
  expect(res.status).toBe(201);
  return res.body;
}

const start = (who: Who, id: string, body: Record<string, unknown>) => call(startHandler, { method: "POST", path: `/api/processes/${id}/start`, headers: who.headers, params: { id }, body });

describe("process CRUD and step order", () => {
  it("401 signed out; creates, reads steps back in order; lists counts", async () => {
    expect((await call(listHandler, { path: "/api/processes" })).status).toBe(401);
    const process = await newProcess();
    const res = await call(getHandler, { path: `/api/processes/${process.id}`, headers: staff.headers, params: { id: process.id } });
    expect(res.status).toBe(200);
    expect(res.body.steps.map((s: { position: number; title: string }) => [s.position, s.title])).toEqual([
      [1, "Intake and paperwork"],
      [2, "Pickup from the clinic"],
      [3, "Cremation"],
      [4, "Urn engraving"],
    ]);
    expect(res.body.steps[3]).toMatchObject({ assigneeKind: "vendor", vendor: { id: vendorId }, dependsOn: [1, 3] });
    expect(res.body.permissions).toEqual({ canEdit: false, canStart: true });
    const list = await call(listHandler, { path: `/api/processes?q=${encodeURIComponent(process.name)}`, headers: staff.headers });
    expect(list.body.items).toEqual([expect.objectContaining({ id: process.id, stepCount: 4, runCount: 0, lastStartedAt: null, department: { id: cremation, name: expect.any(String) } })]);
  });

  it("saves a reordered step list (positions follow the order) and audits it; other staff get 403, the department's manager may edit", async () => {
    const process = await newProcess();
    const reordered = steps().map((s) => ({ ...s, dependsOn: [] as number[], assigneeKind: "none", assigneeId: null, vendorId: null }));
    [reordered[0], reordered[1]] = [reordered[1], reordered[0]];
    const save = (who: Who) => call(patchHandler, { method: "PATCH", path: `/api/processes/${process.id}`, headers: who.headers, params: { id: process.id }, body: { steps: reordered } });
    expect((await save(staff)).status).toBe(403);
    const res = await save(manager);
    expect(res.status).toBe(200);
    expect(res.body.steps.map((s: { title: string }) => s.title)).toEqual(["Pickup from the clinic", "Intake and paperwork", "Cremation", "Urn engraving"]);
    const audit = await testDb.prisma.auditLog.findFirstOrThrow({ where: { entityId: process.id, action: "process.update" } });
    expect(audit.actorId).toBe(manager.id);
  });

  it("refuses a step that depends on itself or on a later step, a blank title and a negative offset (400 naming the step)", async () => {
    const post = (stepList: unknown[]) => call(createHandler, { method: "POST", path: "/api/processes", headers: author.headers, body: { name: "Bad", steps: stepList } });
    const self = await post([{ title: "A", dependsOn: [1] }]);
    expect(self.status).toBe(400);
    expect(self.body.message).toMatch("Step 1 can't depend on itself");
    const forward = await post([{ title: "A", dependsOn: [2] }, { title: "B" }]);
    expect(forward.status).toBe(400);
    expect(forward.body.message).toMatch("Step 1 can't depend on a later step (step 2)");
    const blank = await post([{ title: " " }]);
    expect(blank.body.message).toMatch("Step title is required");
    const negative = await post([{ title: "A", offsetDays: -1 }]);
    expect(negative.body.message).toMatch("Offset must be 0 or more business days");
    expect((await post([])).body.message).toMatch("Add at least one step");
  });

  it("duplicates as the caller's own copy, and an archived process cannot be started (409)", async () => {
    const process = await newProcess();
    const copy = await call(duplicateHandler, { method: "POST", path: `/api/processes/${process.id}/duplicate`, headers: staff.headers, params: { id: process.id } });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: `Copy of ${process.name}`, stepCount: 4, permissions: { canEdit: true } });
    expect(copy.body.steps[3].dependsOn).toEqual([1, 3]);
    const archived = await call(patchHandler, { method: "PATCH", path: `/api/processes/${process.id}`, headers: author.headers, params: { id: process.id }, body: { isActive: false } });
    expect(archived.body.isActive).toBe(false);
    const res = await start(author, process.id, { uuid: crypto.randomUUID(), name: "x", startDate: "2026-12-01" });
    expect(res.status).toBe(409);
  });
});

describe("start a process", () => {
  it("creates exactly the expected project, tasks, dates (business days over a holiday and a weekend), people, checklists and dependencies", async () => {
    const process = await newProcess();
    // Wednesday 25 Nov 2026; Thursday 26 is Thanksgiving, then a weekend.
    const res = await start(staff, process.id, { uuid: crypto.randomUUID(), name: "Private cremation – Bella (golden retriever)", startDate: "2026-11-25", department: cremation });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Private cremation – Bella (golden retriever)", target: "new_project", progress: { total: 4, done: 0 } });
    const tasks = await testDb.prisma.task.findMany({
      where: { processRunId: res.body.id },
      orderBy: { processStepPosition: "asc" },
      include: { checklistItems: { orderBy: { position: "asc" } }, dependencies: { include: { dependsOn: true } } },
    });
    expect(tasks.map((t) => [t.title, dateKeyOf(t.startDate!), dateKeyOf(t.dueDate)])).toEqual([
      ["Intake and paperwork", "2026-11-25", "2026-11-25"],
      ["Pickup from the clinic", "2026-11-27", "2026-11-30"],
      ["Cremation", "2026-11-30", "2026-11-30"],
      ["Urn engraving", "2026-12-01", "2026-12-01"],
    ]);
    expect(tasks.map((t) => t.organizationalUnitId)).toEqual([frontDesk, transport, cremation, cremation]);
    expect(tasks.map((t) => [t.assigneeId, t.vendorId, t.availableForPickup])).toEqual([
      [staff.id, null, false],
      [null, null, true],
      [manager.id, null, false],
      [null, vendorId, false],
    ]);
    expect(tasks[0].checklistItems.map((c) => c.title)).toEqual(["Authorization signed", "ID tag recorded"]);
    expect(tasks.map((t) => t.dependencies.map((d) => d.dependsOn.title).sort())).toEqual([[], ["Intake and paperwork"], ["Pickup from the clinic"], ["Cremation", "Intake and paperwork"]]);
    const project = await call(projectHandler, { path: `/api/projects/${res.body.project.id}`, headers: staff.headers, params: { id: res.body.project.id } });
    expect(project.body).toMatchObject({ name: "Private cremation – Bella (golden retriever)", progress: { total: 4 } });
    expect(dateKeyOf(project.body.dueDate)).toBe("2026-12-01");
    const numbers = tasks.map((t) => t.displayNumber!);
    expect(numbers).toEqual([numbers[0], numbers[0] + 1, numbers[0] + 2, numbers[0] + 3]);
  });

  it("a start on a Saturday begins on Monday; a parent task with sub-tasks is the other target", async () => {
    const process = await newProcess();
    const res = await start(author, process.id, { uuid: crypto.randomUUID(), name: "Max (beagle)", startDate: "2026-11-28", target: "parent_task" });
    expect(res.status).toBe(201);
    const parent = await testDb.prisma.task.findUniqueOrThrow({ where: { id: res.body.parentTask.id }, include: { subTasks: { orderBy: { processStepPosition: "asc" } } } });
    expect(parent.title).toBe("Max (beagle)");
    expect(parent.subTasks.map((t) => dateKeyOf(t.startDate!))).toEqual(["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03"]);
    expect(res.body.href).toBe(`/tasks/${parent.id}`);
  });

  it("a repeated start with the same uuid creates one run, also when sent five times at once; another user's uuid is a 409", async () => {
    const process = await newProcess();
    const body = { uuid: crypto.randomUUID(), name: "Cleo (siamese)", startDate: "2026-12-02", department: cremation };
    const results = await Promise.all(Array.from({ length: 5 }, () => start(author, process.id, body)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await testDb.prisma.processRun.count({ where: { uuid: body.uuid } })).toBe(1);
    expect(await testDb.prisma.task.count({ where: { processRunId: results[0].body.id } })).toBe(4);
    expect(await testDb.prisma.project.count({ where: { name: "Cleo (siamese)" } })).toBe(1);
    const again = await start(author, process.id, body);
    expect(again.status).toBe(200);
    const stolen = await start(staff, process.id, body);
    expect(stolen.status).toBe(409);
  });

  it("a failure mid-way leaves nothing behind (one transaction)", async () => {
    const process = await newProcess();
    const counts = async () => ({
      tasks: await testDb.prisma.task.count(),
      projects: await testDb.prisma.project.count(),
      runs: await testDb.prisma.processRun.count(),
      audits: await testDb.prisma.auditLog.count(),
      checklist: await testDb.prisma.checklistItem.count(),
      counter: (await testDb.prisma.counter.findUniqueOrThrow({ where: { name: "task_display_number" } })).value,
    });
    const before = await counts();
    // Make the last insert of the start (its dependencies) fail inside the database.
    await testDb.prisma.$executeRawUnsafe(`CREATE FUNCTION fail_dependency() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$`);
    await testDb.prisma.$executeRawUnsafe(`CREATE TRIGGER fail_dependency BEFORE INSERT ON task_dependencies FOR EACH ROW EXECUTE FUNCTION fail_dependency()`);
    try {
      const res = await start(author, process.id, { uuid: crypto.randomUUID(), name: "Doomed run", startDate: "2026-12-02", department: cremation });
      expect(res.status).toBe(500);
    } finally {
      await testDb.prisma.$executeRawUnsafe(`DROP TRIGGER fail_dependency ON task_dependencies`);
      await testDb.prisma.$executeRawUnsafe(`DROP FUNCTION fail_dependency()`);
    }
    expect(await counts()).toEqual(before);
  });

  it("validates the body: start date and name required, a department for steps without one, an existing project the caller may edit", async () => {
    const process = await newProcess(author, { department: null });
    const bad = await start(author, process.id, { uuid: crypto.randomUUID(), name: "", startDate: "" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Name is required|Start date is required/);
    const noUnit = await start(author, process.id, { uuid: crypto.randomUUID(), name: "x", startDate: "2026-12-02" });
    expect(noUnit.status).toBe(400);
    expect(noUnit.body.message).toBe("Choose a department for step 3 (Cremation)");
    const other = await testDb.prisma.project.create({ data: { name: "Someone else's", createdById: admin.id } });
    const denied = await start(author, process.id, { uuid: crypto.randomUUID(), name: "x", startDate: "2026-12-02", department: cremation, target: "existing_project", projectId: other.id });
    expect(denied.status).toBe(403);
    const ok = await start(admin, process.id, { uuid: crypto.randomUUID(), name: "x", startDate: "2026-12-02", department: cremation, target: "existing_project", projectId: other.id });
    expect(ok.status).toBe(201);
    expect(await testDb.prisma.task.count({ where: { projectId: other.id } })).toBe(4);
  });

  it("a step's default member who has left is replaced by the dialog's choice (or left unassigned)", async () => {
    const leaver = await person(testDb.prisma);
    const res = await call(createHandler, {
      method: "POST",
      path: "/api/processes",
      headers: author.headers,
      body: { name: "Leaver", department: cremation, steps: [{ title: "Held by the leaver", assigneeKind: "member", assigneeId: leaver.id }] },
    });
    await testDb.prisma.user.update({ where: { id: leaver.id }, data: { isActive: false } });
    const blank = await start(author, res.body.id, { uuid: crypto.randomUUID(), name: "a", startDate: "2026-12-02" });
    expect(blank.status).toBe(201);
    expect((await testDb.prisma.task.findFirstOrThrow({ where: { processRunId: blank.body.id } })).assigneeId).toBeNull();
    const chosen = await start(author, res.body.id, { uuid: crypto.randomUUID(), name: "b", startDate: "2026-12-02", stepOverrides: [{ position: 1, assigneeId: staff.id }] });
    expect((await testDb.prisma.task.findFirstOrThrow({ where: { processRunId: chosen.body.id } })).assigneeId).toBe(staff.id);
  });

  it("previews a schedule with the skipped weekend and holiday", async () => {
    const res = await call(scheduleHandler, { method: "POST", path: "/api/processes/schedule", headers: staff.headers, body: { startDate: "2026-11-25", steps: [{ offsetDays: 0, durationDays: 1 }, { offsetDays: 1, durationDays: 2 }] } });
    expect(res.status).toBe(200);
    expect(res.body.steps).toEqual([
      { start: "2026-11-25", due: "2026-11-25" },
      { start: "2026-11-27", due: "2026-11-30" },
    ]);
    expect(res.body.skipped.map((s: { date: string }) => s.date)).toEqual(["2026-11-26", "2026-11-28", "2026-11-29"]);
    expect(res.body.skipped[0].reason).toMatch(/Thanksgiving/);
  });
});
