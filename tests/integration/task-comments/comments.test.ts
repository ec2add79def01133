import { randomUUID } from "node:crypto";
import { GET as listHandler, POST as addHandler } from "@/app/api/tasks/[id]/comments/route";
import { DELETE as deleteHandler, PATCH as editHandler } from "@/app/api/tasks/[id]/comments/[commentId]/route";
import { GET as mentionableHandler } from "@/app/api/tasks/[id]/mentionable/route";
import { GET as myAlerts } from "@/app/api/alerts/route";
import { GET as adminAlerts } from "@/app/api/admin/alerts/route";
import { createApiKey, createTask } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person, unitWith } from "../tasks/fixtures";

const testDb = useTestDatabase();

type Person = Awaited<ReturnType<typeof person>>;
type Headers = Record<string, string> | undefined;

const list = (headers: Headers, taskId: string) => call(listHandler, { path: `/api/tasks/${taskId}/comments`, headers, params: { id: taskId } });
const add = (headers: Headers, taskId: string, body: unknown) =>
  call(addHandler, { method: "POST", path: `/api/tasks/${taskId}/comments`, headers, params: { id: taskId }, body });
const edit = (headers: Headers, taskId: string, commentId: string, body: unknown) =>
  call(editHandler, { method: "PATCH", path: `/api/tasks/${taskId}/comments/${commentId}`, headers, params: { id: taskId, commentId }, body });
const remove = (headers: Headers, taskId: string, commentId: string) =>
  call(deleteHandler, { method: "DELETE", path: `/api/tasks/${taskId}/comments/${commentId}`, headers, params: { id: taskId, commentId } });

describe("comments on a task", () => {
  let owner: Person, colleague: Person, admin: Person;
  let unitId: string;

  beforeAll(async () => {
    [owner, colleague, admin] = await Promise.all([person(testDb.prisma, "staff"), person(testDb.prisma, "staff"), person(testDb.prisma, "admin")]);
    unitId = (await unitWith(testDb.prisma, owner.id, colleague.id)).id;
  });

  const task = (extra: { isPrivate?: boolean } = {}) => createTask(testDb.prisma, { createdById: owner.id, organizationalUnitId: unitId, ...extra });

  it("anonymous 401; bad input 400 naming the field; a post is sanitized and read back", async () => {
    const t = await task();
    expect((await list(undefined, t.id)).status).toBe(401);
    expect((await add(undefined, t.id, { body: "<p>x</p>" })).status).toBe(401);

    const missing = await add(owner.headers, t.id, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/Comment is required/);
    // Markup with no text is no comment.
    expect((await add(owner.headers, t.id, { body: "<p><script>alert(1)</script></p>" })).status).toBe(400);
    expect((await add(owner.headers, t.id, { body: "x".repeat(20_001) })).status).toBe(400);

    const posted = await add(colleague.headers, t.id, { body: '<p>Ready <strong>now</strong><img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a></p>' });
    expect(posted.status).toBe(201);
    expect(posted.body.body).toBe("<p>Ready <strong>now</strong><a rel=\"noopener noreferrer nofollow\" target=\"_blank\">x</a></p>");
    expect(posted.body).toMatchObject({ author: { id: colleague.id }, editedAt: null, deletedAt: null, canEdit: true, canDelete: true });

    const read = await list(owner.headers, t.id);
    expect(read.status).toBe(200);
    expect(read.body.items.map((c: { id: string }) => c.id)).toEqual([posted.body.id]);
    // The task's owner is not the author: no edit, no delete.
    expect(read.body.items[0]).toMatchObject({ canEdit: false, canDelete: false });
  });

  it("a private task's comments are a 404 to another member, open to its creator and an admin", async () => {
    const secret = await task({ isPrivate: true });
    const mine = await add(owner.headers, secret.id, { body: "<p>Only me</p>" });
    expect(mine.status).toBe(201);
    expect((await list(colleague.headers, secret.id)).status).toBe(404);
    expect((await add(colleague.headers, secret.id, { body: "<p>peek</p>" })).status).toBe(404);
    expect((await remove(colleague.headers, secret.id, mine.body.id)).status).toBe(404);
    expect((await list(admin.headers, secret.id)).body.items).toHaveLength(1);
    expect((await add(admin.headers, secret.id, { body: "<p>Admin note</p>" })).status).toBe(201);
    // An unknown task, a malformed id, and a comment of another task: 404.
    expect((await list(owner.headers, randomUUID())).status).toBe(404);
    expect((await list(owner.headers, "nope")).status).toBe(404);
    const other = await task();
    expect((await edit(owner.headers, other.id, mine.body.id, { body: "<p>moved?</p>" })).status).toBe(404);
  });

  it("only the author edits, within 15 minutes, and the edit is marked", async () => {
    const t = await task();
    const c = await add(owner.headers, t.id, { body: "<p>First</p>" });
    expect((await edit(colleague.headers, t.id, c.body.id, { body: "<p>Hijack</p>" })).status).toBe(403);
    expect((await edit(admin.headers, t.id, c.body.id, { body: "<p>Admin edit</p>" })).status).toBe(403);
    expect((await edit(owner.headers, t.id, c.body.id, { body: "" })).status).toBe(400);

    const edited = await edit(owner.headers, t.id, c.body.id, { body: "<p>First, corrected</p>" });
    expect(edited.status).toBe(200);
    expect(edited.body.body).toBe("<p>First, corrected</p>");
    expect(edited.body.editedAt).not.toBeNull();
    expect((await list(colleague.headers, t.id)).body.items[0]).toMatchObject({ body: "<p>First, corrected</p>", editedAt: edited.body.editedAt });

    await testDb.prisma.taskComment.update({ where: { id: c.body.id }, data: { createdAt: new Date(Date.now() - 16 * 60_000) } });
    const late = await edit(owner.headers, t.id, c.body.id, { body: "<p>Too late</p>" });
    expect(late.status).toBe(409);
    expect((await list(owner.headers, t.id)).body.items[0]).toMatchObject({ body: "<p>First, corrected</p>", canEdit: false, canDelete: true });
  });

  it("the author or an admin deletes, leaving a 'comment deleted' line; a retry is harmless", async () => {
    const t = await task();
    const a = await add(owner.headers, t.id, { body: "<p>Mine</p>" });
    const b = await add(owner.headers, t.id, { body: "<p>Also mine</p>" });
    expect((await remove(colleague.headers, t.id, a.body.id)).status).toBe(403);

    const byAuthor = await remove(owner.headers, t.id, a.body.id);
    expect(byAuthor.status).toBe(200);
    expect(byAuthor.body).toMatchObject({ body: null, canEdit: false, canDelete: false });
    expect(byAuthor.body.deletedAt).not.toBeNull();
    expect((await remove(owner.headers, t.id, a.body.id)).status).toBe(200);
    expect((await edit(owner.headers, t.id, a.body.id, { body: "<p>back</p>" })).status).toBe(409);

    expect((await remove(admin.headers, t.id, b.body.id)).status).toBe(200);
    const items = (await list(colleague.headers, t.id)).body.items;
    expect(items.map((c: { body: string | null }) => c.body)).toEqual([null, null]);
    const stored = await testDb.prisma.taskComment.findUniqueOrThrow({ where: { id: a.body.id } });
    expect(stored.body).toBe("");
  });

  it("API keys: tasks:read lists, tasks:write posts, and the key sees what its member sees", async () => {
    const t = await task();
    const secret = await createTask(testDb.prisma, { createdById: admin.id, organizationalUnitId: unitId, isPrivate: true });
    const reader = await createApiKey(testDb.prisma, { createdById: admin.id, actingUserId: colleague.id, scopes: ["tasks:read"] });
    const writer = await createApiKey(testDb.prisma, { createdById: admin.id, actingUserId: colleague.id, scopes: ["tasks:read", "tasks:write"] });
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

    expect((await list(bearer(reader.token), t.id)).status).toBe(200);
    const refused = await add(bearer(reader.token), t.id, { body: "<p>via key</p>" });
    expect([refused.status, refused.body.missingScope]).toEqual([403, "tasks:write"]);
    const posted = await add(bearer(writer.token), t.id, { body: "<p>via key</p>" });
    expect(posted.status).toBe(201);
    expect(posted.body.author.id).toBe(colleague.id);
    expect((await list(bearer(writer.token), secret.id)).status).toBe(404);
  });
});

describe("@mentions", () => {
  let owner: Person, colleague: Person, admin: Person, outsider: Person;
  let unitId: string;

  beforeAll(async () => {
    [owner, colleague, admin, outsider] = await Promise.all([
      person(testDb.prisma, "staff", { firstName: "Olive", lastName: "Owner" }),
      person(testDb.prisma, "staff", { firstName: "Colin", lastName: "Colleague" }),
      person(testDb.prisma, "admin", { firstName: "Ada", lastName: "Admin" }),
      person(testDb.prisma, "staff", { firstName: "Otto", lastName: "Outsider" }),
    ]);
    unitId = (await unitWith(testDb.prisma, owner.id, colleague.id)).id;
  });

  const mentionable = (headers: Headers, taskId: string, q = "") =>
    call(mentionableHandler, { path: `/api/tasks/${taskId}/mentionable${q ? `?q=${q}` : ""}`, headers, params: { id: taskId } });
  const bellOf = async (userId: string) =>
    testDb.prisma.alertRecipient.findMany({ where: { userId, alert: { kind: "mention" } }, select: { alert: { select: { taskId: true, href: true, message: true, subjectId: true } } } });
  const mailsOf = (userId: string) => testDb.prisma.alertEmail.findMany({ where: { userId, alert: { kind: "mention" } } });

  it("the composer offers only members who can see the task", async () => {
    const open = await createTask(testDb.prisma, { createdById: owner.id, organizationalUnitId: unitId });
    const secret = await createTask(testDb.prisma, { createdById: owner.id, organizationalUnitId: unitId, isPrivate: true });
    const names = (res: { body: { items: Array<{ firstName: string }> } }) => res.body.items.map((p) => p.firstName);

    expect((await mentionable(undefined, open.id)).status).toBe(401);
    expect(names(await mentionable(owner.headers, open.id, "Colin"))).toEqual(["Colin"]);
    expect(names(await mentionable(owner.headers, open.id, "Otto"))).toEqual(["Otto"]);
    // A private task: its creator and admins, never another member.
    expect(names(await mentionable(owner.headers, secret.id, "Colin"))).toEqual([]);
    expect(names(await mentionable(owner.headers, secret.id, "Ada"))).toEqual(["Ada"]);
    expect(names(await mentionable(owner.headers, secret.id, "Olive"))).toEqual(["Olive"]);
    expect((await mentionable(colleague.headers, secret.id)).status).toBe(404);
  });

  it("a mention notifies the member in the bell and by e-mail, once; the author and those who can't see the task are not notified", async () => {
    const secret = await createTask(testDb.prisma, { createdById: owner.id, organizationalUnitId: unitId, isPrivate: true });
    const posted = await add(owner.headers, secret.id, { body: "<p>@Colin @Ada please check</p>", mentions: [colleague.id, admin.id, owner.id] });
    expect(posted.status).toBe(201);
    // The colleague can't see the private task: nothing, not even its existence.
    expect(await bellOf(colleague.id)).toEqual([]);
    expect(await mailsOf(colleague.id)).toEqual([]);
    expect(await bellOf(owner.id)).toEqual([]);
    const adminBell = await bellOf(admin.id);
    expect(adminBell).toEqual([{ alert: { taskId: secret.id, href: `/tasks/${secret.id}`, message: "Olive Owner mentioned you in a comment", subjectId: posted.body.id } }]);
    const mails = await mailsOf(admin.id);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain("Olive Owner mentioned you");
    // The comment names whom its mentions reached (the feed highlights them): the admin, not the author nor the colleague.
    expect(posted.body.mentioned).toEqual([{ id: admin.id, firstName: "Ada", lastName: expect.any(String) }]);
    expect((await list(owner.headers, secret.id)).body.items[0].mentioned).toEqual([expect.objectContaining({ id: admin.id })]);

    // An edit that mentions the admin again notifies nobody twice; a new mention is notified.
    const open = await createTask(testDb.prisma, { createdById: owner.id, organizationalUnitId: unitId });
    const c = await add(owner.headers, open.id, { body: "<p>@Ada</p>", mentions: [admin.id] });
    const again = await edit(owner.headers, open.id, c.body.id, { body: "<p>@Ada @Colin</p>", mentions: [admin.id, colleague.id] });
    expect(again.status).toBe(200);
    expect(again.body.mentioned.map((m: { id: string }) => m.id).sort()).toEqual([admin.id, colleague.id].sort());
    expect(await bellOf(admin.id)).toHaveLength(2);
    expect(await mailsOf(admin.id)).toHaveLength(2);
    expect(await bellOf(colleague.id)).toHaveLength(1);
    // The bell lists it with the task's title; the admins' alert list does not.
    const bell = await call(myAlerts, { path: "/api/alerts", headers: colleague.headers });
    expect(bell.status).toBe(200);
    expect(bell.body.items).toEqual([expect.objectContaining({ kind: "mention", title: `#${open.displayNumber} ${open.title}`, message: "Olive Owner mentioned you in a comment", href: `/tasks/${open.id}` })]);
    const adminList = await call(adminAlerts, { path: "/api/admin/alerts", headers: admin.headers });
    expect(adminList.status).toBe(200);
    expect(adminList.body.items.filter((a: { kind: string }) => a.kind === "mention")).toEqual([]);
    // An inactive member is not offered and not notified.
    await testDb.prisma.user.update({ where: { id: outsider.id }, data: { isActive: false } });
    await add(owner.headers, open.id, { body: "<p>@Otto</p>", mentions: [outsider.id] });
    expect(await bellOf(outsider.id)).toEqual([]);
    expect((await add(owner.headers, open.id, { body: "<p>x</p>", mentions: ["not-a-uuid"] })).status).toBe(400);
  });
});
