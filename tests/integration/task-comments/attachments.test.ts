import { GET as listHandler, POST as uploadHandler } from "@/app/api/tasks/[id]/attachments/route";
import { GET as download } from "@/app/api/tasks/[id]/attachments/[attachmentId]/route";
import { POST as addComment } from "@/app/api/tasks/[id]/comments/route";
import { createTask } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { callRaw, exeBytes, form, PDF_SMALL, PNG_1PX, pngOfSize, useUploadDir } from "@/tests/support/uploads";
import { person, unitWith } from "../tasks/fixtures";

const testDb = useTestDatabase();
const uploads = useUploadDir();

type Person = Awaited<ReturnType<typeof person>>;
type File = { name: string; bytes: Buffer; type?: string };

const upload = (who: Person | null, taskId: string, files: File[], fields: Record<string, string> = {}) =>
  callRaw(uploadHandler, { path: `/api/tasks/${taskId}/attachments`, headers: who?.headers, params: { id: taskId }, body: form(fields, files.map((f) => ({ ...f, field: "files" }))) });
const list = (who: Person | null, taskId: string) => call(listHandler, { path: `/api/tasks/${taskId}/attachments`, headers: who?.headers, params: { id: taskId } });
const fetchFile = (who: Person | null, taskId: string, attachmentId: string) =>
  callRaw(download, { method: "GET", path: `/api/tasks/${taskId}/attachments/${attachmentId}`, headers: who?.headers, params: { id: taskId, attachmentId } });

describe("files on tasks and comments", () => {
  let owner: Person, colleague: Person, admin: Person;
  let unitId: string;

  beforeAll(async () => {
    [owner, colleague, admin] = await Promise.all([person(testDb.prisma, "staff"), person(testDb.prisma, "staff"), person(testDb.prisma, "admin")]);
    unitId = (await unitWith(testDb.prisma, owner.id, colleague.id)).id;
  });

  const task = (extra: { isPrivate?: boolean } = {}) => createTask(testDb.prisma, { createdById: owner.id, organizationalUnitId: unitId, ...extra });

  it("an image, a PDF and a text file: stored, listed, fetched with the original name", async () => {
    const t = await task();
    expect((await upload(null, t.id, [{ name: "a.png", bytes: PNG_1PX }])).status).toBe(401);
    const res = await upload(colleague, t.id, [
      { name: "urn photo.png", bytes: PNG_1PX },
      { name: "invoice.pdf", bytes: PDF_SMALL },
      { name: "notes.txt", bytes: Buffer.from("Pickup at 3 pm\n") },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.items.map((a: { mimeType: string; isImage: boolean }) => [a.mimeType, a.isImage])).toEqual([
      ["image/png", true],
      ["application/pdf", false],
      ["text/plain", false],
    ]);
    const listed = await list(owner, t.id);
    expect(listed.status).toBe(200);
    expect(listed.body.items).toHaveLength(3);

    const png = await fetchFile(owner, t.id, res.body.items[0].id);
    expect(png.status).toBe(200);
    expect(png.bytes.equals(PNG_1PX)).toBe(true);
    expect(png.headers.get("content-disposition")).toContain("inline");
    expect(png.headers.get("content-disposition")).toContain("urn%20photo.png");
    const pdf = await fetchFile(owner, t.id, res.body.items[1].id);
    // A PDF opens in the task's viewer (inline, framable by this app only), still under its own name.
    expect(pdf.headers.get("content-disposition")).toMatch(/^inline; filename="invoice.pdf"/);
    expect(pdf.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });

  it("checks the content, not the name: an executable or HTML named .png is refused (415), nothing stored", async () => {
    const t = await task();
    const before = await uploads.files();
    const exe = await upload(owner, t.id, [{ name: "photo.png", bytes: exeBytes(), type: "image/png" }]);
    expect(exe.status).toBe(415);
    expect(exe.body.message).toBe("File photo.png is not supported. Please use images, PDFs, Office documents or text files.");
    const html = await upload(owner, t.id, [{ name: "notes.txt", bytes: Buffer.from("<html><script>alert(1)</script></html>") }]);
    expect(html.status).toBe(415);
    // A good file beside a bad one: the good one is not kept either.
    expect((await upload(owner, t.id, [{ name: "ok.png", bytes: PNG_1PX }, { name: "bad.exe", bytes: exeBytes() }])).status).toBe(415);
    expect(await uploads.files()).toEqual(before);
    expect(await testDb.prisma.taskAttachment.count({ where: { taskId: t.id } })).toBe(0);
  });

  it("10MB each: 10MB passes, one byte more is 413; an empty upload is 400", async () => {
    const t = await task();
    expect((await upload(owner, t.id, [{ name: "big.png", bytes: pngOfSize(10 * 1024 * 1024) }])).status).toBe(201);
    const over = await upload(owner, t.id, [{ name: "huge.png", bytes: pngOfSize(10 * 1024 * 1024 + 1) }]);
    expect(over.status).toBe(413);
    expect((await upload(owner, t.id, [])).status).toBe(400);
  });

  it("only those who can see the task list or fetch its files; a comment's files belong to its author", async () => {
    const secret = await task({ isPrivate: true });
    const up = await upload(owner, secret.id, [{ name: "private.png", bytes: PNG_1PX }]);
    expect(up.status).toBe(201);
    const fileId = up.body.items[0].id;
    expect((await upload(colleague, secret.id, [{ name: "x.png", bytes: PNG_1PX }])).status).toBe(404);
    expect((await list(colleague, secret.id)).status).toBe(404);
    expect((await fetchFile(colleague, secret.id, fileId)).status).toBe(404);
    expect((await fetchFile(admin, secret.id, fileId)).status).toBe(200);
    // The file's id under another task: 404.
    const open = await task();
    expect((await fetchFile(owner, open.id, fileId)).status).toBe(404);

    const comment = await call(addComment, { method: "POST", path: `/api/tasks/${open.id}/comments`, headers: owner.headers, params: { id: open.id }, body: { body: "<p>Photo attached</p>" } });
    const withComment = await upload(owner, open.id, [{ name: "c.png", bytes: PNG_1PX }], { commentId: comment.body.id });
    expect(withComment.status).toBe(201);
    expect(withComment.body.items[0].commentId).toBe(comment.body.id);
    expect((await upload(colleague, open.id, [{ name: "c.png", bytes: PNG_1PX }], { commentId: comment.body.id })).status).toBe(400);
  });
});
