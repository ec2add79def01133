/**
 * The numbers people see: consecutive across plain tasks and occurrences (a series takes none),
 * "#32" found only through the visibility rule, and `limit` as another name for `pageSize`.
 */
import { GET as openapiGet } from "@/app/api/openapi.json/route";
import { PATCH as patchTask, GET as getOne } from "@/app/api/tasks/[id]/route";
import { GET as listTasksRoute, POST as createTaskRoute } from "@/app/api/tasks/route";
import { GET as listSeriesRoute } from "@/app/api/recurring-tasks/route";
import { findTaskIdByNumber } from "@/lib/services/tasks/find-task-by-number";
import { AppError } from "@/lib/http/app-error";
import { createTask } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { body, inDays, person, unitWith } from "./fixtures";

const testDb = useTestDatabase();

type Who = Awaited<ReturnType<typeof person>>;
let me: Who, other: Who, admin: Who, unitId: string;

beforeAll(async () => {
  me = await person(testDb.prisma);
  other = await person(testDb.prisma);
  admin = await person(testDb.prisma, "admin");
  unitId = (await unitWith(testDb.prisma, me.id, other.id)).id;
});

const create = async (who: Who, extra: Record<string, unknown> = {}) => {
  const res = await call(createTaskRoute, { method: "POST", path: "/api/tasks", headers: who.headers, body: body(unitId, extra) });
  expect(res.status).toBe(201);
  return res.body as { id: string; displayNumber: number | null };
};
const caller = (who: Who) => ({ userId: who.id, role: who.user.role });

describe("task numbers have no holes", () => {
  it("a series takes no number: a task, a series with its occurrences, then a task are consecutive", async () => {
    const first = await create(me, { title: "Before the series" });
    // Daily from tomorrow: saving it generates its occurrences inside the look-ahead window at once.
    const series = await create(me, { title: "Check the retort", dueDate: inDays(1), isRecurring: true, recurringPattern: "daily" });
    expect(series.displayNumber).toBeNull();
    const occurrences = await testDb.prisma.task.findMany({ where: { recurrenceSourceId: series.id }, select: { displayNumber: true }, orderBy: { occurrenceDate: "asc" } });
    expect(occurrences.length).toBeGreaterThan(0);
    const last = await create(me, { title: "After the series" });

    const numbers = [first.displayNumber!, ...occurrences.map((o) => o.displayNumber!), last.displayNumber!];
    expect(numbers).toEqual(numbers.map((_, i) => first.displayNumber! + i));

    // The series reads with no number, in its own detail and in the recurring-tasks list.
    const read = await call(getOne, { path: `/api/tasks/${series.id}`, headers: me.headers, params: { id: series.id } });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: series.id, displayNumber: null, isRecurring: true });
    const list = await call(listSeriesRoute, { path: "/api/recurring-tasks?mine=true", headers: me.headers });
    expect(list.body.items).toEqual(expect.arrayContaining([expect.objectContaining({ id: series.id, displayNumber: null })]));
  });

  it("a series turned into a plain task takes the next number; a task turned into a series keeps its own", async () => {
    const series = await create(me, { title: "Weekly wash", dueDate: inDays(30), isRecurring: true, recurringPattern: "weekly" });
    const counter = async () => (await testDb.prisma.counter.findUniqueOrThrow({ where: { name: "task_display_number" } })).value;
    const before = await counter();
    const plain = await call(patchTask, { method: "PATCH", path: `/api/tasks/${series.id}`, headers: me.headers, params: { id: series.id }, body: { isRecurring: false } });
    expect(plain.status).toBe(200);
    expect(plain.body.displayNumber).toBe(before + 1);

    const task = await create(me, { title: "Becomes a series" });
    const made = await call(patchTask, {
      method: "PATCH",
      path: `/api/tasks/${task.id}`,
      headers: me.headers,
      params: { id: task.id },
      body: { isRecurring: true, recurringPattern: "weekly", dueDate: inDays(30) },
    });
    expect(made.status).toBe(200);
    expect(made.body.displayNumber).toBe(task.displayNumber);
  });

  it("the database refuses a plain task without a number", async () => {
    const task = await createTask(testDb.prisma, { createdById: me.id, organizationalUnitId: unitId });
    await expect(testDb.prisma.task.update({ where: { id: task.id }, data: { displayNumber: null } })).rejects.toThrow(/tasks_numbered_unless_series/);
  });
});

describe("#32: the task a number names", () => {
  it("finds a visible task by its number, and answers the same 404 for a missing number and someone else's private task", async () => {
    const open = await create(other, { title: "Open to all" });
    const secret = await create(other, { title: "Other's secret", isPrivate: true });
    expect(await findTaskIdByNumber(caller(me), open.displayNumber!)).toBe(open.id);
    expect(await findTaskIdByNumber(caller(other), secret.displayNumber!)).toBe(secret.id);
    expect(await findTaskIdByNumber(caller(admin), secret.displayNumber!)).toBe(secret.id);

    const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);
    const hidden = await failure(findTaskIdByNumber(caller(me), secret.displayNumber!));
    const missing = await failure(findTaskIdByNumber(caller(me), 2_000_000_000));
    expect(hidden).toBeInstanceOf(AppError);
    expect(missing).toBeInstanceOf(AppError);
    expect({ code: (hidden as AppError).code, message: (hidden as AppError).message }).toEqual({ code: (missing as AppError).code, message: (missing as AppError).message });
    expect((hidden as AppError).code).toBe("NOT_FOUND");
  });

  it("a deleted task's number is not found", async () => {
    const task = await create(me, { title: "Gone" });
    await testDb.prisma.task.update({ where: { id: task.id }, data: { deletedAt: new Date() } });
    await expect(findTaskIdByNumber(caller(me), task.displayNumber!)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("GET /api/tasks?limit=", () => {
  const list = (who: Who, query: string) => call(listTasksRoute, { path: `/api/tasks?${query}`, headers: who.headers });

  it("takes limit as another name for pageSize", async () => {
    for (let i = 0; i < 3; i++) await create(me, { title: `Limit ${i}` });
    const res = await list(me, "limit=2");
    expect(res.status).toBe(200);
    expect(res.body.pageSize).toBe(2);
    expect(res.body.items).toHaveLength(2);
    expect((await list(me, "limit=2&pageSize=2")).body.pageSize).toBe(2);
  });

  it("400 naming limit when both are sent and disagree; 400 for a bad value", async () => {
    const both = await list(me, "limit=2&pageSize=5");
    expect(both.status).toBe(400);
    expect(both.body.message).toMatch(/^limit: /);
    expect(both.body.fieldErrors).toEqual([{ path: "limit", message: expect.stringMatching(/pageSize/) }]);
    const bad = await list(me, "limit=0");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/pageSize must be at least 1/);
  });

  it("the OpenAPI document lists limit beside pageSize", async () => {
    const doc = (await call(openapiGet, { path: "/api/openapi.json" })).body;
    const params = doc.paths["/api/tasks"].get.parameters as Array<{ name: string; description?: string; schema: unknown }>;
    const pageSize = params.find((p) => p.name === "pageSize");
    const limit = params.find((p) => p.name === "limit");
    expect(limit).toMatchObject({ in: "query", required: false, description: expect.stringContaining("pageSize") });
    expect(limit!.schema).toEqual(pageSize!.schema);
    // A list with a limit of its own keeps it.
    const alertParams = Object.values(doc.paths as Record<string, Record<string, { parameters?: Array<{ name: string }> }>>)
      .flatMap((ops) => Object.values(ops))
      .filter((op) => op.parameters?.filter((p) => p.name === "limit").length === 2);
    expect(alertParams).toEqual([]);
  });
});
