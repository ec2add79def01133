/**
 * API keys: created and shown once, bearer auth through route() with scopes on top of
 * the acting member's permissions, refusals (revoked, expired, deactivated member, tampered),
 * the rate limit, usage and last-used bookkeeping, rotation, audit, cookie-only routes.
 */
jest.mock("node:crypto", () => {
  const actual = jest.requireActual<typeof import("node:crypto")>("node:crypto");
  return { ...actual, timingSafeEqual: jest.fn(actual.timingSafeEqual) };
});

import { timingSafeEqual } from "node:crypto";
import { GET as listKeys, POST as createKeyRoute } from "@/app/api/admin/api-keys/route";
import { DELETE as revokeKeyRoute, PATCH as patchKeyRoute } from "@/app/api/admin/api-keys/[id]/route";
import { POST as rotateKeyRoute } from "@/app/api/admin/api-keys/[id]/rotate/route";
import { GET as deletedTasks } from "@/app/api/admin/deleted-tasks/route";
import { POST as changePassword } from "@/app/api/auth/change-password/route";
import { POST as punchIn } from "@/app/api/auth/punch/in/route";
import { GET as punchStatus } from "@/app/api/auth/punch/status/route";
import { GET as sessions } from "@/app/api/auth/sessions/route";
import { GET as stats } from "@/app/api/dashboard/stats/route";
import { POST as login } from "@/app/api/login/route";
import { GET as units, POST as createUnitRoute } from "@/app/api/organizational-units/route";
import { GET as projects, POST as createProjectRoute } from "@/app/api/projects/route";
import { GET as getTask } from "@/app/api/tasks/[id]/route";
import { GET as listTasks, POST as createTaskRoute } from "@/app/api/tasks/route";
import { GET as getUser, PATCH as patchUser } from "@/app/api/user/route";
import { API_KEY_MESSAGES } from "@/lib/api-keys/resolve-api-key";
import { API_SCOPES, scopeForRoute } from "@/lib/api-keys/scopes";
import { hashSecret } from "@/lib/api-keys/token";
import { setAuthClock } from "@/lib/auth/clock";
import { API_KEY_CLOSED_MESSAGE } from "@/lib/http/route";
import { createApiKey, createTask, DEFAULT_TEST_PASSWORD } from "@/prisma/factories";
import { call, type Handler } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { body as taskBody, person, unitWith } from "../tasks/fixtures";

const testDb = useTestDatabase();
afterEach(() => setAuthClock(null));

const bearer = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- route handlers of any params
const as = (token: string, handler: Handler<any>, opts: { method?: "GET" | "POST" | "PATCH" | "DELETE"; path: string; body?: unknown; params?: Record<string, string> }) =>
  call(handler, { ...opts, headers: bearer(token) });

async function setup(scopes: string[] = [...API_SCOPES], role: "staff" | "admin" = "staff") {
  const admin = await person(testDb.prisma, "admin");
  const member = role === "admin" ? admin : await person(testDb.prisma, role);
  const unit = await unitWith(testDb.prisma, member.id);
  const { key, token } = await createApiKey(testDb.prisma, { createdById: admin.id, actingUserId: member.id, scopes });
  return { admin, member, unit, key, token };
}

describe("creating a key", () => {
  it("shows the secret once, stores only its hash, and never lists it again", async () => {
    const admin = await person(testDb.prisma, "admin");
    const integration = await person(testDb.prisma, "staff");
    const res = await call(createKeyRoute, {
      method: "POST",
      path: "/api/admin/api-keys",
      headers: admin.headers,
      body: { name: "Website form", scopes: ["tasks:write", "tasks:read", "tasks:write"], actingUserId: integration.id },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const secret: string = res.body.secret;
    expect(secret).toMatch(new RegExp(`^bfs_${res.body.key.prefix}_[A-Za-z0-9_-]{43}$`));
    expect(res.body.key.scopes).toEqual(["tasks:read", "tasks:write"]);
    expect(res.body.key.actingMember.id).toBe(integration.id);

    const row = await testDb.prisma.apiKey.findUniqueOrThrow({ where: { id: res.body.key.id } });
    expect(row.keyHash).toBe(hashSecret(secret.split("_").slice(2).join("_")));
    expect(JSON.stringify(row)).not.toContain(secret.slice(-43));

    const list = await call(listKeys, { path: "/api/admin/api-keys", headers: admin.headers });
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(-43));
    expect(list.body.items[0]).not.toHaveProperty("secret");
    expect(list.body.items[0].status).toBe("active");
    expect(list.body.items[0].usage).toHaveLength(7);
  });

  it("defaults the acting member to the newest key's, never to the creating admin; 400 when there is none", async () => {
    await testDb.prisma.apiKey.deleteMany();
    const admin = await person(testDb.prisma, "admin");
    const first = await call(createKeyRoute, { method: "POST", path: "/api/admin/api-keys", headers: admin.headers, body: { name: "A", scopes: ["tasks:read"] } });
    expect(first.status).toBe(400);
    expect(first.body.message).toMatch(/acting member/);
    const integration = await person(testDb.prisma, "staff");
    await call(createKeyRoute, { method: "POST", path: "/api/admin/api-keys", headers: admin.headers, body: { name: "B", scopes: ["tasks:read"], actingUserId: integration.id } });
    const third = await call(createKeyRoute, { method: "POST", path: "/api/admin/api-keys", headers: admin.headers, body: { name: "C", scopes: ["tasks:read"] } });
    expect(third.status).toBe(201);
    expect(third.body.key.actingMember.id).toBe(integration.id);
  });

  it("400 for no scope, an unknown scope, a past expiry", async () => {
    const admin = await person(testDb.prisma, "admin");
    const post = (b: Record<string, unknown>) => call(createKeyRoute, { method: "POST", path: "/api/admin/api-keys", headers: admin.headers, body: { name: "K", actingUserId: admin.id, ...b } });
    expect((await post({ scopes: [] })).body.message).toMatch(/Choose at least one scope/);
    expect((await post({ scopes: ["admin:write"] })).status).toBe(400);
    expect((await post({ scopes: ["tasks:read"], expiresAt: "2020-01-01" })).body.message).toBe("The expiry must be in the future");
  });
});

describe("bearer auth with scopes", () => {
  it("allows each scope's routes and refuses them without it, naming the missing scope", async () => {
    const { member, unit } = await setup([]);
    const dueDate = new Date(Date.now() + 86_400_000).toISOString();
    const cases: Array<{ scope: string; handler: Handler<Record<string, string>>; method?: "GET" | "POST"; path: string; body?: unknown; ok: number }> = [
      { scope: "tasks:read", handler: listTasks, path: "/api/tasks", ok: 200 },
      { scope: "tasks:write", handler: createTaskRoute, method: "POST", path: "/api/tasks", body: { title: "From the website", department: unit.id, dueDate }, ok: 201 },
      { scope: "projects:read", handler: projects, path: "/api/projects", ok: 200 },
      { scope: "projects:write", handler: createProjectRoute, method: "POST", path: "/api/projects", body: { name: "Booked pickups" }, ok: 201 },
      { scope: "punch:read", handler: punchStatus, path: "/api/auth/punch/status", ok: 200 },
      { scope: "punch:write", handler: punchIn, method: "POST", path: "/api/auth/punch/in", body: { location: "desktop" }, ok: 201 },
      { scope: "organization:read", handler: units, path: "/api/organizational-units", ok: 200 },
      { scope: "reports:read", handler: stats, path: "/api/dashboard/stats", ok: 200 },
    ];
    for (const c of cases) {
      const { token: without } = await createApiKey(testDb.prisma, { createdById: member.id, actingUserId: member.id, scopes: API_SCOPES.filter((s) => s !== c.scope) });
      const refused = await as(without, c.handler, c);
      expect([c.scope, refused.status, refused.body.message, refused.body.missingScope]).toEqual([c.scope, 403, `This API key lacks the "${c.scope}" scope.`, c.scope]);
      const { token: withIt } = await createApiKey(testDb.prisma, { createdById: member.id, actingUserId: member.id, scopes: [c.scope] });
      const allowed = await as(withIt, c.handler, c);
      expect([c.scope, allowed.status]).toEqual([c.scope, c.ok]);
    }
  });

  it("derives time scopes for the time routes to come, and closes organization writes", () => {
    expect(scopeForRoute({ permission: "time.edit" }, "GET")).toBe("time:read");
    expect(scopeForRoute({ permission: "time.edit" }, "PATCH")).toBe("time:write");
    expect(scopeForRoute({ permission: "units.write" }, "POST")).toBeNull();
    expect(scopeForRoute({ permission: "alerts.manage" }, "GET")).toBeNull();
    expect(scopeForRoute({ permission: "tasks.read", apiKeyScope: null }, "GET")).toBeNull();
  });

  it("keeps the acting member's rules: a staff member's key gets 403 on an admin route and cannot write organization", async () => {
    const { token, admin } = await setup();
    expect((await as(token, deletedTasks, { path: "/api/admin/deleted-tasks" })).status).toBe(403);
    const write = await as(token, createUnitRoute, { method: "POST", path: "/api/organizational-units", body: { name: "X" } });
    expect([write.status, write.body.message]).toEqual([403, API_KEY_CLOSED_MESSAGE]);
    void admin;
  });

  it("cannot read a private task its acting member cannot see", async () => {
    const { token, unit, admin, member } = await setup(["tasks:read"]);
    const other = await person(testDb.prisma, "staff");
    const hidden = await createTask(testDb.prisma, { createdById: other.id, organizationalUnitId: unit.id, isPrivate: true, title: "Secret plan" });
    const own = await createTask(testDb.prisma, { createdById: member.id, organizationalUnitId: unit.id, isPrivate: true, title: "Mine" });
    expect((await as(token, getTask, { path: `/api/tasks/${hidden.id}`, params: { id: hidden.id } })).status).toBe(404);
    expect((await as(token, getTask, { path: `/api/tasks/${own.id}`, params: { id: own.id } })).status).toBe(200);
    const list = await as(token, listTasks, { path: "/api/tasks" });
    const ids = list.body.items.map((t: { id: string }) => t.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(hidden.id);
    void admin;
  });

  it("skips the same-origin check (no cookies), so a server-to-server call from anywhere works", async () => {
    const { token, unit } = await setup(["tasks:write"]);
    const res = await call(createTaskRoute, {
      method: "POST",
      path: "/api/tasks",
      headers: bearer(token, { origin: "https://intake.example.org" }),
      body: taskBody(unit.id),
    });
    expect(res.status).toBe(201);
  });

  it("never opens a cookie-only route (sessions, password change, profile edits), whatever its scopes", async () => {
    const { token } = await setup();
    for (const [handler, method, path, b] of [
      [sessions, "GET", "/api/auth/sessions", undefined],
      [changePassword, "POST", "/api/auth/change-password", { currentPassword: DEFAULT_TEST_PASSWORD, newPassword: "a-new-password-1" }],
      [patchUser, "PATCH", "/api/user", { firstName: "Renamed" }],
    ] as const) {
      const res = await as(token, handler as Handler<Record<string, string>>, { method, path, body: b });
      expect([path, res.status, res.body.message]).toEqual([path, 403, API_KEY_CLOSED_MESSAGE]);
    }
    // Sign-in is public: a key there is ignored, so it signs nobody in as the key's member.
    const res = await call(login, { method: "POST", path: "/api/login", headers: bearer(token), body: { email: "nobody@example.test", password: "x" } });
    expect(res.status).toBe(401);
  });
});

describe("whom a key acts as: GET /api/user", () => {
  it("any valid key, even one with no scope, reads its acting member; nothing else opens", async () => {
    const { token, member, key } = await setup([]);
    const me = await as(token, getUser, { path: "/api/user" });
    expect(me.status).toBe(200);
    const acting = await testDb.prisma.user.findUniqueOrThrow({ where: { id: member.id } });
    expect(me.body).toMatchObject({ id: acting.id, email: acting.email, firstName: acting.firstName, lastName: acting.lastName, role: "staff" });
    expect(me.body).not.toHaveProperty("passwordHash");
    // Recorded as the key's last use, like any key request.
    expect((await testDb.prisma.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt).not.toBeNull();
    // No scope: the same key still cannot read tasks or edit the profile.
    const tasks = await as(token, listTasks, { path: "/api/tasks" });
    expect([tasks.status, tasks.body.missingScope]).toEqual([403, "tasks:read"]);
    const rename = await as(token, patchUser, { method: "PATCH", path: "/api/user", body: { firstName: "Renamed" } });
    expect([rename.status, rename.body.message]).toEqual([403, API_KEY_CLOSED_MESSAGE]);
    expect((await testDb.prisma.user.findUniqueOrThrow({ where: { id: member.id } })).firstName).toBe(acting.firstName);
  });

  it("a refused key (revoked, or not a key at all) is still a 401", async () => {
    const { token, key, admin } = await setup([]);
    await call(revokeKeyRoute, { method: "DELETE", path: `/api/admin/api-keys/${key.id}`, headers: admin.headers, params: { id: key.id } });
    const res = await as(token, getUser, { path: "/api/user" });
    expect([res.status, res.body.message]).toEqual([401, API_KEY_MESSAGES.revoked]);
    expect((await call(getUser, { path: "/api/user" })).status).toBe(401);
  });

  it("derives no scope for account.identity, and keeps account.self closed", () => {
    expect(scopeForRoute({ permission: "account.identity" }, "GET")).toBe("none");
    expect(scopeForRoute({ permission: "account.self" }, "GET")).toBeNull();
  });
});

describe("refused keys", () => {
  it("refuses a revoked key from the next request on", async () => {
    const { token, key, admin } = await setup(["tasks:read"]);
    expect((await as(token, listTasks, { path: "/api/tasks" })).status).toBe(200);
    const revoked = await call(revokeKeyRoute, { method: "DELETE", path: `/api/admin/api-keys/${key.id}`, headers: admin.headers, params: { id: key.id } });
    expect(revoked.body.status).toBe("revoked");
    const res = await as(token, listTasks, { path: "/api/tasks" });
    expect([res.status, res.body.message]).toEqual([401, API_KEY_MESSAGES.revoked]);
  });

  it("refuses an expired key with a clear message", async () => {
    const { token, key } = await setup(["tasks:read"]);
    await testDb.prisma.apiKey.update({ where: { id: key.id }, data: { expiresAt: new Date(Date.now() + 60_000) } });
    expect((await as(token, listTasks, { path: "/api/tasks" })).status).toBe(200);
    setAuthClock(() => new Date(Date.now() + 120_000));
    const res = await as(token, listTasks, { path: "/api/tasks" });
    expect([res.status, res.body.message]).toEqual([401, "This API key has expired."]);
  });

  it("disables the key when its acting member is deactivated", async () => {
    const { token, member } = await setup(["tasks:read"]);
    await testDb.prisma.user.update({ where: { id: member.id }, data: { isActive: false } });
    const res = await as(token, listTasks, { path: "/api/tasks" });
    expect([res.status, res.body.message]).toEqual([401, API_KEY_MESSAGES.inactiveMember]);
  });

  it("refuses tampered, truncated and unknown keys alike, comparing hashes in constant time", async () => {
    const { token } = await setup(["tasks:read"]);
    const last = token.at(-1) === "A" ? "B" : "A";
    const tampered = [token.slice(0, -1) + last, token.slice(0, -1), `bfs_0000000000_${token.slice(-43)}`, token.replace("bfs_", "bfx_"), `${token}x`];
    (timingSafeEqual as jest.Mock).mockClear();
    for (const t of tampered) {
      const res = await as(t, listTasks, { path: "/api/tasks" });
      expect([t, res.status, res.body.message]).toEqual([t, 401, t.startsWith("bfs_") ? API_KEY_MESSAGES.invalid : "Unauthorized"]);
    }
    // The flipped character reached the hash compare, which ran on two 32-byte digests.
    const calls = (timingSafeEqual as jest.Mock).mock.calls as Array<[Buffer, Buffer]>;
    expect(calls.length).toBeGreaterThan(0);
    for (const [a, b] of calls) expect([a.length, b.length]).toEqual([32, 32]);
  });
});

describe("bookkeeping", () => {
  it("rate-limits per key with 429 and Retry-After, and counts the day's usage", async () => {
    const { token, key } = await setup(["tasks:read"]);
    await testDb.prisma.apiKey.update({ where: { id: key.id }, data: { rateLimitPerMinute: 3 } });
    // Mid-minute, so the window does not roll over during the test.
    const base = Math.floor(Date.now() / 60_000) * 60_000 + 10_000;
    setAuthClock(() => new Date(base));
    for (let i = 0; i < 3; i++) expect((await as(token, listTasks, { path: "/api/tasks" })).status).toBe(200);
    const limited = await as(token, listTasks, { path: "/api/tasks" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("50");
    expect(limited.body.code).toBe("RATE_LIMITED");
    const usage = await testDb.prisma.apiKeyUsageDay.findMany({ where: { apiKeyId: key.id } });
    expect(usage.map((u) => u.requestCount)).toEqual([3]);
    // The next minute has a fresh window.
    setAuthClock(() => new Date(base + 60_000));
    expect((await as(token, listTasks, { path: "/api/tasks" })).status).toBe(200);
  });

  it("writes the last-used time and address at most once a minute", async () => {
    const { token, key } = await setup(["tasks:read"]);
    const t0 = Date.now();
    setAuthClock(() => new Date(t0));
    await call(listTasks, { path: "/api/tasks", headers: bearer(token, { "x-bfs-peer-address": "203.0.113.7" }) });
    const first = await testDb.prisma.apiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(first.lastUsedAt?.getTime()).toBe(t0);
    setAuthClock(() => new Date(t0 + 30_000));
    await as(token, listTasks, { path: "/api/tasks" });
    expect((await testDb.prisma.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt?.getTime()).toBe(t0);
    setAuthClock(() => new Date(t0 + 90_000));
    await as(token, listTasks, { path: "/api/tasks" });
    expect((await testDb.prisma.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt?.getTime()).toBe(t0 + 90_000);
  });

  it("rotates: the new secret works, the old one only during the grace period", async () => {
    const { token, key, admin } = await setup(["tasks:read"]);
    const rotate = (graceMinutes: number) =>
      call(rotateKeyRoute, { method: "POST", path: `/api/admin/api-keys/${key.id}/rotate`, headers: admin.headers, params: { id: key.id }, body: { graceMinutes } });
    const rotated = await rotate(60);
    expect(rotated.status).toBe(200);
    const fresh: string = rotated.body.secret;
    expect(fresh).not.toBe(token);
    expect(fresh.startsWith(`bfs_${key.prefix}_`)).toBe(true);
    expect(rotated.body.key.previousSecretValidUntil).not.toBeNull();
    expect((await as(token, listTasks, { path: "/api/tasks" })).status).toBe(200);
    expect((await as(fresh, listTasks, { path: "/api/tasks" })).status).toBe(200);
    setAuthClock(() => new Date(Date.now() + 61 * 60_000));
    expect((await as(token, listTasks, { path: "/api/tasks" })).status).toBe(401);
    expect((await as(fresh, listTasks, { path: "/api/tasks" })).status).toBe(200);
    setAuthClock(null);
    const again = await rotate(0);
    expect((await as(fresh, listTasks, { path: "/api/tasks" })).status).toBe(401);
    expect((await as(again.body.secret, listTasks, { path: "/api/tasks" })).status).toBe(200);
  });

  it("audits create, scope changes, rotation and revocation", async () => {
    const admin = await person(testDb.prisma, "admin");
    const created = await call(createKeyRoute, { method: "POST", path: "/api/admin/api-keys", headers: admin.headers, body: { name: "Payroll", scopes: ["time:read"], actingUserId: admin.id } });
    const id = created.body.key.id;
    const patch = (b: unknown) => call(patchKeyRoute, { method: "PATCH", path: `/api/admin/api-keys/${id}`, headers: admin.headers, params: { id }, body: b });
    expect((await patch({ scopes: ["time:read", "punch:read"] })).body.scopes).toEqual(["punch:read", "time:read"]);
    await patch({ name: "Payroll export" });
    await call(rotateKeyRoute, { method: "POST", path: `/api/admin/api-keys/${id}/rotate`, headers: admin.headers, params: { id }, body: {} });
    await call(revokeKeyRoute, { method: "DELETE", path: `/api/admin/api-keys/${id}`, headers: admin.headers, params: { id } });
    await call(revokeKeyRoute, { method: "DELETE", path: `/api/admin/api-keys/${id}`, headers: admin.headers, params: { id } });
    const rows = await testDb.prisma.auditLog.findMany({ where: { entityType: "api_key", entityId: id }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => r.action)).toEqual(["api_key.create", "api_key.scopes_change", "api_key.update", "api_key.rotate", "api_key.revoke"]);
    expect(rows.every((r) => r.actorId === admin.id)).toBe(true);
    expect(rows[1].before).toEqual({ scopes: ["time:read"] });
    expect(rows[1].after).toEqual({ scopes: ["punch:read", "time:read"] });
    expect(JSON.stringify(rows)).not.toContain(created.body.secret.slice(-43));
  });

  it("401 anonymous and 403 non-admins on the management routes; 404 for an unknown key", async () => {
    const staff = await person(testDb.prisma, "staff");
    const admin = await person(testDb.prisma, "admin");
    expect((await call(listKeys, { path: "/api/admin/api-keys" })).status).toBe(401);
    expect((await call(listKeys, { path: "/api/admin/api-keys", headers: staff.headers })).status).toBe(403);
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await call(revokeKeyRoute, { method: "DELETE", path: `/api/admin/api-keys/${missing}`, headers: admin.headers, params: { id: missing } })).status).toBe(404);
    expect((await call(revokeKeyRoute, { method: "DELETE", path: "/api/admin/api-keys/nope", headers: admin.headers, params: { id: "nope" } })).status).toBe(404);
  });
});
