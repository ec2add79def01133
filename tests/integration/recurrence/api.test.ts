import { GET as listSeries } from "@/app/api/recurring-tasks/route";
import { POST as preview } from "@/app/api/recurring-tasks/preview/route";
import { GET as getSeries } from "@/app/api/recurring-tasks/[id]/route";
import { POST as pause } from "@/app/api/recurring-tasks/[id]/pause/route";
import { POST as resume } from "@/app/api/recurring-tasks/[id]/resume/route";
import { POST as end } from "@/app/api/recurring-tasks/[id]/end/route";
import { GET as occurrences } from "@/app/api/recurring-tasks/[id]/occurrences/route";
import { POST as runJob } from "@/app/api/test-hooks/jobs/[name]/route";
import { GET as listTasks, POST as createTaskRoute } from "@/app/api/tasks/route";
import { GET as getTask } from "@/app/api/tasks/[id]/route";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { inDays, person, unitWith } from "../tasks/fixtures";

const testDb = useTestDatabase();

type Who = Awaited<ReturnType<typeof person>>;
let owner: Who, other: Who, admin: Who, unitId: string, otherUnitId: string;

beforeAll(async () => {
  owner = await person(testDb.prisma);
  other = await person(testDb.prisma);
  admin = await person(testDb.prisma, "admin");
  unitId = (await unitWith(testDb.prisma, owner.id)).id;
  otherUnitId = (await unitWith(testDb.prisma, other.id)).id;
});

/** A daily series created through the API, starting tomorrow at 9:00 local (via the ISO instant). */
async function createSeries(who: Who, extra: Record<string, unknown> = {}) {
  const res = await call(createTaskRoute, {
    method: "POST",
    path: "/api/tasks",
    headers: who.headers,
    body: {
      title: `Check the retort ${Math.random().toString(36).slice(2, 7)}`,
      department: unitId,
      dueDate: inDays(1),
      isRecurring: true,
      recurringPattern: "daily",
      hasChecklist: true,
      checklistItems: ["Temperature", "Seal"],
      ...extra,
    },
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; title: string };
}

const ruleBody = {
  dueDate: "2026-11-19T15:00:00.000Z", // Thu Nov 19 2026, 9:00 in Chicago
  recurringPattern: "weekly",
  recurringInterval: 1,
  recurringDaysOfWeek: [4],
  excludeHolidays: true,
  holidayCalendar: "US",
  recurringSchedule: { excludedDayPolicy: "next" },
};

describe("POST /api/recurring-tasks/preview", () => {
  it("401 anonymous, 400 naming the field", async () => {
    expect((await call(preview, { method: "POST", path: "/api/recurring-tasks/preview", body: ruleBody })).status).toBe(401);
    const bad = await call(preview, { method: "POST", path: "/api/recurring-tasks/preview", headers: owner.headers, body: { ...ruleBody, recurringInterval: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Recurring interval must be at least 1/);
    const unknown = await call(preview, { method: "POST", path: "/api/recurring-tasks/preview", headers: owner.headers, body: { ...ruleBody, holidayCalendar: "US-XX" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ field: "holidayCalendar" });
    const strict = await call(preview, { method: "POST", path: "/api/recurring-tasks/preview", headers: owner.headers, body: { ...ruleBody, recurringSchedule: { note: "x" } } });
    expect(strict.status).toBe(400);
  });

  it("answers the next 5 dates with the moved one explained, and the rule in words", async () => {
    const res = await call(preview, { method: "POST", path: "/api/recurring-tasks/preview", headers: owner.headers, body: ruleBody });
    expect(res.status).toBe(200);
    expect(res.body.description).toBe("Every week on Thursday at 9:00 AM; US holidays move to the next business day");
    expect(res.body.dates).toHaveLength(5);
    // From today on: any Thanksgiving in range is moved to the Friday with its reason.
    for (const d of res.body.dates) {
      if (d.moved) expect(d.moved.reason).toMatchObject({ kind: "holiday" });
      else expect(new Date(`${d.day}T12:00:00Z`).getUTCDay()).toBe(4);
    }
  });
});

describe("series through the API", () => {
  it("creating a series creates the occurrences within the window at once, and hides the series from task lists", async () => {
    const s = await createSeries(owner);
    const occ = await call(occurrences, { path: `/api/recurring-tasks/${s.id}/occurrences`, headers: owner.headers, params: { id: s.id } });
    expect(occ.status).toBe(200);
    expect(occ.body.total).toBe(7); // tomorrow .. today + 7
    expect(occ.body.items[0]).toMatchObject({ title: s.title, recurrenceSourceId: s.id, occurrenceIndex: 1, isRecurring: false });
    expect(occ.body.items[0].checklist.map((c: { title: string; isCompleted: boolean }) => [c.title, c.isCompleted])).toEqual([["Temperature", false], ["Seal", false]]);

    const list = await call(listTasks, { path: `/api/tasks?q=${encodeURIComponent(s.title)}&pageSize=50`, headers: owner.headers });
    expect(list.body.items.map((t: { id: string }) => t.id)).not.toContain(s.id);
    expect(list.body.total).toBe(7);
    const filtered = await call(listTasks, { path: `/api/tasks?seriesId=${s.id}`, headers: owner.headers });
    expect(filtered.body.total).toBe(7);

    // The occurrence reads its series; the series reads its rule.
    const one = await call(getTask, { path: `/api/tasks/${occ.body.items[0].id}`, headers: owner.headers, params: { id: occ.body.items[0].id } });
    expect(one.body).toMatchObject({ recurrenceSourceId: s.id, occurrenceIndex: 1, occurrenceLate: false });
    const series = await call(getSeries, { path: `/api/recurring-tasks/${s.id}`, headers: owner.headers, params: { id: s.id } });
    expect(series.body).toMatchObject({ id: s.id, title: s.title, state: "active", total: null, occurrenceCount: 7, description: expect.stringMatching(/^Every day/) });
  });

  it("an unknown holiday calendar or a loose recurringSchedule is a 400 on create", async () => {
    const bad = await call(createTaskRoute, {
      method: "POST",
      path: "/api/tasks",
      headers: owner.headers,
      body: { title: "x", department: unitId, dueDate: inDays(1), isRecurring: true, recurringPattern: "daily", excludeHolidays: true, holidayCalendar: "ZZ" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("holidayCalendar");
  });

  it("pause, resume and end: 401, 403 for a non-editor, 404 for a private series of someone else, stored and audited", async () => {
    const s = await createSeries(owner);
    const priv = await createSeries(owner, { isPrivate: true });
    const path = `/api/recurring-tasks/${s.id}/pause`;
    expect((await call(pause, { method: "POST", path, params: { id: s.id } })).status).toBe(401);
    expect((await call(pause, { method: "POST", path, headers: other.headers, params: { id: s.id } })).status).toBe(403);
    expect((await call(pause, { method: "POST", path, headers: other.headers, params: { id: priv.id } })).status).toBe(404);
    expect((await call(getSeries, { path, headers: other.headers, params: { id: priv.id } })).status).toBe(404);
    expect((await call(occurrences, { path, headers: other.headers, params: { id: priv.id } })).status).toBe(404);

    const paused = await call(pause, { method: "POST", path, headers: owner.headers, params: { id: s.id } });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ state: "paused", nextDate: null });
    expect((await testDb.prisma.task.findUniqueOrThrow({ where: { id: s.id } })).recurrencePausedAt).not.toBeNull();
    // Repeating is harmless.
    expect((await call(pause, { method: "POST", path, headers: owner.headers, params: { id: s.id } })).status).toBe(200);

    const resumed = await call(resume, { method: "POST", path, headers: admin.headers, params: { id: s.id } });
    expect(resumed.body).toMatchObject({ state: "active" });
    const ended = await call(end, { method: "POST", path, headers: owner.headers, params: { id: s.id } });
    expect(ended.body).toMatchObject({ state: "ended", nextDate: null });
    const again = await call(resume, { method: "POST", path, headers: owner.headers, params: { id: s.id } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This recurring task has ended");
    const audit = await testDb.prisma.auditLog.findMany({ where: { entityId: s.id, action: { startsWith: "recurrence." } } });
    expect(audit.map((a) => a.action).sort()).toEqual(["recurrence.end", "recurrence.pause", "recurrence.resume"]);
  });

  it("lists series with filters (mine, department, paused); private series and their occurrences only for their creator and admins", async () => {
    const mine = await createSeries(owner, { department: otherUnitId });
    const priv = await createSeries(owner, { isPrivate: true });
    const theirs = await createSeries(other);
    await call(pause, { method: "POST", path: "/x", headers: other.headers, params: { id: theirs.id } });

    const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((i) => i.id);
    expect((await call(listSeries, { path: "/api/recurring-tasks" })).status).toBe(401);
    expect((await call(listSeries, { path: "/api/recurring-tasks?unitId=nope", headers: owner.headers })).status).toBe(400);

    const forOther = await call(listSeries, { path: "/api/recurring-tasks", headers: other.headers });
    expect(ids(forOther)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(ids(forOther)).not.toContain(priv.id);
    const privOccurrences = await call(listTasks, { path: `/api/tasks?q=${encodeURIComponent(priv.title)}`, headers: other.headers });
    expect(privOccurrences.body.total).toBe(0);
    expect(ids(await call(listSeries, { path: "/api/recurring-tasks", headers: admin.headers }))).toContain(priv.id);

    const mineOnly = await call(listSeries, { path: "/api/recurring-tasks?mine=true", headers: other.headers });
    expect(ids(mineOnly)).toEqual([theirs.id]);
    const paused = await call(listSeries, { path: "/api/recurring-tasks?paused=true", headers: owner.headers });
    expect(ids(paused)).toEqual([theirs.id]);
    const byUnit = await call(listSeries, { path: `/api/recurring-tasks?unitId=${otherUnitId}`, headers: owner.headers });
    expect(ids(byUnit)).toEqual([mine.id]);
    const row = (await call(listSeries, { path: "/api/recurring-tasks", headers: owner.headers })).body.items.find((i: { id: string }) => i.id === mine.id);
    expect(row).toMatchObject({ state: "active", department: { id: otherUnitId }, lastOccurrence: { status: "open" }, permissions: { canEdit: true } });
    expect(row.nextDate).not.toBeNull();
  });
});

describe("POST /api/test-hooks/jobs/{name}", () => {
  it("admins only; runs the recurrence job with a moved clock", async () => {
    const path = "/api/test-hooks/jobs/recurrence-generate";
    expect((await call(runJob, { method: "POST", path, body: {}, params: { name: "recurrence-generate" } })).status).toBe(401);
    expect((await call(runJob, { method: "POST", path, headers: owner.headers, body: {}, params: { name: "recurrence-generate" } })).status).toBe(403);
    expect((await call(runJob, { method: "POST", path, headers: admin.headers, body: { now: "yesterday" }, params: { name: "recurrence-generate" } })).status).toBe(400);
    const s = await createSeries(owner);
    const res = await call(runJob, { method: "POST", path, headers: admin.headers, body: { now: inDays(3) }, params: { name: "recurrence-generate" } });
    expect(res.status).toBe(200);
    expect(res.body.result.created).toBeGreaterThanOrEqual(3);
    expect(await testDb.prisma.task.count({ where: { recurrenceSourceId: s.id } })).toBe(10);
    expect((await call(runJob, { method: "POST", path, headers: admin.headers, body: {}, params: { name: "nope" } })).status).toBe(404);
  });
});
