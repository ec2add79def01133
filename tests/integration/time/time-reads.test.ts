import { parse } from "csv-parse/sync";
import { GET as cardHandler } from "@/app/api/admin/time/card/route";
import { POST as deactivateHandler } from "@/app/api/members/[id]/deactivate/route";
import { GET as exportHandler } from "@/app/api/time/logs/export/route";
import { GET as logsHandler } from "@/app/api/time/logs/route";
import { PDFDocument } from "pdf-lib";
import { addDays, BUSINESS_TIME_ZONE } from "@/lib/dates";
import { PRIVATE_TASK_TITLE } from "@/lib/tasks/task-title";
import { runForgottenPunchCheck } from "@/lib/services/punch/forgotten-punch-job";
import { dayOf } from "@/lib/time/calc";
import { addMembership, createPunchSession, createTask, createTimeEntry, createUnit, createUser } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { callRaw } from "@/tests/support/uploads";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();
const H = 3_600_000;

async function member(role: "staff" | "admin" | "manager" = "staff") {
  const user = await createUser(testDb.prisma, { role });
  return { user, headers: await signIn(user) };
}

const logs = (headers: Record<string, string>, query: string) => call(logsHandler, { path: `/api/time/logs?${query}`, headers });

describe("scoping of the time reads", () => {
  it("staff read only themselves, by id and by range; managers their units' members; admins everyone", async () => {
    const unit = await createUnit(testDb.prisma);
    const staff = await member();
    const colleague = await member();
    const outsider = await member();
    const manager = await member("manager");
    const admin = await member("admin");
    for (const m of [staff, colleague, manager]) await addMembership(testDb.prisma, unit.id, m.user.id);
    await createPunchSession(testDb.prisma, { userId: staff.user.id, punchInAt: new Date("2025-11-04T14:00:00Z"), punchOutAt: new Date("2025-11-04T22:00:00Z") });

    const own = await logs(staff.headers, "range=week&date=2025-11-04");
    expect(own.status).toBe(200);
    expect(own.body.member.id).toBe(staff.user.id);
    expect(own.body.totals.workedMs).toBe(8 * H);
    for (const range of ["range=week&date=2025-11-04", "range=custom&from=2025-11-01&to=2025-11-30", "range=period&date=2025-11-04", "range=day&date=2025-11-04"]) {
      const res = await logs(colleague.headers, `userId=${staff.user.id}&${range}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Member not found", code: "NOT_FOUND" });
      expect((await call(exportHandler, { path: `/api/time/logs/export?userId=${staff.user.id}&${range}`, headers: colleague.headers })).status).toBe(404);
    }
    expect((await logs(manager.headers, `userId=${staff.user.id}&range=week&date=2025-11-04`)).body.totals.workedMs).toBe(8 * H);
    expect((await logs(manager.headers, `userId=${outsider.user.id}`)).status).toBe(404);
    expect((await logs(admin.headers, `userId=${outsider.user.id}`)).status).toBe(200);
    expect((await logs(staff.headers, `userId=not-a-uuid`)).status).toBe(400);
    expect((await call(cardHandler, { path: "/api/admin/time/card", headers: manager.headers })).status).toBe(403);
  });
});

describe("one member's time log, every part", () => {
  it("lists task time (a private task's title hidden from a manager), edits with who and why, locks and corrections", async () => {
    const staff = await member();
    const admin = await member("admin");
    const unit = await createUnit(testDb.prisma);
    const open = await createTask(testDb.prisma, { title: "Engrave urn 12", createdById: admin.user.id, organizationalUnitId: unit.id });
    const secret = await createTask(testDb.prisma, { title: "Private errand", isPrivate: true, createdById: staff.user.id, organizationalUnitId: unit.id });
    const punch = await createPunchSession(testDb.prisma, { userId: staff.user.id, punchInAt: new Date("2025-11-05T14:00:00.250Z"), punchOutAt: new Date("2025-11-05T22:00:00Z") });
    const first = await createTimeEntry(testDb.prisma, { userId: staff.user.id, taskId: open.id, punchSessionId: punch.id, startedAt: new Date("2025-11-05T14:30:00Z"), endedAt: new Date("2025-11-05T16:00:00Z") });
    await createTimeEntry(testDb.prisma, { userId: staff.user.id, taskId: secret.id, punchSessionId: punch.id, startedAt: new Date("2025-11-05T17:00:00Z"), endedAt: new Date("2025-11-05T18:00:00Z") });
    await testDb.prisma.timeEdit.create({ data: { userId: staff.user.id, punchSessionId: punch.id, entityType: "task_time_entry", entityId: first.id, action: "update", reason: "Started late", editedById: admin.user.id } });
    await testDb.prisma.timeEdit.create({ data: { userId: staff.user.id, punchSessionId: punch.id, entityType: "punch_session", entityId: punch.id, action: "update", reason: "Forgot to punch out", editedById: admin.user.id } });
    await testDb.prisma.payPeriodLock.create({ data: { userId: staff.user.id, periodStart: new Date("2025-11-03T00:00:00Z"), periodEnd: new Date("2025-11-09T00:00:00Z"), startsAt: new Date("2025-11-03T06:00:00Z"), endsAt: new Date("2025-11-10T06:00:00Z"), lockedAt: new Date("2025-11-11T15:00:00Z"), lockedById: admin.user.id } });
    const request = await testDb.prisma.timeCorrectionRequest.create({ data: { userId: staff.user.id, punchSessionId: punch.id, requestedInAt: new Date("2025-11-05T13:30:00Z"), requestedOutAt: new Date("2025-11-05T22:00:00Z"), reason: "Came in early" } });
    const manager = await member("manager");
    for (const m of [staff, manager]) await addMembership(testDb.prisma, unit.id, m.user.id);

    const asAdmin = await logs(admin.headers, `userId=${staff.user.id}&range=day&date=2025-11-05`);
    expect(asAdmin.status).toBe(200);
    const [line] = asAdmin.body.days[0].punches;
    expect(line).toMatchObject({ id: punch.id, punchInAt: "2025-11-05T14:00:00.250Z", punchOutAt: "2025-11-05T22:00:00.000Z", flags: { edited: true, locked: true } });
    expect(line.edits).toEqual([expect.objectContaining({ action: "update", reason: "Forgot to punch out", editedBy: `${admin.user.firstName} ${admin.user.lastName}`.trim() })]);
    expect(line.entries.map((e: { task: { title: string; visible: boolean }; startedAt: string; ms: number; edits: unknown[] }) => [e.task.title, e.task.visible, e.startedAt, e.ms, e.edits.length])).toEqual([
      ["Engrave urn 12", true, "2025-11-05T14:30:00.000Z", 1.5 * H, 1],
      ["Private errand", true, "2025-11-05T17:00:00.000Z", H, 0],
    ]);
    expect(asAdmin.body.locks).toEqual([{ start: "2025-11-03", end: "2025-11-09", lockedAt: "2025-11-11T15:00:00.000Z" }]);
    expect(asAdmin.body.flags).toMatchObject({ edited: 1, locked: 1 });
    expect(asAdmin.body.corrections).toEqual([
      { id: request.id, punchId: punch.id, requestedInAt: "2025-11-05T13:30:00.000Z", requestedOutAt: "2025-11-05T22:00:00.000Z", reason: "Came in early", status: "pending", decisionNote: null, createdAt: request.createdAt.toISOString() },
    ]);
    const asManager = await logs(manager.headers, `userId=${staff.user.id}&range=day&date=2025-11-05`);
    expect(asManager.body.days[0].punches[0].entries[1].task).toMatchObject({ id: secret.id, title: PRIVATE_TASK_TITLE, visible: false });
  });
});

describe("the forgotten punch-out job", () => {
  it("flags a punch open past the limit, optionally auto-closes it at the limit counting zero, and is idempotent", async () => {
    const staff = await member();
    const fresh = await member();
    const unit = await createUnit(testDb.prisma);
    const task = await createTask(testDb.prisma, { createdById: staff.user.id, organizationalUnitId: unit.id });
    const now = new Date();
    const old = await createPunchSession(testDb.prisma, { userId: staff.user.id, punchInAt: new Date(now.getTime() - 14 * H) });
    await createTimeEntry(testDb.prisma, { userId: staff.user.id, taskId: task.id, punchSessionId: old.id, startedAt: new Date(now.getTime() - 13 * H) });
    await createPunchSession(testDb.prisma, { userId: fresh.user.id, punchInAt: new Date(now.getTime() - 2 * H) });

    expect(await runForgottenPunchCheck({ now })).toEqual({ flagged: 1, autoClosed: 0 });
    expect(await runForgottenPunchCheck({ now })).toEqual({ flagged: 0, autoClosed: 0 });
    const flagged = await testDb.prisma.punchSession.findUniqueOrThrow({ where: { id: old.id } });
    expect(flagged.flaggedAt).not.toBeNull();
    expect(flagged.punchOutAt).toBeNull();
    const banner = await logs(staff.headers, "range=day");
    expect(banner.body.attention).toEqual([{ id: old.id, punchInAt: old.punchInAt.toISOString(), autoClosed: false }]);

    await testDb.prisma.timePolicy.create({ data: { id: "default", autoCloseForgotten: true } });
    expect(await runForgottenPunchCheck({ now })).toEqual({ flagged: 0, autoClosed: 1 });
    expect(await runForgottenPunchCheck({ now })).toEqual({ flagged: 0, autoClosed: 0 });
    const closed = await testDb.prisma.punchSession.findUniqueOrThrow({ where: { id: old.id } });
    expect(closed).toMatchObject({ autoClosed: true, outReason: "Auto-closed" });
    expect(closed.punchOutAt!.getTime()).toBe(old.punchInAt.getTime() + 12 * H);
    expect(await testDb.prisma.taskTimeEntry.count({ where: { punchSessionId: old.id, endedAt: null } })).toBe(0);
    // Auto-closed time counts as zero until corrected.
    const day = dayOf(old.punchInAt, BUSINESS_TIME_ZONE);
    const log = await logs(staff.headers, `range=custom&from=${day}&to=${addDays(day, 1)}`);
    expect(log.body.totals.workedMs).toBe(0);
    expect(log.body.flags.autoClosed).toBe(1);
    expect((await testDb.prisma.punchSession.findFirstOrThrow({ where: { userId: fresh.user.id } })).flaggedAt).toBeNull();
  });
});

describe("deactivation", () => {
  it("closes the member's open punch and task clock with reason Deactivated, flagged", async () => {
    const admin = await member("admin");
    const staff = await member();
    const unit = await createUnit(testDb.prisma);
    const task = await createTask(testDb.prisma, { createdById: staff.user.id, organizationalUnitId: unit.id });
    const punch = await createPunchSession(testDb.prisma, { userId: staff.user.id, punchInAt: new Date(Date.now() - 3 * H) });
    await createTimeEntry(testDb.prisma, { userId: staff.user.id, taskId: task.id, punchSessionId: punch.id, startedAt: new Date(Date.now() - H) });
    const res = await call(deactivateHandler, { method: "POST", path: `/api/members/${staff.user.id}/deactivate`, params: { id: staff.user.id }, headers: admin.headers, body: {} });
    expect(res.status).toBe(200);
    const closed = await testDb.prisma.punchSession.findUniqueOrThrow({ where: { id: punch.id } });
    expect(closed).toMatchObject({ outReason: "Deactivated", forcedTaskOut: true });
    expect(closed.punchOutAt).not.toBeNull();
    expect(closed.flaggedAt).not.toBeNull();
    expect(await testDb.prisma.taskTimeEntry.count({ where: { userId: staff.user.id, endedAt: null } })).toBe(0);
    const audit = await testDb.prisma.auditLog.findFirstOrThrow({ where: { action: "member.deactivate", entityId: staff.user.id } });
    expect(audit.metadata).toMatchObject({ closedPunchId: punch.id });
    // Deactivating again changes nothing.
    expect((await call(deactivateHandler, { method: "POST", path: `/api/members/${staff.user.id}/deactivate`, params: { id: staff.user.id }, headers: admin.headers, body: {} })).status).toBe(200);
  });
});

describe("time log export", () => {
  it("exports the time log as CSV that parses and a PDF that loads", async () => {
    const staff = await member();
    await createPunchSession(testDb.prisma, { userId: staff.user.id, punchInAt: new Date("2025-11-04T14:00:00Z"), punchOutAt: new Date("2025-11-04T18:00:00Z"), outReason: "Lunch" });
    await createPunchSession(testDb.prisma, { userId: staff.user.id, punchInAt: new Date("2025-11-04T18:30:00Z"), punchOutAt: new Date("2025-11-04T22:45:00Z"), outReason: "End of Workday" });
    const csv = await callRaw(exportHandler, { method: "GET", path: `/api/time/logs/export?range=week&date=2025-11-04`, headers: staff.headers });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toMatch(/attachment; filename="time-log-.*\.csv"/);
    const rows: string[][] = parse(csv.bytes, { bom: true });
    expect(rows[0][0]).toBe("Date");
    const total = rows[rows.length - 1];
    expect(total[0]).toBe("Total");
    expect(total[6]).toBe("8.25");
    const pdf = await callRaw(exportHandler, { method: "GET", path: `/api/time/logs/export?format=pdf&range=week&date=2025-11-04`, headers: staff.headers });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const doc = await PDFDocument.load(pdf.bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(doc.getTitle()).toMatch(/Time log/);
  });
});

describe("the time card grid at scale", () => {
  it("pages through the members in name order, filters by name or e-mail, and counts approval over all of them", async () => {
    const admin = await member("admin");
    const tag = `Pager${Date.now().toString(36)}`;
    const people = [];
    for (let i = 0; i < 5; i++) people.push(await createUser(testDb.prisma, { role: "staff", firstName: "Pat", lastName: `${tag} ${String.fromCharCode(65 + i)}` }));
    const card = (query: string) => call(cardHandler, { path: `/api/admin/time/card?period=2025-11-04&${query}`, headers: admin.headers });

    const first = await card(`q=${tag}&page=1&pageSize=2`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 5, page: 1, pages: 3, allLocked: false });
    expect(first.body.rows.map((r: { member: { id: string } }) => r.member.id)).toEqual([people[0].id, people[1].id]);
    const last = await card(`q=${tag.toLowerCase()}&page=3&pageSize=2`);
    expect(last.body.rows.map((r: { member: { id: string } }) => r.member.id)).toEqual([people[4].id]);
    // By e-mail too; nobody matches → an empty page, not an error.
    expect((await card(`q=${encodeURIComponent(people[2].email)}&page=1`)).body.total).toBe(1);
    expect((await card("q=nobody-has-this-name&page=1")).body).toMatchObject({ total: 0, rows: [], pages: 1, allLocked: false });
    // Without a page: every member (the payroll exports read it so).
    expect((await card(`q=${tag}`)).body.rows).toHaveLength(5);
    expect((await card("page=0")).status).toBe(400);
    expect((await card("pageSize=500")).body).toMatchObject({ message: "pageSize must be at most 200", code: "BAD_REQUEST" });
  });
});
