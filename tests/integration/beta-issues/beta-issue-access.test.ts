import { randomUUID } from "node:crypto";
import { DELETE as deleteHandler, GET as getOne, PATCH as patchHandler } from "@/app/api/beta-issues/[id]/route";
import { GET as download } from "@/app/api/beta-issues/[id]/attachments/[attachmentId]/route";
import { POST as commentHandler } from "@/app/api/beta-issues/[id]/comments/route";
import { POST as convertHandler } from "@/app/api/beta-issues/[id]/convert/route";
import { GET as listHandler, POST as createHandler } from "@/app/api/beta-issues/route";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { callRaw, form, PDF_SMALL, PNG_1PX, useUploadDir } from "@/tests/support/uploads";
import { person } from "../tasks/fixtures";

const testDb = useTestDatabase();
useUploadDir();

type Person = Awaited<ReturnType<typeof person>>;

/** A reporter's issue with a PNG, a PDF and a text file. */
async function reportWithFiles(reporter: Person, title = "[BETA] Gantt labels overlap") {
  const res = await callRaw(createHandler, {
    path: "/api/beta-issues",
    headers: reporter.headers,
    body: form({ title, description: "They overlap at 375 px.", issueType: "bug" }, [
      { name: "shot.png", bytes: PNG_1PX },
      { name: "notes.pdf", bytes: PDF_SMALL },
      { name: "steps.txt", bytes: Buffer.from("1. open /gantt\n2. resize\n") },
    ]),
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; attachments: Array<{ id: string; url: string; fileName: string }> };
}

const read = (who: Person | null, id: string) => call(getOne, { path: `/api/beta-issues/${id}`, headers: who?.headers, params: { id } });
const list = (who: Person | null, query = "") => call(listHandler, { path: `/api/beta-issues${query}`, headers: who?.headers });
const fetchFile = (who: Person | null, issueId: string, attachmentId: string) =>
  callRaw(download, { method: "GET", path: `/api/beta-issues/${issueId}/attachments/${attachmentId}`, headers: who?.headers, params: { id: issueId, attachmentId } });

describe("who sees a beta issue: list, detail and files", () => {
  let reporter: Person, colleague: Person, manager: Person, admin: Person;
  let issue: Awaited<ReturnType<typeof reportWithFiles>>;
  let colleagueIssue: Awaited<ReturnType<typeof reportWithFiles>>;

  beforeAll(async () => {
    [reporter, colleague, manager, admin] = await Promise.all([
      person(testDb.prisma, "staff"),
      person(testDb.prisma, "staff"),
      person(testDb.prisma, "manager"),
      person(testDb.prisma, "admin"),
    ]);
    issue = await reportWithFiles(reporter);
    colleagueIssue = await reportWithFiles(colleague, "[BETA] Colleague's issue");
  });

  it("anonymous: 401 everywhere", async () => {
    expect((await list(null)).status).toBe(401);
    expect((await read(null, issue.id)).status).toBe(401);
    expect((await fetchFile(null, issue.id, issue.attachments[0].id)).status).toBe(401);
  });

  it("the list: the reporter and other staff see their own only, admins see everyone's with reporters", async () => {
    const mine = await list(reporter);
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((i: { id: string }) => i.id)).toEqual([issue.id]);
    expect(mine.body.items[0]).toMatchObject({ attachmentCount: 3, commentCount: 0, status: "new", reporter: { id: reporter.id } });
    expect((await list(colleague)).body.items.map((i: { id: string }) => i.id)).toEqual([colleagueIssue.id]);
    expect((await list(manager)).body).toMatchObject({ items: [], total: 0 });
    const all = await list(admin);
    expect(all.body.total).toBe(2);
    expect(new Set(all.body.items.map((i: { reporter: { id: string } }) => i.reporter.id))).toEqual(new Set([reporter.id, colleague.id]));
    // A non-admin cannot widen the list with reporterId.
    expect((await list(reporter, `?reporterId=${colleague.id}`)).body.items.map((i: { id: string }) => i.id)).toEqual([issue.id]);
    expect((await list(admin, `?reporterId=${colleague.id}`)).body.items.map((i: { id: string }) => i.id)).toEqual([colleagueIssue.id]);
  });

  it("the detail: the reporter and admins read it; another staff member or a manager gets 404", async () => {
    const own = await read(reporter, issue.id);
    expect(own.status).toBe(200);
    expect(own.body.permissions).toEqual({ canComment: true, canTriage: false, canConvert: false, canDelete: false });
    const asAdmin = await read(admin, issue.id);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.permissions).toEqual({ canComment: true, canTriage: true, canConvert: true, canDelete: true });
    for (const other of [colleague, manager]) {
      const res = await read(other, issue.id);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Beta issue not found");
    }
    expect((await read(reporter, randomUUID())).status).toBe(404);
    expect((await read(reporter, "not-a-uuid")).status).toBe(404);
  });

  it("the files: the reporter and admins download them with the checked type; others get 404", async () => {
    const [png, pdf, txt] = issue.attachments;
    for (const who of [reporter, admin]) {
      const image = await fetchFile(who, issue.id, png.id);
      expect(image.status).toBe(200);
      expect(image.bytes.equals(PNG_1PX)).toBe(true);
      expect(image.headers.get("content-type")).toBe("image/png");
      expect(image.headers.get("content-disposition")).toBe(`inline; filename="shot.png"; filename*=UTF-8''shot.png`);
      expect(image.headers.get("x-content-type-options")).toBe("nosniff");
      expect(image.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
      expect(image.headers.get("content-length")).toBe(String(PNG_1PX.length));
    }
    const doc = await fetchFile(reporter, issue.id, pdf.id);
    expect(doc.headers.get("content-type")).toBe("application/pdf");
    expect(doc.headers.get("content-disposition")).toMatch(/^attachment; filename="notes.pdf"/);
    const text = await fetchFile(reporter, issue.id, txt.id);
    expect(text.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(text.headers.get("content-disposition")).toMatch(/^attachment; /);
    expect(text.body).toBe("1. open /gantt\n2. resize\n");

    for (const other of [colleague, manager]) expect((await fetchFile(other, issue.id, png.id)).status).toBe(404);
    // An attachment id under another issue's id is not found either.
    expect((await fetchFile(colleague, colleagueIssue.id, png.id)).status).toBe(404);
    expect((await fetchFile(admin, colleagueIssue.id, png.id)).status).toBe(404);
  });

  it("writes: the reporter comments but cannot triage, convert or delete (403, whatever the id); strangers cannot comment (404)", async () => {
    const comment = (who: Person) => call(commentHandler, { method: "POST", path: `/api/beta-issues/${issue.id}/comments`, headers: who.headers, params: { id: issue.id }, body: { body: "Any news?" } });
    const patch = (who: Person) => call(patchHandler, { method: "PATCH", path: `/api/beta-issues/${issue.id}`, headers: who.headers, params: { id: issue.id }, body: { status: "closed" } });
    const convert = (who: Person) => call(convertHandler, { method: "POST", path: `/api/beta-issues/${issue.id}/convert`, headers: who.headers, params: { id: issue.id }, body: {} });
    const remove = (who: Person) => call(deleteHandler, { method: "DELETE", path: `/api/beta-issues/${issue.id}`, headers: who.headers, params: { id: issue.id } });

    expect((await comment(reporter)).status).toBe(201);
    expect((await patch(reporter)).status).toBe(403);
    expect((await convert(reporter)).status).toBe(403);
    expect((await remove(reporter)).status).toBe(403);
    for (const other of [colleague, manager]) {
      expect((await comment(other)).status).toBe(404);
      // Refused by the permission table before the issue is looked up: nothing leaks.
      expect((await patch(other)).status).toBe(403);
      expect((await convert(other)).status).toBe(403);
      expect((await remove(other)).status).toBe(403);
    }
    const after = await read(admin, issue.id);
    expect(after.body).toMatchObject({ status: "new", convertedTask: null, commentCount: 1 });
    expect(await testDb.prisma.task.count()).toBe(0);
  });
});

describe("filters, search and sort", () => {
  it("filters by status, type and severity, searches titles (and reporters for admins), sorts and pages", async () => {
    const me = await person(testDb.prisma, "staff", { firstName: "Quinn", lastName: "Zephyr" });
    const admin = await person(testDb.prisma, "admin");
    const make = async (title: string, issueType: string, severity: string) =>
      (await call(createHandler, { method: "POST", path: "/api/beta-issues", headers: me.headers, body: { title, description: "d", issueType, severity } })).body.id as string;
    const a = await make("[BETA] Login button misaligned", "usability", "informational");
    const b = await make("[BETA] Crash on save", "bug", "blocker");
    const c = await make("[BETA] Add dark mode", "feature", "warning");
    await testDb.prisma.betaIssue.update({ where: { id: b }, data: { status: "triaged" } });

    const ids = async (query: string, who: Person = me) => {
      const res = await list(who, query);
      expect(res.status).toBe(200);
      return res.body.items.map((i: { id: string }) => i.id);
    };
    expect(await ids("?status=triaged")).toEqual([b]);
    expect(await ids("?status=new&sort=createdAt&order=asc")).toEqual([a, c]);
    expect(await ids("?issueType=bug,feature&sort=title&order=asc")).toEqual([c, b]);
    expect(await ids("?severity=blocker&severity=warning&sort=severity")).toEqual([b, c]);
    expect(await ids("?q=crash")).toEqual([b]);
    expect(await ids("?q=button login")).toEqual([a]);
    expect(await ids("?q=zephyr")).toEqual([]);
    expect(await ids("?q=zephyr&sort=title", admin)).toEqual([c, b, a]);
    expect(await ids("?sort=severity")).toEqual([b, c, a]);
    const page = await list(me, "?pageSize=2&page=2&sort=createdAt&order=asc");
    expect(page.body).toMatchObject({ total: 3, page: 2, pageSize: 2, hasMore: false });
    expect(page.body.items.map((i: { id: string }) => i.id)).toEqual([c]);

    const bad = await list(me, "?status=open");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^status/);
    expect((await list(me, "?sort=reporter")).status).toBe(400);
    expect((await list(me, "?pageSize=500")).status).toBe(400);
  });
});
