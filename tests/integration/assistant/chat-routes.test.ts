/**
 * The assistant's routes with no model configured (the default): structured mode, sessions and
 * their ownership, preferences (saveHistory=false stores nothing), confirm-to-write, the rate
 * limit, and upload refusals.
 */
import { POST as decideHandler } from "@/app/api/agent/chat/actions/route";
import { GET as downloadHandler } from "@/app/api/agent/chat/attachments/[id]/route";
import { GET as prefsGet, PUT as prefsPut } from "@/app/api/agent/chat/preferences/route";
import { POST as chatHandler } from "@/app/api/agent/chat/route";
import { DELETE as sessionDelete, GET as sessionGet, PATCH as sessionPatch } from "@/app/api/agent/chat/sessions/[id]/route";
import { GET as sessionsList } from "@/app/api/agent/chat/sessions/route";
import { GET as statusHandler } from "@/app/api/agent/chat/status/route";
import { POST as uploadHandler } from "@/app/api/agent/chat/upload/route";
import { STRUCTURED_MODE_REPLY_ADMIN, STRUCTURED_MODE_REPLY_MEMBER } from "@/lib/services/assistant/engine";
import { CHAT_RATE_LIMIT } from "@/lib/services/assistant/send-chat-message";
import { addMembership, createUnit } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { callRaw, exeBytes, form, PDF_SMALL, PNG_1PX, pngOfSize, useUploadDir } from "@/tests/support/uploads";
import { person } from "../tasks/fixtures";

const testDb = useTestDatabase();
const uploads = useUploadDir();

type Person = Awaited<ReturnType<typeof person>>;

const chat = (who: Person | null, body: unknown) => call(chatHandler, { method: "POST", path: "/api/agent/chat", headers: who?.headers, body });
const upload = (who: Person | null, name: string, bytes: Buffer) =>
  callRaw(uploadHandler, { path: "/api/agent/chat/upload", headers: who?.headers, body: form({}, [{ name, bytes, field: "file" }]) });

beforeAll(() => {
  for (const key of ["AI_PROVIDER", "AI_BASE_URL", "AI_MODEL", "AI_API_KEY", "OPENAI_API_KEY", "ANTHROPIC_API_KEY"]) delete process.env[key];
});

describe("assistant routes, structured mode", () => {
  let staff: Person, other: Person, manager: Person;

  beforeAll(async () => {
    [staff, other, manager] = await Promise.all([person(testDb.prisma, "staff"), person(testDb.prisma, "staff"), person(testDb.prisma, "manager")]);
    const unit = await createUnit(testDb.prisma, { name: "Front Office" });
    await addMembership(testDb.prisma, unit.id, staff.id);
  });

  it("401 signed out, everywhere", async () => {
    expect((await chat(null, { message: "hi" })).status).toBe(401);
    expect((await call(prefsGet, { path: "/api/agent/chat/preferences" })).status).toBe(401);
    expect((await upload(null, "a.txt", Buffer.from("hello"))).status).toBe(401);
    expect((await call(sessionsList, { path: "/api/agent/chat/sessions" })).status).toBe(401);
  });

  it("status: structured mode, with Who's on the clock for managers only", async () => {
    const mine = await call(statusHandler, { path: "/api/agent/chat/status", headers: staff.headers });
    expect(mine.body.mode).toBe("structured");
    expect(mine.body.quickActions.map((q: { label: string }) => q.label)).toEqual(["My tasks due today", "Hours this week", "Punch status", "Create a task…"]);
    const theirs = await call(statusHandler, { path: "/api/agent/chat/status", headers: manager.headers });
    expect(theirs.body.quickActions.map((q: { label: string }) => q.label)).toContain("Who's on the clock");
    expect((await chat(staff, { quickAction: "on-the-clock" })).status).toBe(403);
  });

  it("no model: a member is told to ask an administrator; an administrator gets the settings", async () => {
    const admin = await person(testDb.prisma, "admin");
    for (const member of [staff, manager]) {
      const reply = (await chat(member, { message: "what's overdue?" })).body.response as string;
      expect(reply).toBe(STRUCTURED_MODE_REPLY_MEMBER);
      expect(reply).toContain("Ask an administrator to turn it on.");
      expect(reply).not.toMatch(/docs\/|AI_|API_KEY/);
    }
    const answer = await chat(admin, { message: "what's overdue?" });
    expect(answer.status).toBe(200);
    expect(answer.body.response).toBe(STRUCTURED_MODE_REPLY_ADMIN);
    for (const setting of ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "AI_PROVIDER", "AI_MODEL"]) expect(answer.body.response).toContain(setting);
    expect(answer.body.response).not.toContain("docs/");
  });

  it("empty text without files cannot be sent; bad input is a 400, never a 500", async () => {
    expect(await chat(staff, { message: "   " })).toMatchObject({ status: 400, body: { message: expect.stringContaining("Type a message or attach a file") } });
    expect((await chat(staff, { message: 5 })).status).toBe(400);
    expect((await chat(staff, { message: "hi", sessionId: "nope" })).status).toBe(400);
    expect((await chat(staff, { message: "hi", attachments: ["00000000-0000-4000-8000-000000000000"] })).status).toBe(404);
  });

  it("free text gets the honest reply; the first reply's session id is reused and stored; another member's session is a 404", async () => {
    const first = await chat(staff, { message: "what's due today?" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ response: STRUCTURED_MODE_REPLY_MEMBER, saved: true, mode: "structured", actions: [] });
    const sessionId = first.body.sessionId as string;
    const second = await chat(staff, { message: "and tomorrow?", sessionId, conversationHistory: [{ role: "user", content: "what's due today?" }] });
    expect(second.body.sessionId).toBe(sessionId);
    const stored = await testDb.prisma.chatMessage.findMany({ where: { sessionId }, orderBy: { createdAt: "asc" } });
    expect(stored.map((m) => [m.role, m.content])).toEqual([
      ["user", "what's due today?"],
      ["assistant", STRUCTURED_MODE_REPLY_MEMBER],
      ["user", "and tomorrow?"],
      ["assistant", STRUCTURED_MODE_REPLY_MEMBER],
    ]);

    expect((await chat(other, { message: "hi", sessionId })).status).toBe(404);
    expect((await call(sessionGet, { path: `/api/agent/chat/sessions/${sessionId}`, headers: other.headers, params: { id: sessionId } })).status).toBe(404);
    expect((await call(sessionPatch, { method: "PATCH", path: `/api/agent/chat/sessions/${sessionId}`, headers: other.headers, params: { id: sessionId }, body: { title: "x" } })).status).toBe(404);
    expect((await call(sessionDelete, { method: "DELETE", path: `/api/agent/chat/sessions/${sessionId}`, headers: other.headers, params: { id: sessionId } })).status).toBe(404);

    const mine = await call(sessionGet, { path: `/api/agent/chat/sessions/${sessionId}`, headers: staff.headers, params: { id: sessionId } });
    expect(mine.body.title).toBe("what's due today?");
    expect(mine.body.messages).toHaveLength(4);
    expect(mine.body.messages[0]).toEqual(expect.objectContaining({ role: "user", content: "what's due today?", attachments: [], timestamp: expect.any(String) }));

    const renamed = await call(sessionPatch, { method: "PATCH", path: `/api/agent/chat/sessions/${sessionId}`, headers: staff.headers, params: { id: sessionId }, body: { title: "Due dates" } });
    expect(renamed.body.title).toBe("Due dates");
    const list = await call(sessionsList, { path: "/api/agent/chat/sessions", headers: staff.headers });
    expect(list.body.items.map((s: { id: string }) => s.id)).toContain(sessionId);
    expect((await call(sessionsList, { path: "/api/agent/chat/sessions", headers: other.headers })).body.items).toEqual([]);
    expect((await call(sessionDelete, { method: "DELETE", path: `/api/agent/chat/sessions/${sessionId}`, headers: staff.headers, params: { id: sessionId } })).status).toBe(200);
    expect(await testDb.prisma.chatMessage.count({ where: { sessionId } })).toBe(0);
  });

  it("Create a task…: a card, nothing written until Confirm; the stored card is done afterwards and a second Confirm writes nothing", async () => {
    const reply = await chat(staff, { quickAction: "create-task" });
    expect(reply.status).toBe(200);
    const [card] = reply.body.actions;
    expect(card).toMatchObject({ tool: "createTask", status: "proposed", draft: { title: "", priority: "normal" } });
    expect(card.draft.department).toBeTruthy(); // the member's own department by default
    const before = await testDb.prisma.task.count();
    const confirm = (draft: Record<string, string>) =>
      call(decideHandler, { method: "POST", path: "/api/agent/chat/actions", headers: staff.headers, body: { actionId: card.id, tool: card.tool, draft, decision: "confirm", sessionId: reply.body.sessionId, messageId: reply.body.messageId } });
    // The task form's own validation and message.
    expect(await confirm({ ...card.draft })).toMatchObject({ status: 400, body: { message: expect.stringContaining("Title is required") } });
    expect(await testDb.prisma.task.count()).toBe(before);

    const done = await confirm({ ...card.draft, title: "Call the Smith family" });
    expect(done.status).toBe(200);
    expect(done.body.action).toMatchObject({ status: "done", result: expect.stringContaining("Call the Smith family") });
    expect(await testDb.prisma.task.count({ where: { title: "Call the Smith family", createdById: staff.id } })).toBe(1);
    const stored = await testDb.prisma.chatMessage.findUniqueOrThrow({ where: { id: reply.body.messageId } });
    expect((stored.actions as Array<{ status: string }>)[0].status).toBe("done");
    expect((await confirm({ ...card.draft, title: "Call the Smith family" })).body.action.status).toBe("done");
    expect(await testDb.prisma.task.count({ where: { title: "Call the Smith family" } })).toBe(1);

    // Another member cannot confirm (or read) this card.
    const theirs = await call(decideHandler, { method: "POST", path: "/api/agent/chat/actions", headers: other.headers, body: { actionId: card.id, tool: card.tool, draft: card.draft, messageId: reply.body.messageId } });
    expect(theirs.status).toBe(404);
  });

  it("quick actions answer from live data", async () => {
    const due = await chat(staff, { quickAction: "tasks-due-today" });
    expect(due.body.response).toMatch(/due today/i);
    const hours = await chat(staff, { quickAction: "hours-this-week" });
    expect(hours.body.response).toMatch(/You have worked \*\*0h 00m\*\* this week/);
    const punch = await chat(staff, { quickAction: "punch-status" });
    expect(punch.body.response).toContain("punched out");
  });
});

describe("preferences", () => {
  it("defaults, PUT, validation; saveHistory=false stores nothing of the conversation", async () => {
    const me = await person(testDb.prisma, "staff");
    const get = () => call(prefsGet, { path: "/api/agent/chat/preferences", headers: me.headers });
    const put = (body: unknown) => call(prefsPut, { method: "PUT", path: "/api/agent/chat/preferences", headers: me.headers, body });
    expect((await get()).body).toEqual({ saveHistory: true, allowAnalytics: true, allowTraining: false });
    expect((await put({})).status).toBe(400);
    expect((await put({ saveHistory: "no" })).status).toBe(400);
    expect((await put({ other: true })).status).toBe(400);
    expect((await put({ saveHistory: false, allowAnalytics: false })).body).toEqual({ saveHistory: false, allowAnalytics: false, allowTraining: false });
    expect((await get()).body).toEqual({ saveHistory: false, allowAnalytics: false, allowTraining: false });

    const file = await upload(me, "notes.txt", Buffer.from("Remember the urn"));
    expect(file.status).toBe(201);
    const first = await chat(me, { message: "hello", attachments: [file.body.id] });
    expect(first.body).toMatchObject({ saved: false, messageId: null });
    const again = await chat(me, { message: "again", sessionId: first.body.sessionId });
    expect(again.body.sessionId).toBe(first.body.sessionId);
    expect(await testDb.prisma.chatSession.count({ where: { userId: me.id } })).toBe(0);
    expect(await testDb.prisma.chatMessage.count({ where: { session: { userId: me.id } } })).toBe(0);
    // The file used by an unsaved conversation does not outlive the request.
    expect(await testDb.prisma.chatAttachment.count({ where: { userId: me.id } })).toBe(0);
    // allowAnalytics=false: not even counts.
    expect(await testDb.prisma.chatUsageDay.count({ where: { userId: me.id } })).toBe(0);

    await put({ allowAnalytics: true });
    await chat(me, { message: "count me" });
    expect((await testDb.prisma.chatUsageDay.findFirstOrThrow({ where: { userId: me.id } })).messages).toBe(1);
  });
});

describe("rate limit", () => {
  it(`${CHAT_RATE_LIMIT} messages a minute a member, then 429 with a clear message; other members unaffected`, async () => {
    const [me, you] = await Promise.all([person(testDb.prisma, "staff"), person(testDb.prisma, "staff")]);
    for (let i = 0; i < CHAT_RATE_LIMIT; i++) expect((await chat(me, { message: `m${i}` })).status).toBe(200);
    const limited = await chat(me, { message: "one more" });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/rate limit/i);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await chat(you, { message: "hi" })).status).toBe(200);
  });
});

describe("uploads", () => {
  let me: Person, you: Person;
  beforeAll(async () => {
    [me, you] = await Promise.all([person(testDb.prisma, "staff"), person(testDb.prisma, "staff")]);
  });

  it("accepts images, PDF and txt typed by content; returns id and url; readable by the uploader only", async () => {
    const png = await upload(me, "photo.png", PNG_1PX);
    expect(png.status).toBe(201);
    expect(png.body).toEqual({ id: expect.any(String), name: "photo.png", size: PNG_1PX.length, type: "image/png", url: `/api/agent/chat/attachments/${png.body.id}` });
    const pdf = await upload(me, "checklist.pdf", PDF_SMALL);
    expect(pdf.body.type).toBe("application/pdf");
    const txt = await upload(me, "steps.txt", Buffer.from("1. open\n2. close\n"));
    expect(txt.body.type).toBe("text/plain");
    expect((await testDb.prisma.chatAttachment.findUniqueOrThrow({ where: { id: txt.body.id } })).extractedText).toBe("1. open\n2. close");

    const get = (who: Person, id: string) => callRaw(downloadHandler, { method: "GET", path: `/api/agent/chat/attachments/${id}`, headers: who.headers, params: { id } });
    const mine = await get(me, png.body.id);
    expect(mine.status).toBe(200);
    expect(mine.bytes.equals(PNG_1PX)).toBe(true);
    expect((await get(you, png.body.id)).status).toBe(404);
    // Someone else's file cannot be attached to a message either.
    expect((await chat(you, { message: "see this", attachments: [png.body.id] })).status).toBe(404);
  });

  it("refuses other types by content (an exe, HTML renamed .txt), files over 10MB, and empty or missing files", async () => {
    const before = (await uploads.files()).length;
    expect(await upload(me, "tool.exe", exeBytes())).toMatchObject({ status: 415, body: { message: expect.stringContaining("is not supported") } });
    expect((await upload(me, "page.txt", Buffer.from("<html><script>alert(1)</script></html>"))).status).toBe(415);
    expect((await upload(me, "fake.doc", exeBytes())).status).toBe(415);
    expect(await upload(me, "huge.png", pngOfSize(10 * 1024 * 1024 + 1))).toMatchObject({ status: 413, body: { message: "File huge.png exceeds 10MB limit." } });
    expect((await upload(me, "empty.txt", Buffer.alloc(0))).status).toBe(400);
    expect((await callRaw(uploadHandler, { path: "/api/agent/chat/upload", headers: me.headers, body: form({ note: "no file" }) })).status).toBe(400);
    // Nothing refused is left on the disk.
    expect((await uploads.files()).length).toBe(before);
  });
});
