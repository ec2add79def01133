/** POST /api/test-hooks/assistant: admins only, loopback stubs only, 404 when test hooks are off (before the body is read). */
import { POST as hook } from "@/app/api/test-hooks/assistant/route";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { person } from "../tasks/fixtures";

const testDb = useTestDatabase();
const path = "/api/test-hooks/assistant";

afterEach(() => {
  delete process.env.ENABLE_TEST_HOOKS;
});

it("points the assistant at a loopback stub and back; refuses others", async () => {
  const admin = await person(testDb.prisma, "admin");
  const staff = await person(testDb.prisma, "staff");
  expect((await call(hook, { method: "POST", path, body: {} })).status).toBe(401);
  expect((await call(hook, { method: "POST", path, headers: staff.headers, body: {} })).status).toBe(403);
  const remote = await call(hook, { method: "POST", path, headers: admin.headers, body: { baseUrl: "https://api.example.com/v1" } });
  expect(remote.status).toBe(400);
  expect(remote.body.message).toContain("loopback");

  expect((await call(hook, { method: "POST", path, headers: admin.headers, body: {} })).body).toEqual({ mode: "structured" });
  try {
    expect((await call(hook, { method: "POST", path, headers: admin.headers, body: { baseUrl: "http://127.0.0.1:9/v1" } })).body).toEqual({ mode: "model" });
  } finally {
    expect((await call(hook, { method: "POST", path, headers: admin.headers, body: { baseUrl: null } })).body).toEqual({ mode: "structured" });
  }

  process.env.ENABLE_TEST_HOOKS = "false";
  expect((await call(hook, { method: "POST", path, headers: admin.headers, body: { baseUrl: "https://api.example.com/v1" } })).status).toBe(404);
});
