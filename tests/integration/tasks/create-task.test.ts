import { randomUUID } from "node:crypto";
import pg from "pg";
import { GET as getOne } from "@/app/api/tasks/[id]/route";
import { POST as createHandler } from "@/app/api/tasks/route";
import { snapshotSelect, toSnapshot } from "@/lib/services/tasks/task-snapshot";
import { createProject, createTask, createVendor } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { body, inDays, person, unitWith } from "./fixtures";

const testDb = useTestDatabase();

const create = (headers: Record<string, string> | undefined, payload: unknown) =>
  call(createHandler, { method: "POST", path: "/api/tasks", headers, body: payload });
const read = (headers: Record<string, string>, id: string) => call(getOne, { path: `/api/tasks/${id}`, headers, params: { id } });

describe("POST /api/tasks", () => {
  it("401 for an anonymous caller, and nothing is stored", async () => {
    const unit = await unitWith(testDb.prisma);
    const res = await create(undefined, body(unit.id));
    expect(res.status).toBe(401);
    expect(await testDb.prisma.task.count()).toBe(0);
  });

  it("400 with the spec's messages for a missing title, department and due date", async () => {
    const me = await person(testDb.prisma);
    const res = await create(me.headers, { title: "  ", department: "", dueDate: "" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Title is required");
    expect(res.body.fieldErrors).toEqual(
      expect.arrayContaining([
        { path: "title", message: "Title is required" },
        { path: "department", message: "Department is required" },
        { path: "dueDate", message: "Due date is required" },
      ]),
    );
  });

  it("400 naming the field for bad values", async () => {
    const me = await person(testDb.prisma);
    const unit = await unitWith(testDb.prisma);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ priority: "urgent" }, /priority/],
      [{ estimatedHours: -5 }, /estimatedHours/],
      [{ estimatedHours: 1440 }, /estimatedHours/],
      [{ isRecurring: true, recurringPattern: "weekly", recurringInterval: 0 }, /Recurring interval must be at least 1/],
      [{ isRecurring: true, recurringPattern: "weekly", recurringEndType: "after", recurringMaxCount: 0 }, /Max occurrences must be at least 1/],
      [{ isRecurring: true, recurringPattern: "weekly", recurringDaysOfWeek: [7] }, /recurringDaysOfWeek/],
      [{ assigneeIds: [randomUUID()], leadAssigneeId: randomUUID() }, /The lead must be one of the team members/],
      [{ department: randomUUID() }, /Department not found/],
      [{ projectId: randomUUID() }, /Project not found/],
      [{ assigneeId: `vendor-${randomUUID()}` }, /Vendor not found/],
      [{ dueDate: "next tuesday" }, /Due date is required/],
    ];
    for (const [extra, message] of cases) {
      const res = await create(me.headers, body(unit.id, extra));
      expect({ extra, status: res.status }).toEqual({ extra, status: 400 });
      expect(res.body.message).toMatch(message);
    }
    expect(await testDb.prisma.task.count()).toBe(0);
  });

  it("400 for max occurrences below 1: one message, in the form's words, listed once", async () => {
    const me = await person(testDb.prisma);
    const unit = await unitWith(testDb.prisma);
    for (const recurringMaxCount of [0, -3, null, ""]) {
      const res = await create(me.headers, body(unit.id, { isRecurring: true, recurringPattern: "weekly", recurringEndType: "after", recurringMaxCount }));
      expect({ recurringMaxCount, status: res.status }).toEqual({ recurringMaxCount, status: 400 });
      expect(res.body.message).toBe("Max occurrences must be at least 1");
      expect(res.body.fieldErrors).toEqual([{ path: "recurringMaxCount", message: "Max occurrences must be at least 1" }]);
    }
    const noPattern = await create(me.headers, body(unit.id, { isRecurring: true, recurringPattern: "" }));
    expect(noPattern.body.message).toBe("Recurrence pattern is required");
    expect(await testDb.prisma.task.count()).toBe(0);
  });

  it("creates a task with every field and reads it back", async () => {
    const me = await person(testDb.prisma);
    const mate = await person(testDb.prisma);
    const unit = await unitWith(testDb.prisma, me.id);
    const project = await createProject(testDb.prisma, { createdById: me.id, name: "Memorial garden" });
    const uuid = randomUUID();
    const res = await create(me.headers, {
      uuid,
      title: "  Engrave urn for Biscuit ",
      description: '<p>Use <strong>brass</strong> plate<script>alert(1)</script><img src=x onerror="alert(2)"></p><a href="javascript:alert(3)">x</a>',
      priority: "high",
      status: "in_progress",
      department: unit.id,
      assigneeId: me.id,
      assigneeType: "user",
      // Upper case and out of order: the audit's team is the stored one (lower case, by id).
      assigneeIds: [me.id.toUpperCase(), mate.id].sort().reverse(),
      leadAssigneeId: mate.id,
      projectId: project.id,
      dueDate: "2026-12-01T23:00:00.000Z",
      startDate: "2026-11-30T14:00:00.000Z",
      estimatedHours: 90,
      availableForPickup: false,
      isPrivate: false,
      hasChecklist: true,
      checklistItems: ["Confirm spelling", "Engrave", "Polish"],
      isRecurring: true,
      recurringPattern: "monthly",
      recurringInterval: 2,
      recurringEndType: "after",
      recurringMaxCount: 6,
      recurringDaysOfWeek: [1, 3],
      recurringMonthlyType: "weekday",
      excludeWeekends: true,
      excludeHolidays: true,
      holidayCalendar: "US",
      recurringSchedule: { excludedDayPolicy: "next", monthlyWeek: -1 },
    });
    expect(res.status).toBe(201);
    const task = res.body;
    expect(task).toMatchObject({
      uuid,
      title: "Engrave urn for Biscuit",
      priority: "high",
      status: "in_progress",
      organizationalUnitId: unit.id,
      assigneeId: me.id,
      assigneeType: "user",
      assignee: { type: "user", id: me.id },
      leadAssigneeId: mate.id,
      projectId: project.id,
      project: { id: project.id, name: "Memorial garden" },
      estimatedHours: 90,
      hasChecklist: true,
      isRecurring: true,
      recurringPattern: "monthly",
      recurringInterval: 2,
      recurringEndType: "after",
      recurringMaxCount: 6,
      recurringDaysOfWeek: [1, 3],
      recurringMonthlyType: "weekday",
      excludeWeekends: true,
      excludeHolidays: true,
      holidayCalendar: "US",
      recurringSchedule: { excludedDayPolicy: "next", monthlyWeek: -1 },
      dueDate: "2026-12-01T23:00:00.000Z",
      dueTime: "17:00",
      startDate: "2026-11-30T14:00:00.000Z",
      parentTaskId: null,
    });
    // A recurring series takes no task number: its occurrences do (docs/recurrence.md).
    expect(task.displayNumber).toBeNull();
    expect(task.description).toBe('<p>Use <strong>brass</strong> plate</p><a rel="noopener noreferrer nofollow" target="_blank">x</a>');
    expect(task.assignments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: mate.id, isLead: true }),
        expect.objectContaining({ userId: me.id, isLead: false }),
      ]),
    );
    expect(task.checklist.map((c: { title: string }) => c.title)).toEqual(["Confirm spelling", "Engrave", "Polish"]);

    const again = await read(me.headers, task.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(task);

    const stored = await testDb.prisma.task.findUniqueOrThrow({ where: { id: task.id } });
    expect(stored.estimatedMinutes).toBe(90);
    expect(stored.createdById).toBe(me.id);
    const audit = await testDb.prisma.auditLog.findMany({ where: { entityId: task.id } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "task.create", actorId: me.id, entityType: "task" });
    expect((audit[0].after as { title: string }).title).toBe("Engrave urn for Biscuit");
    // The create builds the snapshot from what it inserted (one INSERT ... RETURNING, no
    // read-back of the team and checklist): it must equal the stored rows' snapshot.
    const storedSnapshot = await testDb.prisma.task.findUniqueOrThrow({ where: { id: task.id }, select: snapshotSelect });
    expect(audit[0].after).toEqual(JSON.parse(JSON.stringify(toSnapshot(storedSnapshot))));
  });

  it("defaults: priority normal, status open, no checklist, recurrence interval 1 and end type never", async () => {
    const me = await person(testDb.prisma);
    const unit = await unitWith(testDb.prisma);
    const res = await create(me.headers, body(unit.id));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      priority: "normal",
      status: "open",
      hasChecklist: false,
      checklist: [],
      isPrivate: false,
      availableForPickup: false,
      recurringInterval: 1,
      recurringEndType: "never",
      assignee: null,
    });
  });

  it("a plain create's transaction is the counter, one INSERT ... RETURNING and the audit row", async () => {
    const me = await person(testDb.prisma);
    const unit = await unitWith(testDb.prisma);
    const sent: string[] = [];
    const original = pg.Client.prototype.query;
    const spy = jest.spyOn(pg.Client.prototype, "query").mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const config = args[0] as { text?: string } | string;
      sent.push(typeof config === "string" ? config : (config.text ?? ""));
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original);
    try {
      expect((await create(me.headers, body(unit.id))).status).toBe(201);
    } finally {
      spy.mockRestore();
    }
    // Reading the team and checklist back cost three more statements while the counter's row
    // lock was held, so every concurrent create waited for them (docs/performance.md).
    const inTransaction = sent.slice(sent.indexOf("BEGIN") + 1, sent.indexOf("COMMIT"));
    expect(inTransaction.map((text) => text.trim().split(/\s+/).slice(0, 3).join(" "))).toEqual([
      "UPDATE counters SET",
      'INSERT INTO "public"."tasks"',
      'INSERT INTO "public"."audit_logs"',
    ]);
  });

  it("hasChecklist false drops the items", async () => {
    const me = await person(testDb.prisma);
    const unit = await unitWith(testDb.prisma);
    const res = await create(me.headers, body(unit.id, { hasChecklist: false, checklistItems: ["a", "b"] }));
    expect(res.status).toBe(201);
    expect(res.body.checklist).toEqual([]);
  });

  it("assigns a vendor from the picker's vendor-<id> value", async () => {
    const me = await person(testDb.prisma);
    const unit = await unitWith(testDb.prisma);
    const vendor = await createVendor(testDb.prisma, { name: "Evergreen Urn Co." });
    const res = await create(me.headers, body(unit.id, { assigneeId: `vendor-${vendor.id}` }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ assigneeType: "vendor", vendorId: vendor.id, assigneeId: null, assignee: { type: "vendor", id: vendor.id, name: "Evergreen Urn Co." } });
    const viaFields = await create(me.headers, body(unit.id, { assigneeType: "vendor", vendorId: vendor.id }));
    expect(viaFields.body).toMatchObject({ assigneeType: "vendor", vendorId: vendor.id });
  });

  it("is idempotent on uuid: a repeat answers 200 with the first task", async () => {
    const me = await person(testDb.prisma);
    const unit = await unitWith(testDb.prisma);
    const uuid = randomUUID();
    const first = await create(me.headers, body(unit.id, { uuid, title: "First" }));
    const second = await create(me.headers, body(unit.id, { uuid, title: "Second" }));
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.title).toBe("First");
    expect(await testDb.prisma.task.count({ where: { uuid } })).toBe(1);
  });

  it("10 concurrent creates with one uuid make exactly one task", async () => {
    const me = await person(testDb.prisma);
    const unit = await unitWith(testDb.prisma);
    const uuid = randomUUID();
    const results = await Promise.all(Array.from({ length: 10 }, () => create(me.headers, body(unit.id, { uuid }))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await testDb.prisma.task.count({ where: { uuid } })).toBe(1);
    expect(await testDb.prisma.auditLog.count({ where: { action: "task.create", entityId: results[0].body.id } })).toBe(1);
  });

  it("someone else's uuid is a 409, never their task", async () => {
    const a = await person(testDb.prisma);
    const b = await person(testDb.prisma);
    const unit = await unitWith(testDb.prisma);
    const uuid = randomUUID();
    await create(a.headers, body(unit.id, { uuid, isPrivate: true, title: "Secret" }));
    const res = await create(b.headers, body(unit.id, { uuid }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: "A task with this uuid already exists" });
    expect(JSON.stringify(res.body)).not.toContain("Secret");
  });

  it("numbers 20 concurrent creates sequentially without duplicates or gaps", async () => {
    const me = await person(testDb.prisma);
    const unit = await unitWith(testDb.prisma);
    const before = (await testDb.prisma.counter.findUniqueOrThrow({ where: { name: "task_display_number" } })).value;
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => create(me.headers, body(unit.id, { title: `Task ${i}`, uuid: randomUUID() }))));
    expect(results.every((r) => r.status === 201)).toBe(true);
    const numbers = results.map((r) => r.body.displayNumber as number).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => before + i + 1));
  });

  it("a sub-task inherits department, project and priority from its parent", async () => {
    const me = await person(testDb.prisma);
    const unit = await unitWith(testDb.prisma);
    const project = await createProject(testDb.prisma, { createdById: me.id });
    const parent = await createTask(testDb.prisma, { createdById: me.id, organizationalUnitId: unit.id, projectId: project.id, priority: "critical" });
    const res = await create(me.headers, { title: "Sub", dueDate: inDays(1), parentTaskId: parent.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      parentTaskId: parent.id,
      parentTask: { id: parent.id, title: parent.title, displayNumber: parent.displayNumber },
      organizationalUnitId: unit.id,
      projectId: project.id,
      priority: "critical",
    });
    const parentRead = await read(me.headers, parent.id);
    expect(parentRead.body.subTaskCount).toBe(1);
    expect(parentRead.body.subTasks).toEqual([expect.objectContaining({ id: res.body.id, title: "Sub" })]);
  });

  it("400 for a parent the caller cannot see (someone else's private task) or that does not exist", async () => {
    const me = await person(testDb.prisma);
    const other = await person(testDb.prisma);
    const unit = await unitWith(testDb.prisma);
    const secret = await createTask(testDb.prisma, { createdById: other.id, organizationalUnitId: unit.id, isPrivate: true });
    for (const parentTaskId of [secret.id, randomUUID()]) {
      const res = await create(me.headers, body(unit.id, { parentTaskId }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Parent task not found");
    }
  });

  it("accepts a bearer token (mobile) as well as the cookie", async () => {
    const { signIn } = await import("@/tests/support/auth");
    const me = await person(testDb.prisma);
    const unit = await unitWith(testDb.prisma);
    const headers = await signIn(me.user, { via: "bearer" });
    const res = await create(headers, body(unit.id));
    expect(res.status).toBe(201);
  });
});
