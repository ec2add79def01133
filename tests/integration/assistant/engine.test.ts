/**
 * The assistant's engine with the AI SDK's mock language model (ai/test): scripted tool calls
 * show that every tool sees only what the caller may see, that a write tool only proposes (an
 * action card, no database change) until the user confirms, and that attachments' text is read.
 */
import { MockLanguageModelV3 } from "ai/test";
import JSZip from "jszip";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { runModel, runQuickAction } from "@/lib/services/assistant/engine";
import { extractText } from "@/lib/services/assistant/extract";
import type { Caller } from "@/lib/auth/resolve-caller";
import { decideAction } from "@/lib/services/assistant/decide-action";
import { addMembership, createPunchSession, createTask, createUnit, createUser } from "@/prisma/factories";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();
const client = { ip: "127.0.0.1", userAgent: "jest" };

const callerOf = (user: { id: string; role: Caller["role"]; firstName: string; lastName: string; email: string }): Caller => ({
  userId: user.id,
  role: user.role,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  sessionId: null,
  via: "cookie",
  mustChangePassword: false,
});

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } };
const toolCall = (toolName: string, input: unknown, id = "call-1") => ({
  content: [{ type: "tool-call" as const, toolCallId: id, toolName, input: JSON.stringify(input) }],
  finishReason: { unified: "tool-calls" as const, raw: "tool_calls" },
  usage,
  warnings: [],
});
const say = (text: string) => ({ content: [{ type: "text" as const, text }], finishReason: { unified: "stop" as const, raw: "stop" }, usage, warnings: [] });

/** Second step: the model repeats the tool results it was given, so the test can read them. */
const echoToolResults = async (options: { prompt: Array<{ role: string; content: unknown }> }) =>
  say(JSON.stringify(options.prompt.filter((m) => m.role === "tool").map((m) => m.content)));

const provider = (model: MockLanguageModelV3) => ({ model, timeoutMs: 10_000, vision: false });

describe("assistant engine (mock model)", () => {
  let staff: Caller, otherStaff: Caller, manager: Caller, unitId: string;

  beforeAll(async () => {
    const db = testDb.prisma;
    const [s, o, m] = await Promise.all([
      createUser(db, { role: "staff", firstName: "Sam", lastName: "Staff" }),
      createUser(db, { role: "staff", firstName: "Olive", lastName: "Other" }),
      createUser(db, { role: "manager", firstName: "Max", lastName: "Manager" }),
    ]);
    [staff, otherStaff, manager] = [callerOf(s), callerOf(o), callerOf(m)];
    const unit = await createUnit(db, { name: "Transport" });
    unitId = unit.id;
    for (const u of [s, o, m]) await addMembership(db, unit.id, u.id);
    await createTask(db, { title: "Bella cremation", createdById: s.id, organizationalUnitId: unit.id, assigneeId: s.id, checklist: ["Collect paw print", "Order urn"] });
    await createTask(db, { title: "Secret surprise party", createdById: o.id, organizationalUnitId: unit.id, isPrivate: true });
    await createPunchSession(db, { userId: o.id, punchInAt: new Date(Date.now() - 3_600_000), inLocation: "desktop" });
  });

  const ctx = (caller: Caller) => ({ caller, client, now: new Date() });

  it("findTasks: another member's private task stays private; one's own tasks are found", async () => {
    const model = new MockLanguageModelV3({ doGenerate: [toolCall("findTasks", { text: "secret" }), say("")] });
    model.doGenerate = jest.fn().mockResolvedValueOnce(toolCall("findTasks", {})).mockImplementationOnce(echoToolResults);
    const result = await runModel(ctx(staff), provider(model), "What tasks are there?", [], []);
    expect(result.text).toContain("Bella cremation");
    expect(result.text).not.toContain("Secret surprise party");

    const asOwner = new MockLanguageModelV3();
    asOwner.doGenerate = jest.fn().mockResolvedValueOnce(toolCall("findTasks", { text: "secret" })).mockImplementationOnce(echoToolResults);
    expect((await runModel(ctx(otherStaff), provider(asOwner), "secret?", [], [])).text).toContain("Secret surprise party");
  });

  it("taskDetails of someone else's private task: not found, nothing of it shown", async () => {
    const model = new MockLanguageModelV3();
    model.doGenerate = jest.fn().mockResolvedValueOnce(toolCall("taskDetails", { task: "Secret surprise" })).mockImplementationOnce(echoToolResults);
    const result = await runModel(ctx(staff), provider(model), "Tell me about the secret surprise", [], []);
    expect(result.text).toContain("Task not found");
    expect(result.text).not.toContain("party");
  });

  it("taskDetails answers what is left (the checklist)", async () => {
    const model = new MockLanguageModelV3();
    model.doGenerate = jest.fn().mockResolvedValueOnce(toolCall("taskDetails", { task: "Bella" })).mockImplementationOnce(echoToolResults);
    const result = await runModel(ctx(staff), provider(model), "What's left on the Bella cremation?", [], []);
    expect(result.text).toContain("Collect paw print");
    expect(result.text).toContain("checklistLeft");
  });

  it("who is on the clock: offered to managers, not to staff", async () => {
    const staffModel = new MockLanguageModelV3({ doGenerate: say("ok") });
    await runModel(ctx(staff), provider(staffModel), "who is punched in?", [], []);
    const staffTools = (staffModel.doGenerateCalls[0].tools ?? []).map((t) => t.name);
    expect(staffTools).not.toContain("whoIsOnTheClock");
    expect(staffTools).toContain("findTasks");
    // The system prompt states the time zone, the date and the role.
    const system = staffModel.doGenerateCalls[0].prompt.find((m) => m.role === "system");
    expect(JSON.stringify(system)).toMatch(/time zone is .+Today is .+/s);
    expect(JSON.stringify(system)).toContain("role is Staff");

    const managerModel = new MockLanguageModelV3();
    managerModel.doGenerate = jest.fn().mockResolvedValueOnce(toolCall("whoIsOnTheClock", {})).mockImplementationOnce(echoToolResults);
    const result = await runModel(ctx(manager), provider(managerModel), "who is punched in?", [], []);
    expect(result.text).toContain("Olive Other");
    await expect(runQuickAction(ctx(staff), "on-the-clock")).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("a write tool only proposes: an action card and no task until Confirm, which runs the create service once", async () => {
    const db = testDb.prisma;
    const before = await db.task.count();
    const model = new MockLanguageModelV3();
    model.doGenerate = jest
      .fn()
      .mockResolvedValueOnce(toolCall("createTask", { title: "Order flowers for Bella", department: "Transport", dueDate: "2030-05-04", priority: "high" }))
      .mockResolvedValueOnce(say("I've prepared the task; please confirm it."));
    const result = await runModel(ctx(staff), provider(model), "Create a task to order flowers for Bella", [], []);
    expect(result.text).toBe("I've prepared the task; please confirm it.");
    expect(result.actions).toHaveLength(1);
    const [card] = result.actions;
    expect(card).toMatchObject({ tool: "createTask", status: "proposed", draft: { title: "Order flowers for Bella", department: unitId, dueDate: "2030-05-04", priority: "high" } });
    expect(await db.task.count()).toBe(before);

    const decision = { actionId: card.id, tool: card.tool, draft: card.draft, decision: "confirm" as const, sessionId: null, messageId: null };
    const done = await decideAction(staff, decision, client);
    expect(done.action.status).toBe("done");
    expect(done.action.result).toMatch(/Created \[#\d+ Order flowers for Bella\]\(\/tasks\//);
    const created = await db.task.findFirstOrThrow({ where: { title: "Order flowers for Bella" } });
    expect(created).toMatchObject({ createdById: staff.userId, organizationalUnitId: unitId, priority: "high" });
    // The same audit row the task form writes.
    expect(await db.auditLog.count({ where: { entityType: "task", entityId: created.id, action: "task.create" } })).toBe(1);
    // A repeated Confirm (a retry) writes nothing twice: the card carries the create's uuid.
    await decideAction(staff, decision, client);
    expect(await db.task.count({ where: { title: "Order flowers for Bella" } })).toBe(1);
  });

  it("a confirmed write gets the services' own validation and errors", async () => {
    const card = (await runQuickAction(ctx(staff), "create-task")).actions[0];
    expect(card.status).toBe("proposed");
    await expect(decideAction(staff, { actionId: card.id, tool: "createTask", draft: { ...card.draft, title: "" }, decision: "confirm" }, client)).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("Title is required"),
    });
    const punch = await runModel(
      ctx(staff),
      provider(Object.assign(new MockLanguageModelV3(), { doGenerate: jest.fn().mockResolvedValueOnce(toolCall("punchOut", { reason: "Lunch" })).mockResolvedValueOnce(say("Confirm to punch out.")) })),
      "punch me out for lunch",
      [],
      [],
    );
    await expect(decideAction(staff, { actionId: punch.actions[0].id, tool: "punchOut", draft: punch.actions[0].draft, decision: "confirm" }, client)).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Not punched in",
    });
  });

  it("a proposal naming a task the caller cannot see is refused to the model, not carded", async () => {
    const model = new MockLanguageModelV3();
    model.doGenerate = jest.fn().mockResolvedValueOnce(toolCall("updateTask", { task: "Secret surprise", status: "completed" })).mockImplementationOnce(echoToolResults);
    const result = await runModel(ctx(staff), provider(model), "mark the secret surprise done", [], []);
    expect(result.actions).toHaveLength(0);
    expect(result.text).toContain("Task not found");
  });

  it("attachment text reaches the model inside attachment markers", async () => {
    const model = new MockLanguageModelV3({ doGenerate: say("Read it.") });
    await runModel(ctx(staff), provider(model), "create tasks from this", [], [{ name: "list.txt", contentType: "text/plain", text: "1. Call the family" }]);
    expect(JSON.stringify(model.doGenerateCalls[0].prompt)).toContain('<attachment name=\\"list.txt\\" type=\\"text/plain\\">\\n1. Call the family');
  });
});

describe("attachment text extraction", () => {
  it("reads txt", async () => {
    expect(await extractText(Buffer.from("Line one\r\nLine two\n"), "text/plain")).toBe("Line one\nLine two");
  });

  it("reads a PDF's text (unpdf)", async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage();
    page.drawText("Checklist: collect paw print", { x: 50, y: 700, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
    const text = await extractText(await pdf.save(), "application/pdf");
    expect(text).toContain("Checklist: collect paw print");
  });

  it("reads a docx's text (mammoth)", async () => {
    const zip = new JSZip();
    zip.file(
      "[Content_Types].xml",
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    );
    zip.file("_rels/.rels", `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`);
    zip.file("word/document.xml", `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Order the urn</w:t></w:r></w:p></w:body></w:document>`);
    const bytes = await zip.generateAsync({ type: "uint8array" });
    expect(await extractText(bytes, "application/vnd.openxmlformats-officedocument.wordprocessingml.document")).toBe("Order the urn");
  });

  it("gives null for images and unreadable files, and cuts long text", async () => {
    expect(await extractText(Buffer.from([0x89, 0x50]), "image/png")).toBeNull();
    expect(await extractText(Buffer.from("not a pdf"), "application/pdf")).toBeNull();
    const long = await extractText(Buffer.from("a".repeat(30_000)), "text/plain");
    expect(long!.length).toBeLessThan(20_100);
    expect(long).toMatch(/cut\)$/);
  });
});

describe("history budget", () => {
  it("keeps the newest turns within the budget, starting with a user turn", () => {
    const { trimHistory } = jest.requireActual("@/lib/services/assistant/engine") as typeof import("@/lib/services/assistant/engine");
    const turns = Array.from({ length: 10 }, (_, i) => ({ role: (i % 2 ? "assistant" : "user") as "user" | "assistant", content: `${i}`.padEnd(100, "x") }));
    const kept = trimHistory(turns, 350);
    expect(kept.map((t) => t.content[0])).toEqual(["8", "9"]);
    expect(trimHistory(turns, 10_000)).toHaveLength(10);
  });
});
