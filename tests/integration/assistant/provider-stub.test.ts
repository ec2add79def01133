/**
 * The real provider path against a local OpenAI-compatible stub (tests/support/ai-stub.ts):
 * HTTP, a tool-call round trip answered from live data, the provider's 429 and 401, and a
 * provider that never answers in time. The key goes to the provider only: never to the
 * client or the logs.
 */
import { POST as chatHandler } from "@/app/api/agent/chat/route";
import { GET as statusHandler } from "@/app/api/agent/chat/status/route";
import { PROVIDER_KEY_REJECTED, PROVIDER_RATE_LIMITED, providerTimeout } from "@/lib/services/assistant/engine";
import { addMembership, createTask, createUnit } from "@/prisma/factories";
import { startAiStub, type AiStub } from "@/tests/support/ai-stub";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person } from "../tasks/fixtures";

const testDb = useTestDatabase();
const KEY = "sk-stub-secret-key-123";
let stub: AiStub;
const logged: string[] = [];

beforeAll(async () => {
  stub = await startAiStub({ slowMs: 5_000 });
  Object.assign(process.env, { AI_BASE_URL: stub.url, AI_MODEL: "stub-model", AI_API_KEY: KEY, AI_TIMEOUT_MS: "1500" });
  for (const method of ["log", "info", "warn", "error"] as const) {
    jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
    });
  }
});

afterAll(async () => {
  for (const key of ["AI_BASE_URL", "AI_MODEL", "AI_API_KEY", "AI_TIMEOUT_MS"]) delete process.env[key];
  jest.restoreAllMocks();
  await stub.close();
});

describe("assistant with an OpenAI-compatible provider (local stub)", () => {
  type Person = Awaited<ReturnType<typeof person>>;
  let staff: Person, other: Person;
  const chat = (who: Person, body: unknown) => call(chatHandler, { method: "POST", path: "/api/agent/chat", headers: who.headers, body });

  beforeAll(async () => {
    [staff, other] = await Promise.all([person(testDb.prisma, "staff"), person(testDb.prisma, "staff")]);
    const unit = await createUnit(testDb.prisma, { name: "Cremation" });
    await addMembership(testDb.prisma, unit.id, staff.id);
    await addMembership(testDb.prisma, unit.id, other.id);
    await createTask(testDb.prisma, { title: "Bella cremation", createdById: staff.id, organizationalUnitId: unit.id, assigneeId: staff.id });
    await createTask(testDb.prisma, { title: "Bella private note", createdById: other.id, organizationalUnitId: unit.id, isPrivate: true });
  });

  it("is in model mode", async () => {
    expect((await call(statusHandler, { path: "/api/agent/chat/status", headers: staff.headers })).body.mode).toBe("model");
  });

  it("a tool-call round trip over HTTP answers with a seeded task, as the caller sees it", async () => {
    const reply = await chat(staff, { message: "find Bella" });
    expect(reply.status).toBe(200);
    expect(reply.body.response).toMatch(/Here is what I found: #\d+ Bella cremation\./);
    expect(reply.body.response).not.toContain("private note");
    expect(reply.body.mode).toBe("model");
    // Two requests: the tool call, then the answer with the tool's result; the key in the header.
    const [first, second] = stub.requests.slice(-2);
    expect(first.body.tools?.map((t) => t.function.name)).toEqual(expect.arrayContaining(["findTasks", "createTask", "punchIn"]));
    expect(second.body.messages.some((m) => m.role === "tool")).toBe(true);
    expect(first.authorization).toBe(`Bearer ${KEY}`);
    const system = first.body.messages[0];
    expect(system.role).toBe("system");
    expect(String(system.content)).toContain("role is Staff");
  });

  it("the provider's 429 is a clear 'rate limit' reply (which the client maps to spec §8's high-demand message)", async () => {
    const reply = await chat(staff, { message: "hello [429]" });
    expect(reply.status).toBe(503);
    expect(reply.body.message).toBe(PROVIDER_RATE_LIMITED);
  });

  it("a rejected key says 'API key', never the key", async () => {
    const reply = await chat(staff, { message: "hello [401]" });
    expect(reply.status).toBe(503);
    expect(reply.body.message).toBe(PROVIDER_KEY_REJECTED);
  });

  it("a provider that hangs gives a clear reply after the timeout, never a hang", async () => {
    const started = Date.now();
    const reply = await chat(staff, { message: "hello [slow]" });
    expect(Date.now() - started).toBeLessThan(4_500);
    expect(reply.status).toBe(504);
    expect(reply.body.message).toBe(providerTimeout(1500));
  });

  it("the key never reached a response or a log line", async () => {
    const replies = await Promise.all([chat(staff, { message: "x [401]" }), chat(staff, { message: "x [429]" })]);
    for (const r of replies) expect(JSON.stringify(r.body)).not.toContain(KEY);
    expect(logged.join("\n")).not.toContain(KEY);
  });
});
