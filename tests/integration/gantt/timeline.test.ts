import { GET as timelineHandler } from "@/app/api/tasks/timeline/route";
import { PATCH as patchHandler } from "@/app/api/tasks/[id]/route";
import { POST as addDependency } from "@/app/api/tasks/[id]/dependencies/route";
import { PUT as putDatesHandler } from "@/app/api/tasks/timeline/dates/route";
import { addMembership, createProject, createTask, createUnit } from "@/prisma/factories";
import { expandTimeline } from "@/lib/gantt/timeline-wire";
import { TIMELINE_TASK_COLUMNS, TIMELINE_TASK_LIMIT } from "@/lib/validations/gantt";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person, unitWith } from "../tasks/fixtures";

const testDb = useTestDatabase();
type Who = Awaited<ReturnType<typeof person>>;

const day = (iso: string) => new Date(`${iso}T12:00:00.000Z`);
/** The answer as sent (`body`, compact) and as the chart reads it (`chart`, expanded by the client's own code). */
const timeline = async (who: Who | undefined, query: string) => {
  const res = await call(timelineHandler, { path: `/api/tasks/timeline?${query}`, headers: who?.headers });
  return { ...res, chart: res.status === 200 ? expandTimeline(res.body) : null };
};
const patch = (who: Who, id: string, body: unknown) => call(patchHandler, { method: "PATCH", path: `/api/tasks/${id}`, headers: who.headers, params: { id }, body });
const putDates = (who: Who, body: unknown) => call(putDatesHandler, { method: "PUT", path: "/api/tasks/timeline/dates", headers: who.headers, body });
const ids = (body: { tasks: Array<{ id: string }> }) => body.tasks.map((t) => t.id).sort();
const NOV = "from=2026-11-01T00:00:00.000Z&to=2026-12-01T00:00:00.000Z";

let owner: Who, other: Who, admin: Who, manager: Who;
let unitId: string;

beforeAll(async () => {
  owner = await person(testDb.prisma);
  other = await person(testDb.prisma);
  admin = await person(testDb.prisma, "admin");
  manager = await person(testDb.prisma, "manager");
  unitId = (await unitWith(testDb.prisma, owner.id, other.id)).id;
});

const task = (extra: Parameters<typeof createTask>[1] extends infer T ? Partial<T> : never = {}) =>
  createTask(testDb.prisma, { createdById: owner.id, organizationalUnitId: unitId, ...extra });

describe("GET /api/tasks/timeline", () => {
  it("401 signed out; 400 naming the field for a missing, reversed or too long range", async () => {
    expect((await timeline(undefined, NOV)).status).toBe(401);
    const missing = await timeline(owner, "to=2026-12-01");
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/from/);
    const reversed = await timeline(owner, "from=2026-12-01&to=2026-11-01");
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toMatch(/to must be after from/);
    const long = await timeline(owner, "from=2020-01-01&to=2026-01-01");
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/at most 731 days/);
    expect((await timeline(owner, `${NOV}&status=bogus`)).status).toBe(400);
  });

  it("returns the tasks overlapping the window's edges, not those outside it", async () => {
    const unit = await unitWith(testDb.prisma, owner.id);
    const q = `${NOV}&unitId=${unit.id}`;
    const make = (title: string, startDate: string | null, dueDate: string) =>
      task({ title, organizationalUnitId: unit.id, startDate: startDate ? day(startDate) : null, dueDate: day(dueDate) });
    const across = await make("Across the start", "2026-10-20", "2026-11-03");
    const inside = await make("Inside", "2026-11-10", "2026-11-12");
    const overEnd = await make("Over the end", "2026-11-28", "2026-12-10");
    const spanning = await make("Spanning the month", "2026-10-01", "2027-01-15");
    const milestone = await make("Milestone in November", null, "2026-11-15");
    await make("Before", "2026-10-01", "2026-10-31");
    await make("After", "2026-12-01", "2026-12-05");
    await make("Milestone before", null, "2026-10-30");
    // Due exactly at the window's start is in; starting exactly at its end is out ([from, to)).
    const atStart = await task({ title: "Due at from", organizationalUnitId: unit.id, dueDate: new Date("2026-11-01T00:00:00.000Z") });
    await task({ title: "Starts at to", organizationalUnitId: unit.id, startDate: new Date("2026-12-01T00:00:00.000Z"), dueDate: day("2026-12-02") });

    const res = await timeline(owner, q);
    expect(res.status).toBe(200);
    expect(ids(res.chart!)).toEqual([across, inside, overEnd, spanning, milestone, atStart].map((t) => t.id).sort());
    expect(res.chart!.truncated).toBe(false);
    const m = res.chart!.tasks.find((t) => t.id === milestone.id);
    expect(m).toMatchObject({ startDate: null, dueDate: day("2026-11-15").toISOString(), canEdit: true, progress: 0 });
    // Earliest start first.
    expect(res.chart!.tasks[0].id).toBe(spanning.id);
  });

  it("scopes like the task list: someone else's private task and deleted tasks never appear; admins see private ones", async () => {
    const unit = await unitWith(testDb.prisma, owner.id, other.id);
    const q = `${NOV}&unitId=${unit.id}`;
    const open = await task({ organizationalUnitId: unit.id, dueDate: day("2026-11-05") });
    const secret = await task({ organizationalUnitId: unit.id, dueDate: day("2026-11-06"), isPrivate: true });
    await task({ organizationalUnitId: unit.id, dueDate: day("2026-11-07"), deletedAt: new Date(), deletedById: owner.id });
    const child = await task({ organizationalUnitId: unit.id, dueDate: day("2026-11-08"), parentTaskId: secret.id, createdById: other.id });
    await testDb.prisma.taskDependency.create({ data: { taskId: open.id, dependsOnTaskId: secret.id } });

    const mine = await timeline(owner, q);
    expect(ids(mine.chart!)).toEqual([open.id, secret.id, child.id].sort());
    expect(mine.chart!.dependencies).toEqual([{ taskId: open.id, dependsOnTaskId: secret.id }]);
    expect(mine.chart!.tasks.find((t) => t.id === child.id)!.parentTaskId).toBe(secret.id);

    const theirs = await timeline(other, q);
    expect(ids(theirs.chart!)).toEqual([open.id, child.id].sort());
    // The hidden parent is withheld and the link to the hidden task is not drawn.
    expect(theirs.chart!.tasks.find((t) => t.id === child.id)!.parentTaskId).toBeNull();
    expect(theirs.chart!.dependencies).toEqual([]);
    expect(JSON.stringify(theirs.body)).not.toContain(secret.id);

    expect(ids((await timeline(admin, q)).chart!)).toEqual([open.id, secret.id, child.id].sort());
  });

  it("keeps the task list's filters (project, status, assignee, mine) and reports edit rights per task", async () => {
    const unit = await unitWith(testDb.prisma, owner.id, other.id);
    await addMembership(testDb.prisma, unit.id, manager.id);
    const project = await createProject(testDb.prisma, { createdById: owner.id, name: "Spring memorial", organizationalUnitId: unit.id });
    const inProject = await task({ organizationalUnitId: unit.id, projectId: project.id, dueDate: day("2026-11-05"), status: "in_progress" });
    const assigned = await task({ organizationalUnitId: unit.id, dueDate: day("2026-11-06"), assigneeId: other.id, assigneeType: "user" });
    const done = await task({ organizationalUnitId: unit.id, dueDate: day("2026-11-07"), status: "completed", completedAt: new Date() });
    const onTeam = await task({ organizationalUnitId: unit.id, dueDate: day("2026-11-08"), team: [{ userId: other.id, isLead: true }] });
    const base = `${NOV}&unitId=${unit.id}`;

    const byProject = await timeline(owner, `${base}&projectId=${project.id}`);
    expect(ids(byProject.chart!)).toEqual([inProject.id]);
    expect(byProject.chart!.projects).toEqual([{ id: project.id, name: "Spring memorial", color: null }]);
    expect(byProject.chart!.tasks[0].projectId).toBe(project.id);
    expect(ids((await timeline(owner, `${base}&status=completed`)).chart!)).toEqual([done.id]);
    expect((await timeline(owner, `${base}&status=completed`)).chart!.tasks[0].progress).toBe(100);
    expect(ids((await timeline(owner, `${base}&assigneeId=${other.id}`)).chart!)).toEqual([assigned.id, onTeam.id].sort());
    expect(ids((await timeline(other, `${base}&mine=true`)).chart!)).toEqual([assigned.id, onTeam.id].sort());

    // other may edit only the tasks assigned to them, directly or on the team; the department's
    // manager edits all; someone outside none.
    const asOther = await timeline(other, base);
    expect(asOther.chart!.tasks.filter((t: { canEdit: boolean }) => t.canEdit).map((t: { id: string }) => t.id)).toEqual([assigned.id, onTeam.id]);
    expect((await timeline(manager, base)).chart!.tasks.every((t: { canEdit: boolean }) => t.canEdit)).toBe(true);
    const outsider = await person(testDb.prisma, "manager");
    await addMembership(testDb.prisma, (await createUnit(testDb.prisma, {})).id, outsider.id);
    expect((await timeline(outsider, base)).chart!.tasks.some((t: { canEdit: boolean }) => t.canEdit)).toBe(false);
  });
});

describe("the timeline's compact answer", () => {
  it("sends each task as one array in the legend's order: epoch ms, project and parent as indexes, links as index pairs, progress from the checklist", async () => {
    const unit = await unitWith(testDb.prisma, owner.id);
    const q = `${NOV}&unitId=${unit.id}`;
    const project = await createProject(testDb.prisma, { createdById: owner.id, name: "Wire", color: "#336699", organizationalUnitId: unit.id });
    const gone = await createProject(testDb.prisma, { createdById: owner.id, name: "Deleted", organizationalUnitId: unit.id, deletedAt: new Date() });
    const earlier = await task({ organizationalUnitId: unit.id, startDate: day("2026-09-01"), dueDate: day("2026-09-10") });
    const parent = await task({ organizationalUnitId: unit.id, projectId: project.id, startDate: day("2026-11-02"), dueDate: day("2026-11-20"), checklist: ["a", "b", "c"] });
    await testDb.prisma.checklistItem.updateMany({ where: { taskId: parent.id, position: { in: [0, 1] } }, data: { isCompleted: true } });
    const child = await task({ organizationalUnitId: unit.id, projectId: project.id, parentTaskId: parent.id, startDate: day("2026-11-03"), dueDate: day("2026-11-04"), createdById: other.id });
    // Its parent is visible but outside the window: not on the chart, so no parent to draw.
    const orphan = await task({ organizationalUnitId: unit.id, projectId: gone.id, parentTaskId: earlier.id, dueDate: day("2026-11-05"), status: "blocked" });
    await testDb.prisma.taskDependency.create({ data: { taskId: child.id, dependsOnTaskId: parent.id } });

    const res = await timeline(owner, q);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.body.taskColumns).toEqual([...TIMELINE_TASK_COLUMNS]);
    expect(res.body.tasks).toEqual([
      [parent.id, parent.displayNumber, parent.title, "open", day("2026-11-02").getTime(), day("2026-11-20").getTime(), 0, null, 67, true],
      [child.id, child.displayNumber, child.title, "open", day("2026-11-03").getTime(), day("2026-11-04").getTime(), 0, 0, 0, false],
      // A deleted project's task is under "No project"; the deleted project is not sent.
      [orphan.id, orphan.displayNumber, orphan.title, "blocked", null, day("2026-11-05").getTime(), null, null, 0, true],
    ]);
    expect(res.body.projects).toEqual([{ id: project.id, name: "Wire", color: "#336699" }]);
    expect(res.body.dependencies).toEqual([[1, 0]]);
    expect(res.body.truncated).toBe(false);
    expect(res.body.from).toBe("2026-11-01T00:00:00.000Z");
    // The client's expansion: what the chart reads.
    expect(res.chart!.tasks[1]).toEqual({
      id: child.id,
      displayNumber: child.displayNumber,
      title: child.title,
      status: "open",
      startDate: day("2026-11-03").toISOString(),
      dueDate: day("2026-11-04").toISOString(),
      projectId: project.id,
      parentTaskId: parent.id,
      progress: 0,
      canEdit: false,
    });
    expect(res.chart!.dependencies).toEqual([{ taskId: child.id, dependsOnTaskId: parent.id }]);
  });

  it("stops at the chart's limit: the earliest-starting tasks, truncated", async () => {
    const unit = await unitWith(testDb.prisma, owner.id);
    // TIMELINE_TASK_LIMIT + 1 tasks in one statement, a minute apart (numbers far above the counter's).
    await testDb.prisma.$executeRaw`
      INSERT INTO tasks (title, organizational_unit_id, created_by_id, due_date, display_number, updated_at)
      SELECT 'Bulk ' || g, ${unit.id}::uuid, ${owner.id}::uuid, timestamptz '2026-11-10 12:00Z' + g * interval '1 minute', 900000 + g, now()
      FROM generate_series(1, ${TIMELINE_TASK_LIMIT + 1}) g`;
    const res = await timeline(owner, `${NOV}&unitId=${unit.id}`);
    expect(res.status).toBe(200);
    expect(res.body.truncated).toBe(true);
    expect(res.body.tasks).toHaveLength(TIMELINE_TASK_LIMIT);
    expect(res.chart!.tasks[0].title).toBe("Bulk 1");
    expect(res.chart!.tasks.at(-1)!.title).toBe(`Bulk ${TIMELINE_TASK_LIMIT}`);
  });
});

describe("moving a bar through PATCH /api/tasks/{id}", () => {
  it("moves both dates for an editor (audited); another staff member gets 403 and nothing changes", async () => {
    const t = await task({ startDate: day("2026-11-02"), dueDate: day("2026-11-04") });
    const denied = await patch(other, t.id, { startDate: day("2026-11-09").toISOString(), dueDate: day("2026-11-11").toISOString() });
    expect(denied.status).toBe(403);
    expect((await testDb.prisma.task.findUniqueOrThrow({ where: { id: t.id } })).dueDate).toEqual(day("2026-11-04"));

    const moved = await patch(owner, t.id, { startDate: day("2026-11-09").toISOString(), dueDate: day("2026-11-11").toISOString() });
    expect(moved.status).toBe(200);
    const row = await testDb.prisma.task.findUniqueOrThrow({ where: { id: t.id } });
    expect([row.startDate, row.dueDate]).toEqual([day("2026-11-09"), day("2026-11-11")]);
    const audit = await testDb.prisma.auditLog.findFirstOrThrow({ where: { entityId: t.id, action: "task.update" } });
    expect(audit.before).toMatchObject({ dueDate: day("2026-11-04").toISOString() });
    expect(audit.after).toMatchObject({ dueDate: day("2026-11-11").toISOString() });
  });

  it("shiftSuccessors moves the chain the caller may edit by as many business days, in one transaction, and Undo sets every task back at once", async () => {
    const a = await task({ startDate: day("2026-11-02"), dueDate: day("2026-11-03") });
    const b = await task({ startDate: day("2026-11-04"), dueDate: day("2026-11-05") });
    const c = await task({ startDate: day("2026-11-06"), dueDate: day("2026-11-07") }); // Fri to Sat
    const notMine = await task({ createdById: other.id, startDate: day("2026-11-06"), dueDate: day("2026-11-06") });
    const behindNotMine = await task({ startDate: day("2026-11-08"), dueDate: day("2026-11-09") });
    for (const [x, y] of [[b, a], [c, b], [notMine, a], [behindNotMine, notMine]] as const) {
      expect((await call(addDependency, { method: "POST", path: `/api/tasks/${x.id}/dependencies`, headers: (x === notMine ? other : owner).headers, params: { id: x.id }, body: { dependsOnTaskId: y.id } })).status).toBe(200);
    }
    // a's due date: Tue Nov 3 -> Fri Nov 6, three business days.
    const res = await patch(owner, a.id, { startDate: day("2026-11-05").toISOString(), dueDate: day("2026-11-06").toISOString(), shiftSuccessors: true });
    expect(res.status).toBe(200);
    expect(res.body.shiftedTaskIds.sort()).toEqual([b.id, c.id].sort());
    const datesOf = async (id: string) => {
      const row = await testDb.prisma.task.findUniqueOrThrow({ where: { id } });
      return [row.startDate?.toISOString() ?? null, row.dueDate.toISOString()];
    };
    // b (Wed-Thu, one business day long) -> Mon Nov 9 - Tue Nov 10, not Sat-Sun.
    expect(await datesOf(b.id)).toEqual([day("2026-11-09").toISOString(), day("2026-11-10").toISOString()]);
    // c sat on Fri-Sat (no business day after its start): three business days on, past Veterans Day (Wed Nov 11), is Thu Nov 12, due the same day.
    expect(await datesOf(c.id)).toEqual([day("2026-11-12").toISOString(), day("2026-11-12").toISOString()]);
    // Not editable by owner: stays, and so does what waits only behind it.
    expect(await datesOf(notMine.id)).toEqual([day("2026-11-06").toISOString(), day("2026-11-06").toISOString()]);
    expect(await datesOf(behindNotMine.id)).toEqual([day("2026-11-08").toISOString(), day("2026-11-09").toISOString()]);
    const shiftedAudit = await testDb.prisma.auditLog.findFirstOrThrow({ where: { entityId: c.id, action: "task.update" } });
    expect(shiftedAudit.metadata).toEqual({ shiftedWith: a.id });
    const cShift = res.body.shiftedTasks.find((t: { id: string }) => t.id === c.id);
    expect(cShift).toEqual({ id: c.id, before: { startDate: day("2026-11-06").toISOString(), dueDate: day("2026-11-07").toISOString() }, after: { startDate: day("2026-11-12").toISOString(), dueDate: day("2026-11-12").toISOString() } });

    // Undo: the moved task and every shifted one back to their dates, in one call (c back on its Saturday too).
    const undoBody = {
      tasks: [{ id: a.id, startDate: day("2026-11-02").toISOString(), dueDate: day("2026-11-03").toISOString() }, ...res.body.shiftedTasks.map((t: { id: string; before: object }) => ({ id: t.id, ...t.before }))],
    };
    const undo = await putDates(owner, undoBody);
    expect(undo.status).toBe(200);
    expect(await datesOf(a.id)).toEqual([day("2026-11-02").toISOString(), day("2026-11-03").toISOString()]);
    expect(await datesOf(b.id)).toEqual([day("2026-11-04").toISOString(), day("2026-11-05").toISOString()]);
    expect(await datesOf(c.id)).toEqual([day("2026-11-06").toISOString(), day("2026-11-07").toISOString()]);
    const undoAudit = await testDb.prisma.auditLog.count({ where: { entityId: { in: [a.id, b.id, c.id] }, action: "task.update", metadata: { equals: { setTogether: 3 } } } });
    expect(undoAudit).toBe(3);
    // A retry changes nothing and writes no audit row.
    expect((await putDates(owner, undoBody)).status).toBe(200);
    expect(await testDb.prisma.auditLog.count({ where: { entityId: { in: [a.id, b.id, c.id] }, action: "task.update", metadata: { equals: { setTogether: 3 } } } })).toBe(3);
    expect((await patch(owner, a.id, { shiftSuccessors: "yes" })).status).toBe(400);
  });

  it("skips the organization's holidays (Thanksgiving), and shiftCalendarDays (Alt) moves by the exact time", async () => {
    const a = await task({ startDate: day("2026-11-23"), dueDate: day("2026-11-24") });
    const b = await task({ startDate: day("2026-11-25"), dueDate: day("2026-11-25") });
    expect((await call(addDependency, { method: "POST", path: `/api/tasks/${b.id}/dependencies`, headers: owner.headers, params: { id: b.id }, body: { dependsOnTaskId: a.id } })).status).toBe(200);
    // a's due date Tue Nov 24 -> Wed Nov 25: one business day; b moves from Wed 25 over Thanksgiving (Thu 26) to Fri 27.
    const res = await patch(owner, a.id, { startDate: day("2026-11-24").toISOString(), dueDate: day("2026-11-25").toISOString(), shiftSuccessors: true });
    expect(res.status).toBe(200);
    const row = await testDb.prisma.task.findUniqueOrThrow({ where: { id: b.id } });
    expect([row.startDate, row.dueDate]).toEqual([day("2026-11-27"), day("2026-11-27")]);
    // Alt: a's due date one more calendar day (onto Thanksgiving), b by exactly one day too (onto Saturday).
    const alt = await patch(owner, a.id, { startDate: day("2026-11-25").toISOString(), dueDate: day("2026-11-26").toISOString(), shiftSuccessors: true, shiftCalendarDays: true });
    expect(alt.status).toBe(200);
    const moved = await testDb.prisma.task.findUniqueOrThrow({ where: { id: b.id } });
    expect([moved.startDate, moved.dueDate]).toEqual([day("2026-11-28"), day("2026-11-28")]);
  });

  it("the timeline sends the organization's holidays around its window", async () => {
    const res = await timeline(owner, NOV);
    expect(res.status).toBe(200);
    const dates = res.body.holidays.map((h: { date: string }) => h.date);
    expect(dates).toEqual(expect.arrayContaining(["2026-11-11", "2026-11-26", "2026-12-25"]));
    expect(dates).not.toContain("2026-11-27");
    expect(res.body.holidays.find((h: { date: string }) => h.date === "2026-11-26").names).toEqual(["Thanksgiving Day"]);
  });

  it("PUT /api/tasks/timeline/dates: all or nothing — 404 for a task the caller cannot see, 403 for one they may not edit, 400 for reversed dates", async () => {
    const mine = await task({ startDate: day("2026-11-02"), dueDate: day("2026-11-03") });
    const theirs = await task({ createdById: other.id, startDate: day("2026-11-02"), dueDate: day("2026-11-03") });
    const hidden = await task({ createdById: other.id, isPrivate: true, dueDate: day("2026-11-03") });
    const to = (id: string) => ({ id, startDate: day("2026-11-09").toISOString(), dueDate: day("2026-11-10").toISOString() });
    expect((await putDates(owner, { tasks: [to(mine.id), to(theirs.id)] })).status).toBe(403);
    expect((await putDates(owner, { tasks: [to(mine.id), to(hidden.id)] })).status).toBe(404);
    const reversed = await putDates(owner, { tasks: [{ ...to(mine.id), startDate: day("2026-11-12").toISOString() }] });
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toMatch(/Start date must be before the due date/);
    expect((await putDates(owner, { tasks: [to(mine.id), to(mine.id)] })).status).toBe(400);
    expect((await testDb.prisma.task.findUniqueOrThrow({ where: { id: mine.id } })).dueDate).toEqual(day("2026-11-03"));
    expect((await putDates(other, { tasks: [to(theirs.id), { id: hidden.id, startDate: null, dueDate: day("2026-11-11").toISOString() }] })).status).toBe(200);
    expect((await testDb.prisma.task.findUniqueOrThrow({ where: { id: hidden.id } })).dueDate).toEqual(day("2026-11-11"));
  });
});

describe("dependency cycles under concurrency", () => {
  it("three links closing a ring, created at once: the graph lock lets at most two through", async () => {
    const [a, b, c] = [await task(), await task(), await task()];
    const link = (x: { id: string }, y: { id: string }) =>
      call(addDependency, { method: "POST", path: `/api/tasks/${x.id}/dependencies`, headers: owner.headers, params: { id: x.id }, body: { dependsOnTaskId: y.id } });
    const results = await Promise.all([link(b, a), link(c, b), link(a, c)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 400]);
    expect(results.find((r) => r.status === 400)!.body.message).toBe("That dependency would create a cycle");
    expect(await testDb.prisma.taskDependency.count({ where: { taskId: { in: [a.id, b.id, c.id] } } })).toBe(2);
  });
});
