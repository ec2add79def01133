/**
 * Inputs: NUL and other control characters, oversized and deeply
 * nested bodies, LIKE wildcards in search, extreme dates, and bounds messages. Every case is a
 * request through the real route handler against the real database; none may answer 500.
 */
import { POST as createTask, GET as listTasks } from "@/app/api/tasks/route";
import { PATCH as patchTask } from "@/app/api/tasks/[id]/route";
import { PATCH as patchUser } from "@/app/api/user/route";
import { POST as punchIn } from "@/app/api/auth/punch/in/route";
import { POST as createUnitRoute } from "@/app/api/organizational-units/route";
import { POST as createVendorRoute, GET as listVendors } from "@/app/api/vendors/route";
import { GET as listMembers } from "@/app/api/members/route";
import { GET as listDeleted } from "@/app/api/admin/deleted-tasks/route";
import { POST as login } from "@/app/api/login/route";
import { POST as nextAuthPost } from "@/app/api/auth/[...nextauth]/route";
import { NextRequest } from "next/server";
import { createTask as createTaskRow } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { body, inDays, person, unitWith } from "@/tests/integration/tasks/fixtures";

const testDb = useTestDatabase();
type Who = Awaited<ReturnType<typeof person>>;
let admin: Who, staff: Who;
let unitId: string;
let taskId: string;

beforeAll(async () => {
  admin = await person(testDb.prisma, "admin", { firstName: "Ada", lastName: "Percent" });
  staff = await person(testDb.prisma, "staff", { firstName: "Sam", lastName: "Under_score" });
  const unit = await unitWith(testDb.prisma, admin.id, staff.id);
  unitId = unit.id;
  taskId = (await createTaskRow(testDb.prisma, { createdById: admin.id, organizationalUnitId: unitId, title: "Plain task" })).id;
});

const NUL = "a\u0000b";

describe("NUL and C0 controls are a 400 naming the field, on every text input", () => {
  const cases: Array<[string, () => Promise<{ status: number; body: { message: string } }>, string]> = [
    ["task title", () => call(createTask, { method: "POST", path: "/api/tasks", body: body(unitId, { title: NUL }), headers: admin.headers }), "title"],
    ["task description", () => call(createTask, { method: "POST", path: "/api/tasks", body: body(unitId, { description: `<p>${NUL}</p>` }), headers: admin.headers }), "description"],
    ["checklist item", () => call(createTask, { method: "POST", path: "/api/tasks", body: body(unitId, { hasChecklist: true, checklistItems: ["ok", NUL] }), headers: admin.headers }), "checklistItems.1"],
    ["holiday calendar", () => call(createTask, { method: "POST", path: "/api/tasks", body: body(unitId, { holidayCalendar: NUL }), headers: admin.headers }), "holidayCalendar"],
    ["task patch title", () => call(patchTask, { method: "PATCH", path: `/api/tasks/${taskId}`, body: { title: "x\u0007y" }, headers: admin.headers, params: { id: taskId } }), "title"],
    ["PATCH /api/user firstName", () => call(patchUser, { method: "PATCH", path: "/api/user", body: { firstName: NUL }, headers: staff.headers }), "firstName"],
    ["punch location", () => call(punchIn, { method: "POST", path: "/api/auth/punch/in", body: { location: NUL }, headers: staff.headers }), "location"],
    ["unit name", () => call(createUnitRoute, { method: "POST", path: "/api/organizational-units", body: { name: NUL }, headers: admin.headers }), "name"],
    ["vendor notes", () => call(createVendorRoute, { method: "POST", path: "/api/vendors", body: { name: "Urns", notes: NUL }, headers: admin.headers }), "notes"],
    ["q on tasks", () => call(listTasks, { path: `/api/tasks?q=${encodeURIComponent(NUL)}`, headers: admin.headers }), "q"],
    ["q on members", () => call(listMembers, { path: `/api/members?q=${encodeURIComponent(NUL)}`, headers: admin.headers }), "q"],
    ["q on vendors", () => call(listVendors, { path: `/api/vendors?q=${encodeURIComponent(NUL)}`, headers: admin.headers }), "q"],
    ["q on deleted tasks", () => call(listDeleted, { path: `/api/admin/deleted-tasks?q=${encodeURIComponent(NUL)}`, headers: admin.headers }), "q"],
  ];
  it.each(cases)("%s", async (_label, run, field) => {
    const res = await run();
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
    expect(res.body.message).toContain("must not contain control characters");
  });

  it("recurringSchedule has no free text: a NUL in it is a 400 naming the setting", async () => {
    const res = await call(createTask, { method: "POST", path: "/api/tasks", body: body(unitId, { recurringSchedule: { excludedDayPolicy: NUL } }), headers: admin.headers });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("excludedDayPolicy");
  });

  it("multi-line text keeps tab and newline", async () => {
    const res = await call(createVendorRoute, { method: "POST", path: "/api/vendors", body: { name: "Tabs & Lines", notes: "line one\n\tline two" }, headers: admin.headers });
    expect(res.status).toBe(201);
    expect((await testDb.prisma.vendor.findUniqueOrThrow({ where: { id: res.body.id } })).notes).toBe("line one\n\tline two");
  });
});

describe("recurringSchedule is strict and every body is capped at 1 MB", () => {
  it.each([[2], [1000], [10_000]])("a recurringSchedule nested %i deep is a 400, not stored", async (depth) => {
    const raw = `{"title":"Deep","department":"${unitId}","dueDate":"${inDays(2)}","recurringSchedule":${'{"a":'.repeat(depth)}1${"}".repeat(depth)}}`;
    const res = await call(createTask, { method: "POST", path: "/api/tasks", body: raw, headers: admin.headers });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("recurringSchedule");
    expect(await testDb.prisma.task.count({ where: { title: "Deep" } })).toBe(0);
  });

  it("a recurringSchedule of the known settings is stored", async () => {
    const res = await call(createTask, { method: "POST", path: "/api/tasks", body: body(unitId, { title: "Flat schedule", recurringSchedule: { excludedDayPolicy: "next", monthlyWeek: -1 } }), headers: admin.headers });
    expect(res.status).toBe(201);
    expect(res.body.recurringSchedule).toEqual({ excludedDayPolicy: "next", monthlyWeek: -1 });
  });

  it("a 2 MB anonymous POST /api/login is a 413 by its Content-Length, before anything is read", async () => {
    const big = JSON.stringify({ email: "a@b.example", password: "x".repeat(2 * 1024 * 1024) });
    const res = await call(login, { method: "POST", path: "/api/login", body: big });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: "PAYLOAD_TOO_LARGE", message: "Request body is too large: the limit is 1 MB" });
  });

  it("next-auth's own POST routes are capped too", async () => {
    const req = new NextRequest("http://localhost:3000/api/auth/signout", {
      method: "POST",
      headers: { host: "localhost:3000", "content-type": "application/x-www-form-urlencoded" },
      body: "csrfToken=" + "x".repeat(2 * 1024 * 1024),
    });
    const res = await nextAuthPost(req, { params: Promise.resolve({ nextauth: ["signout"] }) });
    expect(res.status).toBe(413);
  });

  it("a streamed body without Content-Length is cut off at 1 MB", async () => {
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1;
        if (sent > 400) controller.close(); // would be 25 MB
        else controller.enqueue(chunk);
      },
    });
    const req = new Request("http://localhost:3000/api/tasks", {
      method: "POST",
      body: stream,
      headers: { ...admin.headers, host: "localhost:3000", "content-type": "application/json" },
      duplex: "half",
    } as RequestInit & { duplex: "half" });
    const res = await createTask(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(40);
  });

  it("a 10 MB recurringSchedule never reaches the task list", async () => {
    const res = await call(createTask, { method: "POST", path: "/api/tasks", body: body(unitId, { recurringSchedule: { note: "x".repeat(10 * 1024 * 1024) } }), headers: admin.headers });
    expect(res.status).toBe(413);
  });
});

describe("% and _ in q are literal characters, not wildcards", () => {
  it("tasks", async () => {
    await createTaskRow(testDb.prisma, { createdById: admin.id, organizationalUnitId: unitId, title: "Discount 50% off" });
    const all = await call(listTasks, { path: `/api/tasks?q=${encodeURIComponent("%")}&pageSize=200`, headers: admin.headers });
    expect(all.status).toBe(200);
    expect(all.body.items.map((t: { title: string }) => t.title)).toEqual(["Discount 50% off"]);
    const underscore = await call(listTasks, { path: `/api/tasks?q=_&pageSize=200`, headers: admin.headers });
    expect(underscore.body.items).toEqual([]);
  });

  it("members", async () => {
    const res = await call(listMembers, { path: `/api/members?q=_`, headers: admin.headers });
    expect(res.status).toBe(200);
    expect(res.body.items.map((m: { lastName: string }) => m.lastName)).toEqual(["Under_score"]);
    const pct = await call(listMembers, { path: `/api/members?q=${encodeURIComponent("%")}`, headers: admin.headers });
    expect(pct.body.items).toEqual([]);
  });
});

describe("extreme dates are a 400 naming the field and the range", () => {
  it.each(["0000-01-01", "-271821-04-20T00:00:00Z", "-010000-01-01T00:00:00Z", "+275760-09-13T00:00:00Z", "1899-12-31T23:59:59Z"])("create with dueDate %s", async (date) => {
    const res = await call(createTask, { method: "POST", path: "/api/tasks", body: body(unitId, { dueDate: date }), headers: admin.headers });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/dueDate.*between 1900 and 2200|Due date/);
  });

  it("patch startDate and the list's dueFrom", async () => {
    const patch = await call(patchTask, { method: "PATCH", path: `/api/tasks/${taskId}`, body: { startDate: "0000-01-01" }, headers: admin.headers, params: { id: taskId } });
    expect(patch.status).toBe(400);
    expect(patch.body.message).toBe("startDate: must be between 1900 and 2200");
    const list = await call(listTasks, { path: `/api/tasks?dueFrom=${encodeURIComponent("-271821-04-20")}`, headers: admin.headers });
    expect(list.status).toBe(400);
    expect(list.body.message).toBe("dueFrom: must be between 1900 and 2200");
  });

  it("the bounds themselves are accepted", async () => {
    const res = await call(createTask, { method: "POST", path: "/api/tasks", body: body(unitId, { dueDate: "2200-12-31T12:00:00Z", startDate: "1900-01-01T00:00:00Z" }), headers: admin.headers });
    expect(res.status).toBe(201);
  });
});

describe("bounds messages name the real bound", () => {
  it("recurringMaxCount 1e12 says at most 10000; recurringInterval 1e6 says at most 999", async () => {
    const res = await call(createTask, {
      method: "POST",
      path: "/api/tasks",
      body: body(unitId, { isRecurring: true, recurringPattern: "daily", recurringEndType: "after", recurringMaxCount: 1e12 }),
      headers: admin.headers,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Max occurrences must be at most 10000");
    const interval = await call(createTask, { method: "POST", path: "/api/tasks", body: body(unitId, { isRecurring: true, recurringPattern: "daily", recurringInterval: 1e6 }), headers: admin.headers });
    expect(interval.body.message).toBe("Recurring interval must be at most 999");
    const fraction = await call(createTask, { method: "POST", path: "/api/tasks", body: body(unitId, { isRecurring: true, recurringPattern: "daily", recurringEndType: "after", recurringMaxCount: 2.5 }), headers: admin.headers });
    expect(fraction.body.message).toBe("Max occurrences must be a whole number");
  });
});
