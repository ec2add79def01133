import { GET as getUser, PATCH as patchUser } from "@/app/api/user/route";
import { POST as logout } from "@/app/api/logout/route";
import { POST as refresh } from "@/app/api/auth/refresh/route";
import { DELETE as revokeSessions, GET as listSessions } from "@/app/api/auth/sessions/route";
import { DELETE as revokeOneSession } from "@/app/api/auth/sessions/[id]/route";
import { setAuthClock } from "@/lib/auth/clock";
import { revokeAllSessions } from "@/lib/services/auth/revoke-all-sessions";
import { resolveCallerFromHeaders } from "@/lib/auth/resolve-caller";
import { loadViewer } from "@/lib/services/tasks/task-access";
import { addMembership, createUnit, createUser } from "@/prisma/factories";
import { call, signIn, signInSession } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();

afterEach(() => setAuthClock(null));

const me = (headers: Record<string, string>) => call(getUser, { path: "/api/user", headers });

describe("POST /api/logout", () => {
  it("ends the session on the server and clears the cookie; replaying the cookie afterwards is 401", async () => {
    const user = await createUser(testDb.prisma);
    const headers = await signIn(user);
    expect((await me(headers)).status).toBe(200);

    const res = await call(logout, { method: "POST", path: "/api/logout", headers });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "You have been logged out successfully" });
    expect(res.headers.get("set-cookie")).toMatch(/^next-auth\.session-token=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax/);

    expect((await me(headers)).status).toBe(401);
    const session = await testDb.prisma.authSession.findFirstOrThrow({ where: { userId: user.id } });
    expect(session.revokedAt).not.toBeNull();
    expect(await testDb.prisma.auditLog.count({ where: { action: "auth.logout", entityId: user.id } })).toBe(1);
  });

  it("ends a mobile session: access and refresh tokens are rejected afterwards", async () => {
    const user = await createUser(testDb.prisma);
    const { headers, auth } = await signInSession(user, { via: "bearer" });
    expect((await call(logout, { method: "POST", path: "/api/logout", headers })).status).toBe(200);
    expect((await me(headers)).status).toBe(401);
    const refreshed = await call(refresh, { method: "POST", path: "/api/auth/refresh", body: { refreshToken: auth!.refreshToken } });
    expect(refreshed.status).toBe(401);
  });

  it("is idempotent: an anonymous or already-ended caller is still told they are signed out", async () => {
    const anonymous = await call(logout, { method: "POST", path: "/api/logout" });
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get("set-cookie")).toMatch(/Max-Age=0/);
  });

  it("leaves the user's other devices signed in", async () => {
    const user = await createUser(testDb.prisma);
    const laptop = await signIn(user);
    const phone = await signIn(user, { via: "bearer" });
    await call(logout, { method: "POST", path: "/api/logout", headers: laptop });
    expect((await me(phone)).status).toBe(200);
  });
});

describe("cross-site requests with the session cookie", () => {
  it("rejects a cross-site write (Sec-Fetch-Site or a foreign Origin) with 403 and changes nothing", async () => {
    const user = await createUser(testDb.prisma, { firstName: "Before" });
    const headers = await signIn(user);
    for (const extra of [{ "sec-fetch-site": "cross-site" } as Record<string, string>, { origin: "https://evil.example" }, { "sec-fetch-site": "same-site", origin: "https://sub.localhost:3000" }]) {
      const res = await call(patchUser, { method: "PATCH", path: "/api/user", headers: { ...headers, ...extra }, body: { firstName: "Hacked" } });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Access denied: cross-site request rejected");
    }
    const forgedLogout = await call(logout, { method: "POST", path: "/api/logout", headers: { ...headers, "sec-fetch-site": "cross-site" } });
    expect(forgedLogout.status).toBe(403);
    expect((await testDb.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).firstName).toBe("Before");
    expect((await me(headers)).status).toBe(200);
  });

  it("allows the same write from our own origin", async () => {
    const user = await createUser(testDb.prisma);
    const headers = await signIn(user);
    const res = await call(patchUser, {
      method: "PATCH",
      path: "/api/user",
      headers: { ...headers, origin: "http://localhost:3000", "sec-fetch-site": "same-origin" },
      body: { firstName: "Same" },
    });
    expect(res.status).toBe(200);
  });

  it("does not apply to bearer-token callers (no ambient credential to abuse)", async () => {
    const user = await createUser(testDb.prisma);
    const headers = await signIn(user, { via: "bearer" });
    const res = await call(patchUser, { method: "PATCH", path: "/api/user", headers: { ...headers, origin: "capacitor://localhost" }, body: { lastName: "Mobile" } });
    expect(res.status).toBe(200);
  });
});

describe("sessions and devices", () => {
  it("GET lists my live sessions with the current one marked, and never anyone else's", async () => {
    const user = await createUser(testDb.prisma);
    const other = await createUser(testDb.prisma);
    const first = await signIn(user);
    const second = await signIn(user, { via: "bearer" });
    await signIn(other);
    const ended = await signIn(user);
    await call(logout, { method: "POST", path: "/api/logout", headers: ended });

    const res = await call(listSessions, { path: "/api/auth/sessions", headers: first });
    expect(res.status).toBe(200);
    expect(res.body.sessions).toHaveLength(2);
    expect(res.body.sessions.map((s: { clientType: string }) => s.clientType).sort()).toEqual(["mobile", "web"]);
    expect(res.body.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(res.body.sessions.find((s: { current: boolean }) => s.current).clientType).toBe("web");
    expect(Object.keys(res.body.sessions[0]).sort()).toEqual(["clientType", "createdAt", "current", "expiresAt", "id", "ip", "lastSeenAt", "userAgent"]);
    expect((await call(listSessions, { path: "/api/auth/sessions", headers: second })).body.sessions).toHaveLength(2);
    expect((await call(listSessions, { path: "/api/auth/sessions" })).status).toBe(401);
  });

  it("DELETE (scope=others, the default) signs out everywhere else", async () => {
    const user = await createUser(testDb.prisma);
    const here = await signIn(user);
    const elsewhere = [await signIn(user), await signIn(user, { via: "bearer" })];
    const res = await call(revokeSessions, { method: "DELETE", path: "/api/auth/sessions", headers: here });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ revoked: 2, currentRevoked: false });
    expect(res.headers.get("set-cookie")).toBeNull();
    expect((await me(here)).status).toBe(200);
    for (const headers of elsewhere) expect((await me(headers)).status).toBe(401);
  });

  it("DELETE ?scope=all signs out everywhere, this device included, and clears the cookie", async () => {
    const user = await createUser(testDb.prisma);
    const here = await signIn(user);
    const phone = await signIn(user, { via: "bearer" });
    const res = await call(revokeSessions, { method: "DELETE", path: "/api/auth/sessions?scope=all", headers: here });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ revoked: 2, currentRevoked: true });
    expect(res.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect((await me(here)).status).toBe(401);
    expect((await me(phone)).status).toBe(401);
  });

  it("DELETE rejects an unknown scope with 400", async () => {
    const user = await createUser(testDb.prisma);
    const res = await call(revokeSessions, { method: "DELETE", path: "/api/auth/sessions?scope=mine", headers: await signIn(user) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('scope must be "others" or "all"');
  });

  it("DELETE /api/auth/sessions/{id} signs out one of my devices; someone else's is 404", async () => {
    const user = await createUser(testDb.prisma);
    const other = await createUser(testDb.prisma);
    const here = await signIn(user);
    const phone = await signInSession(user, { via: "bearer" });
    await signIn(other);
    const [phoneSession] = await testDb.prisma.authSession.findMany({ where: { userId: user.id, clientType: "mobile" } });
    const [otherSession] = await testDb.prisma.authSession.findMany({ where: { userId: other.id } });

    const res = await call(revokeOneSession, { method: "DELETE", path: `/api/auth/sessions/${phoneSession.id}`, headers: here, params: { id: phoneSession.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ currentRevoked: false });
    expect((await me(phone.headers)).status).toBe(401);
    expect((await me(here)).status).toBe(200);

    for (const id of [otherSession.id, phoneSession.id, "not-a-uuid"]) {
      const notMine = await call(revokeOneSession, { method: "DELETE", path: `/api/auth/sessions/${id}`, headers: here, params: { id } });
      expect(notMine.status).toBe(404);
      expect(notMine.body.message).toBe("Session not found");
    }
    expect((await testDb.prisma.authSession.findUniqueOrThrow({ where: { id: otherSession.id } })).revokedAt).toBeNull();
    expect((await call(revokeOneSession, { method: "DELETE", path: "/x", params: { id: otherSession.id } })).status).toBe(401);
  });

  it("revokeAllSessions(userId) (deactivation) ends every session of the user at once", async () => {
    const user = await createUser(testDb.prisma);
    const devices = [await signIn(user), await signIn(user, { via: "bearer" })];
    expect(await revokeAllSessions(user.id)).toBe(2);
    for (const headers of devices) expect((await me(headers)).status).toBe(401);
  });

  it("rejects an expired browser session", async () => {
    const user = await createUser(testDb.prisma);
    const t0 = Date.now();
    setAuthClock(() => new Date(t0));
    const headers = await signIn(user);
    setAuthClock(() => new Date(t0 + 30 * 86_400_000 + 1000));
    expect((await me(headers)).status).toBe(401);
  });

  it("touches lastSeenAt at most once a minute", async () => {
    const user = await createUser(testDb.prisma);
    const t0 = Date.now();
    setAuthClock(() => new Date(t0));
    const headers = await signIn(user);
    const lastSeen = async () => (await testDb.prisma.authSession.findFirstOrThrow({ where: { userId: user.id } })).lastSeenAt.getTime();

    setAuthClock(() => new Date(t0 + 30_000));
    await me(headers);
    expect(await lastSeen()).toBe(t0);
    setAuthClock(() => new Date(t0 + 90_000));
    await me(headers);
    expect(await lastSeen()).toBe(t0 + 90_000);
  });
});

describe("the caller behind a session", () => {
  it("carries the member's units, read with the session; loadViewer uses them and agrees with a lookup", async () => {
    const user = await createUser(testDb.prisma);
    const [a, b] = [await createUnit(testDb.prisma), await createUnit(testDb.prisma)];
    await addMembership(testDb.prisma, a.id, user.id);
    await addMembership(testDb.prisma, b.id, user.id);
    for (const via of ["cookie", "bearer"] as const) {
      const { headers } = await signInSession(user, { via });
      const caller = await resolveCallerFromHeaders(new Headers(headers));
      expect([...(caller?.unitIds ?? [])].sort()).toEqual([a.id, b.id].sort());
      const fromSession = await loadViewer(testDb.prisma, caller!);
      const looked = await loadViewer(testDb.prisma, { userId: user.id, role: user.role });
      expect([...fromSession.unitIds].sort()).toEqual([...looked.unitIds].sort());
    }
    const loner = await createUser(testDb.prisma);
    const caller = await resolveCallerFromHeaders(new Headers(await signIn(loner)));
    expect(caller?.unitIds).toEqual([]);
  });
});
