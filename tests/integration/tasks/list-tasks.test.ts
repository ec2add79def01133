import { GET as listHandler } from "@/app/api/tasks/route";
import { GET as statsHandler } from "@/app/api/dashboard/stats/route";
import { GET as projectsHandler } from "@/app/api/projects/route";
import { createProject, createTask, createVendor } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person, unitWith } from "./fixtures";

const testDb = useTestDatabase();

const list = async (headers: Record<string, string>, qs: string) => {
  const res = await call(listHandler, { path: `/api/tasks?${qs}`, headers });
  expect(res.status).toBe(200);
  return res.body as { items: Array<{ id: string; title: string; displayNumber: number }>; total: number; page: number; pageSize: number; hasMore: boolean };
};
const titles = (page: { items: Array<{ title: string }> }) => page.items.map((t) => t.title);

describe("GET /api/tasks", () => {
  let me: Awaited<ReturnType<typeof person>>;
  let tag: string;
  let unitA: { id: string };
  let unitB: { id: string };
  let project: { id: string };
  let vendor: { id: string };

  beforeAll(async () => {
    me = await person(testDb.prisma);
    const mate = await person(testDb.prisma);
    tag = `q${Date.now().toString(36)}`;
    unitA = await unitWith(testDb.prisma, me.id);
    await testDb.prisma.organizationalUnit.update({ where: { id: unitA.id }, data: { name: "Alpha dept" } });
    unitB = await unitWith(testDb.prisma);
    await testDb.prisma.organizationalUnit.update({ where: { id: unitB.id }, data: { name: "Beta dept" } });
    project = await createProject(testDb.prisma, { createdById: me.id });
    vendor = await createVendor(testDb.prisma);
    const day = (n: number) => new Date(Date.UTC(2030, 0, 1 + n, 18));
    const make = (title: string, extra: Record<string, unknown>) => createTask(testDb.prisma, { createdById: mate.id, organizationalUnitId: unitB.id, title: `${tag} ${title}`, ...extra });
    await make("A low open", { priority: "low", dueDate: day(3) });
    await make("B critical blocked", { priority: "critical", status: "blocked", dueDate: day(1), organizationalUnitId: unitA.id });
    await make("C normal done", { status: "completed", dueDate: day(2), projectId: project.id });
    await make("D high mine", { priority: "high", dueDate: day(5), assigneeType: "user", assigneeId: me.id });
    await make("E team mine", { dueDate: day(4), team: [{ userId: me.id, isLead: true }] });
    await make("F vendor", { dueDate: day(6), assigneeType: "vendor", vendorId: vendor.id });
  });

  it("401 anonymous; 400 naming the field for bad filters", async () => {
    expect((await call(listHandler, { path: "/api/tasks" })).status).toBe(401);
    for (const [qs, field] of [["status=done", "status"], ["pageSize=500", "pageSize"], ["sort=color", "sort"], ["dueFrom=tomorrow", "dueFrom"], ["dueOn=2030-02-30", "dueOn"], ["assigneeId=bob", "assigneeId"]]) {
      const res = await call(listHandler, { path: `/api/tasks?${qs}`, headers: me.headers });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(field);
    }
  });

  it("sorts by due date by default, and by priority, department and title on request", async () => {
    expect(titles(await list(me.headers, `q=${tag}`))).toEqual(["B", "C", "A", "E", "D", "F"].map((l) => expect.stringContaining(`${tag} ${l}`)));
    expect(titles(await list(me.headers, `q=${tag}&sort=priority`)).map((t) => t.split(" ")[1])).toEqual(["B", "D", "C", "E", "F", "A"]);
    expect(titles(await list(me.headers, `q=${tag}&sort=department`))[0]).toContain("B critical");
    expect(titles(await list(me.headers, `q=${tag}&sort=title&order=desc`))[0]).toContain("F vendor");
  });

  it("filters by status, priority, unit, project, assignee, vendor, mine and due range", async () => {
    const letters = async (qs: string) => titles(await list(me.headers, `q=${tag}&${qs}`)).map((t) => t.split(" ")[1]).sort();
    expect(await letters("status=open,blocked")).toEqual(["A", "B", "D", "E", "F"]);
    expect(await letters("status=completed")).toEqual(["C"]);
    expect(await letters("priority=critical&priority=high")).toEqual(["B", "D"]);
    expect(await letters(`unitId=${unitA.id}`)).toEqual(["B"]);
    expect(await letters(`projectId=${project.id}`)).toEqual(["C"]);
    expect(await letters("mine=true")).toEqual(["D", "E"]);
    expect(await letters("assigneeId=me")).toEqual(["D", "E"]);
    expect(await letters(`assigneeId=vendor-${vendor.id}`)).toEqual(["F"]);
    expect(await letters("assigneeId=unassigned")).toEqual(["A", "B", "C", "E"]);
    expect(await letters(`dueFrom=${new Date(Date.UTC(2030, 0, 3)).toISOString()}&dueTo=${new Date(Date.UTC(2030, 0, 5)).toISOString()}`)).toEqual(["A", "C"]);
    // A calendar day in the business zone (Chicago): A is due at noon on the 4th there, C on the 3rd.
    expect(await letters("dueOn=2030-01-04")).toEqual(["A"]);
    expect(await letters("dueOn=2030-01-03")).toEqual(["C"]);
  });

  it("searches titles case-insensitively and by number", async () => {
    expect(titles(await list(me.headers, `q=${tag.toUpperCase()}%20VENDOR`))).toEqual([`${tag} F vendor`]);
    const one = (await list(me.headers, `q=${tag}`)).items[0];
    const byNumber = await list(me.headers, `q=%23${one.displayNumber}`);
    expect(byNumber.items.map((t) => t.id)).toContain(one.id);
  });

  it("paginates with a total", async () => {
    const first = await list(me.headers, `q=${tag}&pageSize=4`);
    expect(first).toMatchObject({ total: 6, page: 1, pageSize: 4, hasMore: true });
    expect(first.items).toHaveLength(4);
    const second = await list(me.headers, `q=${tag}&pageSize=4&page=2`);
    expect(second).toMatchObject({ total: 6, page: 2, hasMore: false });
    expect(second.items).toHaveLength(2);
    expect(new Set([...first.items, ...second.items].map((t) => t.id)).size).toBe(6);
  });

  it("answers with the read model of spec §3", async () => {
    const row = (await list(me.headers, `q=${tag}%20E%20team`)).items[0];
    expect(row).toMatchObject({
      id: expect.any(String),
      displayNumber: expect.any(Number),
      title: `${tag} E team mine`,
      organizationalUnitId: unitB.id,
      assignee: null,
      assignments: [expect.objectContaining({ userId: me.id, isLead: true })],
      checklist: [],
      dueTime: expect.any(String),
      parentTaskId: null,
      permissions: { canEdit: true, canDelete: true, canClaim: false, canRestore: false },
    });
    expect(row).not.toHaveProperty("description");
  });
});

describe("GET /api/dashboard/stats", () => {
  it("401 anonymous", async () => {
    expect((await call(statsHandler, { path: "/api/dashboard/stats" })).status).toBe(401);
  });

  it("counts mine open, due today, overdue, completed this week and available to pick up", async () => {
    const me = await person(testDb.prisma);
    const other = await person(testDb.prisma);
    const unit = await unitWith(testDb.prisma, me.id);
    const elsewhere = await unitWith(testDb.prisma);
    const base = { createdById: other.id, organizationalUnitId: unit.id };
    const mine = { assigneeType: "user" as const, assigneeId: me.id };
    const now = Date.now();
    await createTask(testDb.prisma, { ...base, ...mine, dueDate: new Date(now - 86_400_000 * 3) }); // overdue
    await createTask(testDb.prisma, { ...base, team: [{ userId: me.id }], dueDate: new Date(now + 86_400_000 * 10) }); // open
    await createTask(testDb.prisma, { ...base, ...mine, status: "completed", completedAt: new Date(now - 60_000), completedById: me.id, dueDate: new Date(now) });
    await createTask(testDb.prisma, { ...base, ...mine, status: "cancelled", dueDate: new Date(now - 86_400_000) });
    await createTask(testDb.prisma, { ...base, ...mine, dueDate: new Date(now - 86_400_000 * 3), deletedAt: new Date() }); // deleted
    await createTask(testDb.prisma, { ...base, availableForPickup: true }); // pickup in my unit
    await createTask(testDb.prisma, { ...base, organizationalUnitId: elsewhere.id, availableForPickup: true }); // not my unit
    await createTask(testDb.prisma, { ...base, availableForPickup: true, assigneeType: "user", assigneeId: other.id }); // taken
    const res = await call(statsHandler, { path: "/api/dashboard/stats", headers: me.headers });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ mineOpen: 2, dueToday: 0, overdue: 1, completedThisWeek: 1, availableToPickUp: 1 });
  });

  it("counts a task due later today as due today and not overdue", async () => {
    const me = await person(testDb.prisma);
    const unit = await unitWith(testDb.prisma);
    const { businessDayRange } = await import("@/lib/dates/instants");
    const end = businessDayRange().end;
    await createTask(testDb.prisma, { createdById: me.id, organizationalUnitId: unit.id, assigneeType: "user", assigneeId: me.id, dueDate: new Date(end.getTime() - 1) });
    const res = await call(statsHandler, { path: "/api/dashboard/stats", headers: me.headers });
    expect(res.body).toMatchObject({ mineOpen: 1, dueToday: 1, overdue: 0 });
  });
});

describe("GET /api/projects", () => {
  it("401 anonymous; lists id and name of projects that are not deleted", async () => {
    expect((await call(projectsHandler, { path: "/api/projects" })).status).toBe(401);
    const me = await person(testDb.prisma);
    const p = await createProject(testDb.prisma, { createdById: me.id, name: "Zz garden" });
    await createProject(testDb.prisma, { createdById: me.id, name: "Zz gone", deletedAt: new Date() });
    const res = await call(projectsHandler, { path: "/api/projects", headers: me.headers });
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({ id: p.id, name: "Zz garden" });
    expect(res.body.map((x: { name: string }) => x.name)).not.toContain("Zz gone");
    expect(Object.keys(res.body[0]).sort()).toEqual(["id", "name"]);
  });
});
