import { GET as getOne } from "@/app/api/beta-issues/[id]/route";
import { GET as download } from "@/app/api/beta-issues/[id]/attachments/[attachmentId]/route";
import { POST as createHandler } from "@/app/api/beta-issues/route";
import { BETA_MAX_FILE_BYTES } from "@/lib/beta-issues/options";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { callRaw, exeBytes, form, PDF_SMALL, PNG_1PX, pngOfSize, useUploadDir } from "@/tests/support/uploads";
import { person } from "../tasks/fixtures";

const testDb = useTestDatabase();
const uploads = useUploadDir();

const REQUIRED = "Please fill in the category, title, and description.";
const fields = (extra: Record<string, string> = {}) => ({
  title: "[BETA] Punch button spins forever",
  description: "Click Punch In on the dashboard.\nThe spinner never stops.",
  issueType: "bug",
  severity: "warning",
  ...extra,
});

const createJson = (headers: Record<string, string> | undefined, payload: unknown, extra: Record<string, string> = {}) =>
  call(createHandler, { method: "POST", path: "/api/beta-issues", headers: { ...headers, ...extra }, body: payload });
const createMultipart = (headers: Record<string, string> | undefined, data: FormData) =>
  callRaw(createHandler, { path: "/api/beta-issues", headers, body: data });

async function counts() {
  return {
    issues: await testDb.prisma.betaIssue.count(),
    attachments: await testDb.prisma.betaIssueAttachment.count(),
    files: (await uploads.files()).length,
  };
}
const NOTHING = { issues: 0, attachments: 0, files: 0 };

afterEach(async () => {
  await testDb.prisma.betaIssue.deleteMany();
  await uploads.clear();
});

describe("POST /api/beta-issues (JSON)", () => {
  it("401 for an anonymous caller, and nothing is stored", async () => {
    const res = await createJson(undefined, fields());
    expect(res.status).toBe(401);
    expect(await counts()).toEqual(NOTHING);
  });

  it("stores the issue with the [BETA] prefix, default severity, environment and first history entry", async () => {
    const me = await person(testDb.prisma);
    const res = await createJson(
      me.headers,
      {
        title: "[BETA] Dashboard is slow",
        description: "Takes 10 s to load <script>alert(1)</script>",
        issueType: "usability",
        environment: { pageUrl: "http://localhost:3000/?view=list", screen: "1920×1080", viewport: "1280×720", language: "en-US", timeZone: "America/Chicago", platform: "Linux x86_64", pixelRatio: 2, secret: "dropped" },
      },
      { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140" },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: "[BETA] Dashboard is slow",
      description: "Takes 10 s to load <script>alert(1)</script>",
      issueType: "usability",
      severity: "informational",
      status: "new",
      reporter: { id: me.id },
      attachments: [],
      attachmentCount: 0,
      environment: {
        pageUrl: "http://localhost:3000/?view=list",
        userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140",
        screen: "1920×1080",
        viewport: "1280×720",
        language: "en-US",
        timeZone: "America/Chicago",
        platform: "Linux x86_64",
        pixelRatio: 2,
      },
      history: [{ fromStatus: null, toStatus: "new", toSeverity: "informational", actor: { id: me.id } }],
    });
    expect(res.body.environment).not.toHaveProperty("secret");

    const read = await call(getOne, { path: `/api/beta-issues/${res.body.id}`, headers: me.headers, params: { id: res.body.id } });
    expect(read.status).toBe(200);
    expect(read.body.title).toBe("[BETA] Dashboard is slow");
    const audit = await testDb.prisma.auditLog.findFirst({ where: { entityType: "beta_issue", entityId: res.body.id } });
    expect(audit).toMatchObject({ action: "beta_issue.create", actorId: me.id });
  });

  it('adds the "[BETA] " prefix once, whether or not the client sent it', async () => {
    const me = await person(testDb.prisma);
    const bare = await createJson(me.headers, fields({ title: "  No prefix here " }));
    const twice = await createJson(me.headers, fields({ title: "[BETA] [BETA] Twice" }));
    expect(bare.body.title).toBe("[BETA] No prefix here");
    expect(twice.body.title).toBe("[BETA] Twice");
    const titles = (await testDb.prisma.betaIssue.findMany({ select: { title: true }, orderBy: { createdAt: "asc" } })).map((r) => r.title);
    expect(titles).toEqual(["[BETA] No prefix here", "[BETA] Twice"]);
  });

  it("400 with spec §5's message for each missing required field, naming the fields", async () => {
    const me = await person(testDb.prisma);
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ ...fields(), issueType: "" }, ["issueType"]],
      [{ ...fields(), issueType: undefined }, ["issueType"]],
      [{ ...fields(), title: "[BETA] " }, ["title"]],
      [{ ...fields(), title: "   " }, ["title"]],
      [{ ...fields(), description: " \n " }, ["description"]],
      [{}, ["issueType", "title", "description"]],
    ];
    for (const [payload, missing] of cases) {
      const res = await createJson(me.headers, payload);
      expect({ payload, status: res.status, message: res.body.message }).toEqual({ payload, status: 400, message: REQUIRED });
      expect(res.body.fieldErrors.map((e: { path: string }) => e.path)).toEqual(missing);
    }
    expect(await counts()).toEqual(NOTHING);
  });

  it("400 naming the field for bad values", async () => {
    const me = await person(testDb.prisma);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ issueType: "crash" }, /^issueType: must be bug, feature, usability or general$/],
      [{ severity: "urgent" }, /^severity: must be informational, warning or blocker$/],
      [{ title: `[BETA] ${"x".repeat(201)}` }, /Title must be at most 200 characters/],
      [{ description: "x".repeat(20_001) }, /Description must be at most 20000 characters/],
      [{ environment: { pixelRatio: -1 } }, /^environment.pixelRatio: /],
    ];
    for (const [extra, message] of cases) {
      const res = await createJson(me.headers, { ...fields(), ...extra });
      expect({ extra, status: res.status }).toEqual({ extra, status: 400 });
      expect(res.body.message).toMatch(message);
    }
    const malformed = await createJson(me.headers, "{not json");
    expect(malformed.status).toBe(400);
    expect(await counts()).toEqual(NOTHING);
  });
});

describe("POST /api/beta-issues (multipart)", () => {
  it("stores the fields and files; the type is the detected one and the bytes read back", async () => {
    const me = await person(testDb.prisma);
    const res = await createMultipart(
      me.headers,
      form({ ...fields(), environment: JSON.stringify({ pageUrl: "http://localhost:3000/tasks/1", screen: "390×844" }) }, [
        { name: "screenshot.png", bytes: PNG_1PX, type: "image/png" },
        // The browser's claim is ignored: the content decides.
        { name: "report.pdf", bytes: PDF_SMALL, type: "application/octet-stream" },
        { name: "console.log", bytes: Buffer.from("TypeError: x is undefined\n    at punch.tsx:42\n"), type: "" },
      ]),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: "[BETA] Punch button spins forever",
      severity: "warning",
      attachmentCount: 3,
      environment: { pageUrl: "http://localhost:3000/tasks/1", screen: "390×844" },
    });
    expect(res.body.attachments.map((a: { fileName: string; contentType: string; size: number; isImage: boolean }) => [a.fileName, a.contentType, a.size, a.isImage])).toEqual([
      ["screenshot.png", "image/png", PNG_1PX.length, true],
      ["report.pdf", "application/pdf", PDF_SMALL.length, false],
      ["console.log", "text/plain", 46, false],
    ]);
    expect(await counts()).toEqual({ issues: 1, attachments: 3, files: 3 });

    const png = res.body.attachments[0];
    const got = await callRaw(download, { method: "GET", path: png.url, headers: me.headers, params: { id: res.body.id, attachmentId: png.id } });
    expect(got.status).toBe(200);
    expect(got.bytes.equals(PNG_1PX)).toBe(true);
    const stored = await testDb.prisma.betaIssueAttachment.findMany({ select: { storageKey: true } });
    for (const { storageKey } of stored) expect(storageKey).toMatch(/^beta-issues\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
  });

  it("accepts a file of exactly 10MB", async () => {
    const me = await person(testDb.prisma);
    const res = await createMultipart(me.headers, form(fields(), [{ name: "exact.png", bytes: pngOfSize(BETA_MAX_FILE_BYTES) }]));
    expect(res.status).toBe(201);
    expect(res.body.attachments[0].size).toBe(10 * 1024 * 1024);
    expect(await counts()).toEqual({ issues: 1, attachments: 1, files: 1 });
  });

  it("refuses a file one byte over 10MB with a message naming it, and stores nothing", async () => {
    const me = await person(testDb.prisma);
    const res = await createMultipart(
      me.headers,
      form(fields(), [
        { name: "first.png", bytes: PNG_1PX },
        { name: "big.png", bytes: pngOfSize(BETA_MAX_FILE_BYTES + 1) },
      ]),
    );
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ message: "File big.png exceeds 10MB limit.", code: "PAYLOAD_TOO_LARGE", fileName: "big.png" });
    // first.png was already stored when big.png went over: it is deleted again.
    expect(await counts()).toEqual(NOTHING);
  });

  it("refuses by content: a .png that is really HTML, an SVG, an EXE renamed .pdf", async () => {
    const me = await person(testDb.prisma);
    const cases = [
      { name: "cute.png", bytes: Buffer.from("<!doctype html><html><body><script>fetch('/api/user')</script></body></html>"), type: "image/png" },
      { name: "logo.svg", bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), type: "image/svg+xml" },
      { name: "xml-logo.png", bytes: Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'), type: "image/png" },
      { name: "invoice.pdf", bytes: exeBytes(), type: "application/pdf" },
      { name: "page.txt", bytes: Buffer.from("<html><body>hi</body></html>"), type: "text/plain" },
    ];
    for (const file of cases) {
      const res = await createMultipart(me.headers, form(fields(), [{ name: "ok.png", bytes: PNG_1PX }, file]));
      expect({ name: file.name, status: res.status }).toEqual({ name: file.name, status: 415 });
      expect(res.body.message).toBe(`File ${file.name} is not supported. Please use images, videos, PDFs, or text files.`);
      expect(await counts()).toEqual(NOTHING);
    }
  });

  it("refuses an 11th file and an empty one", async () => {
    const me = await person(testDb.prisma);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `shot-${i}.png`, bytes: PNG_1PX }));
    const tooMany = await createMultipart(me.headers, form(fields(), eleven));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe("At most 10 files can be attached.");
    expect(await counts()).toEqual(NOTHING);

    const ten = await createMultipart(me.headers, form(fields(), eleven.slice(0, 10)));
    expect(ten.status).toBe(201);
    expect(ten.body.attachmentCount).toBe(10);
    expect(await counts()).toEqual({ issues: 1, attachments: 10, files: 10 });

    const empty = await createMultipart(me.headers, form(fields(), [{ name: "empty.png", bytes: Buffer.alloc(0) }]));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("File empty.png is empty.");
    expect(await counts()).toEqual({ issues: 1, attachments: 10, files: 10 });
  });

  it("validates the fields too, and deletes the files it had stored (no orphan files or rows)", async () => {
    const me = await person(testDb.prisma);
    const before = (await uploads.files()).length;
    const res = await createMultipart(me.headers, form({ ...fields(), description: "" }, [{ name: "a.png", bytes: PNG_1PX }, { name: "b.pdf", bytes: PDF_SMALL }]));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(REQUIRED);
    expect(await testDb.prisma.betaIssue.count()).toBe(0);
    expect(await testDb.prisma.betaIssueAttachment.count()).toBe(0);
    expect((await uploads.files()).length).toBe(before);
  });

  it("cleans up the stored files when the database commit fails", async () => {
    const me = await person(testDb.prisma);
    const before = (await uploads.files()).length;
    // A constraint the second attachment row breaks: the files are stored, then the commit fails.
    await testDb.prisma.$executeRaw`ALTER TABLE beta_issue_attachments ADD CONSTRAINT test_refuse_rows CHECK (file_name <> 'doomed.png')`;
    try {
      const res = await createMultipart(me.headers, form(fields(), [{ name: "fine.pdf", bytes: PDF_SMALL }, { name: "doomed.png", bytes: PNG_1PX }]));
      expect(res.status).toBe(500);
    } finally {
      await testDb.prisma.$executeRaw`ALTER TABLE beta_issue_attachments DROP CONSTRAINT test_refuse_rows`;
    }
    expect(await testDb.prisma.betaIssue.count()).toBe(0);
    expect(await testDb.prisma.betaIssueAttachment.count()).toBe(0);
    expect((await uploads.files()).length).toBe(before);
  });

  it("cuts a streamed 50MB upload off just past the limit instead of reading it all", async () => {
    const me = await person(testDb.prisma);
    const boundary = "----bfs-test-boundary";
    const head = Buffer.from(
      Object.entries(fields())
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join("") + `--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const TOTAL = 50 * 1024 * 1024;
    const CHUNK = 64 * 1024;
    let sent = 0;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) {
          controller.enqueue(new Uint8Array(head));
          controller.enqueue(new Uint8Array(pngOfSize(CHUNK)));
          sent = CHUNK;
          return;
        }
        if (sent >= TOTAL) {
          controller.enqueue(new Uint8Array(Buffer.from(`\r\n--${boundary}--\r\n`)));
          controller.close();
          return;
        }
        controller.enqueue(new Uint8Array(CHUNK).fill(0x41));
        sent += CHUNK;
      },
      cancel() {
        cancelled = true;
      },
    });
    const heapBefore = process.memoryUsage().heapUsed;
    const res = await callRaw(createHandler, {
      path: "/api/beta-issues",
      headers: { ...me.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("File huge.png exceeds 10MB limit.");
    expect(cancelled).toBe(true);
    // Reading stopped within a few chunks of the 10MB limit: 40MB were never pulled.
    expect(sent).toBeLessThan(BETA_MAX_FILE_BYTES + 16 * CHUNK);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(40 * 1024 * 1024);
    expect(await counts()).toEqual(NOTHING);
  });

  it("refuses a declared Content-Length beyond 10 files of 10MB before reading anything", async () => {
    const me = await person(testDb.prisma);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.close();
      },
    });
    const res = await callRaw(createHandler, {
      path: "/api/beta-issues",
      headers: { ...me.headers, "content-type": "multipart/form-data; boundary=x", "content-length": String(2 * 1024 * 1024 * 1024) },
      body,
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("An upload holds at most 10 files of 10MB each.");
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("400 for a malformed multipart body", async () => {
    const me = await person(testDb.prisma);
    const res = await callRaw(createHandler, {
      path: "/api/beta-issues",
      headers: { ...me.headers, "content-type": "multipart/form-data; boundary=abc" },
      body: new Blob(["--abc\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nunterminated"]).stream(),
    });
    expect(res.status).toBe(400);
    expect(await counts()).toEqual(NOTHING);
  });
});
