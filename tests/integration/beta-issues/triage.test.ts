import { DELETE as deleteHandler, GET as getOne, PATCH as patchHandler } from "@/app/api/beta-issues/[id]/route";
import { GET as download } from "@/app/api/beta-issues/[id]/attachments/[attachmentId]/route";
import { POST as commentHandler } from "@/app/api/beta-issues/[id]/comments/route";
import { POST as convertHandler } from "@/app/api/beta-issues/[id]/convert/route";
import { GET as listHandler, POST as createHandler } from "@/app/api/beta-issues/route";
import { GET as getTask } from "@/app/api/tasks/[id]/route";
import { createUnit } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { fakeDateOnly } from "@/tests/support/fake-date";
import { callRaw, form, PDF_SMALL, PNG_1PX, useUploadDir } from "@/tests/support/uploads";
import { person, unitWith } from "../tasks/fixtures";

const testDb = useTestDatabase();
const uploads = useUploadDir();

type Person = Awaited<ReturnType<typeof person>>;

async function report(reporter: Person, severity = "blocker") {
  const res = await call(createHandler, {
    method: "POST",
    path: "/api/beta-issues",
    headers: reporter.headers,
    body: { title: "[BETA] Time card <b>totals</b> wrong", description: "Totals are off by an hour.\n\nOnly on Mondays & after DST.", issueType: "bug", severity },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const patch = (who: Person, id: string, body: unknown) => call(patchHandler, { method: "PATCH", path: `/api/beta-issues/${id}`, headers: who.headers, params: { id }, body });
const read = (who: Person, id: string) => call(getOne, { path: `/api/beta-issues/${id}`, headers: who.headers, params: { id } });
const comment = (who: Person, id: string, body: unknown) => call(commentHandler, { method: "POST", path: `/api/beta-issues/${id}/comments`, headers: who.headers, params: { id }, body });
const convert = (who: Person, id: string, body: unknown = {}) => call(convertHandler, { method: "POST", path: `/api/beta-issues/${id}/convert`, headers: who.headers, params: { id }, body });

describe("triage: status and severity", () => {
  it("admins change status and severity; each change is in the history and the audit log, and the reporter sees it", async () => {
    const reporter = await person(testDb.prisma);
    const admin = await person(testDb.prisma, "admin");
    const id = await report(reporter, "informational");

    const first = await patch(admin, id, { status: "triaged", severity: "blocker" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: "triaged", severity: "blocker" });
    const second = await patch(admin, id, { status: "in_progress", severity: "blocker" });
    expect(second.body.status).toBe("in_progress");
    // Nothing changed: nothing is written.
    expect((await patch(admin, id, { status: "in_progress" })).status).toBe(200);
    await patch(admin, id, { status: "wont_fix" });

    const seen = await read(reporter, id);
    expect(seen.body.status).toBe("wont_fix");
    expect(seen.body.history.map((h: Record<string, unknown>) => [h.fromStatus, h.toStatus, h.fromSeverity, h.toSeverity])).toEqual([
      [null, "new", null, "informational"],
      ["new", "triaged", "informational", "blocker"],
      ["triaged", "in_progress", null, null],
      ["in_progress", "wont_fix", null, null],
    ]);
    expect(seen.body.history[1].actor).toMatchObject({ id: admin.id, isAdmin: true });
    const mine = await call(listHandler, { path: "/api/beta-issues", headers: reporter.headers });
    expect(mine.body.items[0]).toMatchObject({ id, status: "wont_fix", severity: "blocker" });

    const audit = await testDb.prisma.auditLog.findMany({ where: { entityId: id, action: "beta_issue.update" }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => [a.actorId, a.before, a.after])).toEqual([
      [admin.id, { status: "new", severity: "informational" }, { status: "triaged", severity: "blocker" }],
      [admin.id, { status: "triaged" }, { status: "in_progress" }],
      [admin.id, { status: "in_progress" }, { status: "wont_fix" }],
    ]);
  });

  it("400 naming the field for a bad status or an empty change", async () => {
    const reporter = await person(testDb.prisma);
    const admin = await person(testDb.prisma, "admin");
    const id = await report(reporter);
    const bad = await patch(admin, id, { status: "open" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^status: /);
    const empty = await patch(admin, id, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Send a status or a severity");
  });
});

describe("comments", () => {
  it("the reporter and admins talk on the issue; each comment is audited", async () => {
    const reporter = await person(testDb.prisma, "staff", { firstName: "Rae", lastName: "Porter" });
    const admin = await person(testDb.prisma, "admin");
    const id = await report(reporter);
    const question = await comment(admin, id, { body: "  Which browser? " });
    expect(question.status).toBe(201);
    expect(question.body).toMatchObject({ body: "Which browser?", author: { id: admin.id, isAdmin: true } });
    expect((await comment(reporter, id, { body: "Firefox <script>alert(1)</script>" })).status).toBe(201);

    const blank = await comment(reporter, id, { body: "   " });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe("body: Comment is required");
    expect((await comment(reporter, id, { body: "x".repeat(5001) })).body.message).toBe("body: Comment must be at most 5000 characters");

    const seen = await read(reporter, id);
    expect(seen.body.comments.map((c: { body: string; author: { id: string } }) => [c.author.id, c.body])).toEqual([
      [admin.id, "Which browser?"],
      [reporter.id, "Firefox <script>alert(1)</script>"],
    ]);
    const audit = await testDb.prisma.auditLog.findMany({ where: { entityId: id, action: "beta_issue.comment" }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => [a.actorId, (a.after as { body: string }).body])).toEqual([
      [admin.id, "Which browser?"],
      [reporter.id, "Firefox <script>alert(1)</script>"],
    ]);
  });
});

describe("turning an issue into a task", () => {
  it("one click makes a prefilled task linking back; the issue is triaged and links the task; a second click is a 409", async () => {
    const reporter = await person(testDb.prisma, "staff", { firstName: "Rae", lastName: "Porter" });
    const admin = await person(testDb.prisma, "admin");
    await createUnit(testDb.prisma, { name: "Somewhere else", unitNumber: 100 });
    const adminUnit = await unitWith(testDb.prisma, admin.id);
    const id = await report(reporter, "blocker");

    const res = await convert(admin, id);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "triaged", convertedTask: { id: expect.any(String), displayNumber: 1 } });
    expect(res.body.history.at(-1)).toMatchObject({ fromStatus: "new", toStatus: "triaged", actor: { id: admin.id } });

    const task = await call(getTask, { path: `/api/tasks/${res.body.convertedTask.id}`, headers: admin.headers, params: { id: res.body.convertedTask.id } });
    expect(task.status).toBe(200);
    expect(task.body).toMatchObject({ title: "Time card <b>totals</b> wrong", priority: "high", organizationalUnitId: adminUnit.id, status: "open" });
    expect(task.body.description).toBe(
      `<p>Totals are off by an hour.</p><p>Only on Mondays &amp; after DST.</p><p>From beta issue <a href="/beta-issues/${id}" rel="noopener noreferrer nofollow" target="_blank">/beta-issues/${id}</a> (Bug, High severity), reported by Rae Porter.</p>`,
    );
    const due = new Date(task.body.dueDate).getTime();
    expect(due).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect(due).toBeLessThan(Date.now() + 8 * 86_400_000);

    const again = await convert(admin, id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: "This issue is already task #1", convertedTask: { displayNumber: 1 } });
    expect(await testDb.prisma.task.count()).toBe(1);
    const audit = await testDb.prisma.auditLog.findFirst({ where: { entityId: id, action: "beta_issue.convert" } });
    expect(audit?.after).toEqual({ status: "triaged", convertedTaskId: res.body.convertedTask.id });

    // The reporter sees the link too.
    expect((await read(reporter, id)).body.convertedTask).toEqual({ id: res.body.convertedTask.id, displayNumber: 1 });
  });

  it("without a due date, the task is due at the end of the day a week from today's business day, also across a DST change", async () => {
    // Monday 00:30 CDT: 7 x 24 h later is Sunday 23:30 CST, a day short of a week.
    fakeDateOnly("2026-10-26T00:30:00-05:00");
    try {
      const reporter = await person(testDb.prisma, "staff");
      const admin = await person(testDb.prisma, "admin");
      await unitWith(testDb.prisma, admin.id);
      const id = await report(reporter, "warning");
      const res = await convert(admin, id);
      expect(res.body).toMatchObject({ status: "triaged" });
      const task = await testDb.prisma.task.findUniqueOrThrow({ where: { id: res.body.convertedTask.id } });
      expect(task.dueDate).toEqual(new Date("2026-11-03T05:59:59.999Z")); // Monday Nov 2, 23:59:59.999 CST
    } finally {
      jest.useRealTimers();
    }
  });

  it("takes a department and due date when given, and keeps a triaged status as it is", async () => {
    const reporter = await person(testDb.prisma);
    const admin = await person(testDb.prisma, "admin");
    const unit = await createUnit(testDb.prisma, { name: "Operations" });
    const id = await report(reporter, "informational");
    await patch(admin, id, { status: "in_progress" });
    const res = await convert(admin, id, { department: unit.id, dueDate: "2026-12-24T23:00:00.000Z" });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe("in_progress");
    const task = await testDb.prisma.task.findUniqueOrThrow({ where: { id: res.body.convertedTask.id } });
    expect(task).toMatchObject({ organizationalUnitId: unit.id, priority: "low", dueDate: new Date("2026-12-24T23:00:00.000Z"), uuid: id });
    expect((await convert(admin, id, { dueDate: "soon" })).body.message).toMatch(/Due date must be a valid date/);
  });
});

describe("deleting an issue", () => {
  it("admins delete it with its rows, then its files; the audit keeps what was there", async () => {
    const reporter = await person(testDb.prisma);
    const admin = await person(testDb.prisma, "admin");
    const created = await callRaw(createHandler, {
      path: "/api/beta-issues",
      headers: reporter.headers,
      body: form({ title: "[BETA] With files", description: "d", issueType: "general" }, [
        { name: "a.png", bytes: PNG_1PX },
        { name: "b.pdf", bytes: PDF_SMALL },
      ]),
    });
    const id = created.body.id as string;
    await comment(reporter, id, { body: "hello" });
    const before = await uploads.files();
    expect(before).toHaveLength(2);

    const res = await call(deleteHandler, { method: "DELETE", path: `/api/beta-issues/${id}`, headers: admin.headers, params: { id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, deletedFiles: 2 });
    expect(await testDb.prisma.betaIssue.count({ where: { id } })).toBe(0);
    expect(await testDb.prisma.betaIssueAttachment.count({ where: { betaIssueId: id } })).toBe(0);
    expect(await testDb.prisma.betaIssueComment.count({ where: { betaIssueId: id } })).toBe(0);
    expect(await uploads.files()).toEqual([]);
    const audit = await testDb.prisma.auditLog.findFirst({ where: { entityId: id, action: "beta_issue.delete" } });
    expect(audit).toMatchObject({ actorId: admin.id, metadata: { attachments: ["a.png", "b.pdf"] } });

    const gone = await callRaw(download, { method: "GET", path: created.body.attachments[0].url, headers: admin.headers, params: { id, attachmentId: created.body.attachments[0].id } });
    expect(gone.status).toBe(404);
    expect((await call(deleteHandler, { method: "DELETE", path: `/api/beta-issues/${id}`, headers: admin.headers, params: { id } })).status).toBe(404);
  });

  it("a file missing from storage is a 404, not a 500", async () => {
    const reporter = await person(testDb.prisma);
    const created = await callRaw(createHandler, {
      path: "/api/beta-issues",
      headers: reporter.headers,
      body: form({ title: "[BETA] x", description: "d", issueType: "general" }, [{ name: "a.png", bytes: PNG_1PX }]),
    });
    await uploads.clear();
    const file = created.body.attachments[0];
    const res = await callRaw(download, { method: "GET", path: file.url, headers: reporter.headers, params: { id: created.body.id, attachmentId: file.id } });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("File not found");
  });
});
