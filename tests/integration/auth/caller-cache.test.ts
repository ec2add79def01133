/**
 * The per-process caller cache (lib/auth/caller-cache.ts) answers repeated requests of
 * a session without the database, and every revocation path is immediate with it on: logout,
 * sign out everywhere, deactivation, a role or unit change, a password change, API-key
 * revocation; a write by another instance (a connection this process does not own) is heard by
 * LISTEN; a dropped listener sends every request to the database until it is back.
 */
import pg from "pg";
import { GET as currentUserRoute } from "@/app/api/user/route";
import { POST as logoutRoute } from "@/app/api/logout/route";
import { POST as changePassword } from "@/app/api/auth/change-password/route";
import { GET as getStatus } from "@/app/api/auth/punch/status/route";
import { cacheEpoch, cacheStats, listenerReady, stopListening } from "@/lib/cache/member-versions";
import { createUnit, createUser, DEFAULT_TEST_PASSWORD } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();
type Headers = Record<string, string>;
const me = (headers: Headers) => call(currentUserRoute, { path: "/api/user", headers });

beforeEach(async () => {
  expect(await listenerReady()).toBe(true);
});

async function signedIn(role: "staff" | "admin" = "staff") {
  const user = await createUser(testDb.prisma, { role });
  return { user, headers: await signIn(user) };
}

/** Two requests: the second must come from the cache. */
async function warm(headers: Headers) {
  expect((await me(headers)).status).toBe(200);
  const hits = cacheStats().hits;
  expect((await me(headers)).status).toBe(200);
  expect(cacheStats().hits).toBe(hits + 1);
}

describe("the caller cache", () => {
  it("answers a session's second request from memory, and a poll touches no database", async () => {
    const { headers } = await signedIn();
    await warm(headers);
    expect((await call(getStatus, { path: "/api/auth/punch/status", headers })).status).toBe(200);
    const pool = testDb.prisma && ((globalThis as { bfsPool?: pg.Pool }).bfsPool as pg.Pool);
    const query = jest.spyOn(pool, "query");
    try {
      const res = await call(getStatus, { path: "/api/auth/punch/status", headers });
      expect(res.status).toBe(200);
      expect(query).not.toHaveBeenCalled();
    } finally {
      query.mockRestore();
    }
  });

  it("logout is immediate", async () => {
    const { headers } = await signedIn();
    await warm(headers);
    expect((await call(logoutRoute, { method: "POST", path: "/api/logout", headers })).status).toBe(200);
    expect((await me(headers)).status).toBe(401);
  });

  it("deactivation is immediate", async () => {
    const { user, headers } = await signedIn();
    await warm(headers);
    await testDb.prisma.user.update({ where: { id: user.id }, data: { isActive: false } });
    expect((await me(headers)).status).toBe(401);
  });

  it("a password change ends the member's other sessions at once", async () => {
    const { user, headers } = await signedIn();
    const other = await signIn(user);
    await warm(other);
    const res = await call(changePassword, { method: "POST", path: "/api/auth/change-password", headers, body: { currentPassword: DEFAULT_TEST_PASSWORD, newPassword: "a much longer unusual passphrase 2026" } });
    expect(res.status).toBe(200);
    expect((await me(other)).status).toBe(401);
  });

  it("a role change and a unit change show on the next request", async () => {
    const { user, headers } = await signedIn();
    await warm(headers);
    await testDb.prisma.user.update({ where: { id: user.id }, data: { role: "manager" } });
    expect((await me(headers)).body).toMatchObject({ role: "manager" });
    const unit = await createUnit(testDb.prisma, {});
    const hits = cacheStats().hits;
    await testDb.prisma.unitMembership.create({ data: { unitId: unit.id, userId: user.id } });
    expect((await me(headers)).status).toBe(200);
    expect(cacheStats().hits).toBe(hits);
  });

  it("a session expiring by time is refused without any write", async () => {
    const { user, headers } = await signedIn();
    await warm(headers);
    // Expiry moved into the past by another connection (this process hears it by LISTEN, not NOTICE).
    const other = new pg.Client({ connectionString: testDb.url });
    await other.connect();
    try {
      await other.query("UPDATE auth_sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", [user.id]);
    } finally {
      await other.end();
    }
    const started = Date.now();
    let status = (await me(headers)).status;
    while (status === 200 && Date.now() - started < 2_000) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      status = (await me(headers)).status;
    }
    expect(status).toBe(401);
    // The bound for another instance's write: Postgres's delivery of the NOTIFY (milliseconds).
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("a revocation by another instance's connection is heard by LISTEN", async () => {
    const { user, headers } = await signedIn();
    await warm(headers);
    const other = new pg.Client({ connectionString: testDb.url });
    await other.connect();
    try {
      await other.query("UPDATE auth_sessions SET revoked_at = now() WHERE user_id = $1", [user.id]);
    } finally {
      await other.end();
    }
    const started = Date.now();
    let status = (await me(headers)).status;
    while (status === 200 && Date.now() - started < 2_000) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      status = (await me(headers)).status;
    }
    expect(status).toBe(401);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("with the listener down nothing is answered from memory; it comes back and caches again", async () => {
    const { user, headers } = await signedIn();
    await warm(headers);
    await stopListening();
    const stats = cacheStats();
    expect(stats.healthy).toBe(false);
    // A revocation that no one announces to this process (another connection, listener down): still refused.
    const other = new pg.Client({ connectionString: testDb.url });
    await other.connect();
    try {
      await other.query("UPDATE users SET is_active = false WHERE id = $1", [user.id]);
      // Restarting the listener (on the next lookup) flushes what was cached before.
      expect((await me(headers)).status).toBe(401);
      await other.query("UPDATE users SET is_active = true WHERE id = $1", [user.id]);
    } finally {
      await other.end();
    }
    expect(await listenerReady()).toBe(true);
    expect(cacheEpoch()).not.toBeNull();
  });
});
