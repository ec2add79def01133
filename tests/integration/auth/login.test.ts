import { GET as getUser, PATCH as patchUser } from "@/app/api/user/route";
import { POST as login } from "@/app/api/login/route";
import { setAuthClock } from "@/lib/auth/clock";
import { createUser, DEFAULT_TEST_PASSWORD } from "@/prisma/factories";
import { call, cookieFrom, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();

afterEach(() => setAuthClock(null));

const USER_KEYS = ["email", "firstName", "id", "lastName", "memberType", "mustChangePassword", "role"];

function loginAs(email: string, password: string, extra: { headers?: Record<string, string>; client?: string } = {}) {
  return call(login, {
    method: "POST",
    path: "/api/login",
    body: { email, password, ...(extra.client ? { client: extra.client } : {}) },
    headers: extra.headers,
  });
}

describe("POST /api/login", () => {
  it("signs a browser in: the bare user and an HttpOnly, SameSite=Lax session cookie", async () => {
    const user = await createUser(testDb.prisma, { email: "ada@example.test", firstName: "Ada", lastName: "Lovelace" });
    const res = await loginAs("  ADA@Example.TEST ", DEFAULT_TEST_PASSWORD, { headers: { "user-agent": "jest-browser" } });

    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(USER_KEYS);
    expect(res.body).toMatchObject({ id: user.id, email: "ada@example.test", firstName: "Ada", lastName: "Lovelace", role: "staff", memberType: "employee", mustChangePassword: false });
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^next-auth\.session-token=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/); // Secure only in production

    const sessions = await testDb.prisma.authSession.findMany({ where: { userId: user.id } });
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ clientType: "web", userAgent: "jest-browser", revokedAt: null });
    const audit = await testDb.prisma.auditLog.findMany({ where: { entityId: user.id, action: "auth.login" } });
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(DEFAULT_TEST_PASSWORD);

    const me = await call(getUser, { path: "/api/user", headers: { cookie: cookieFrom(res)! } });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(res.body);
  });

  it("gives mobile clients { user, auth } (body client=mobile or the X-Client-Type header)", async () => {
    const user = await createUser(testDb.prisma);
    for (const extra of [{ client: "mobile" }, { headers: { "x-client-type": "mobile" } }]) {
      const res = await loginAs(user.email, DEFAULT_TEST_PASSWORD, extra);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(["auth", "user"]);
      expect(Object.keys(res.body.user).sort()).toEqual(USER_KEYS);
      expect(res.body.auth).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 900 });

      const me = await call(getUser, { path: "/api/user", headers: { authorization: `Bearer ${res.body.auth.accessToken}` } });
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(user.id);
    }
    const sessions = await testDb.prisma.authSession.findMany({ where: { userId: user.id }, include: { refreshTokens: true } });
    expect(sessions.map((s) => s.clientType)).toEqual(["mobile", "mobile"]);
    // Stored hashed: the token handed out is nowhere in the table.
    expect(sessions.every((s) => s.refreshTokens.length === 1 && /^[0-9a-f]{64}$/.test(s.refreshTokens[0].tokenHash))).toBe(true);
  });

  it("never returns or stores the password or its hash", async () => {
    const user = await createUser(testDb.prisma);
    const res = await loginAs(user.email, DEFAULT_TEST_PASSWORD, { client: "mobile" });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain("passwordHash");
    expect(text).not.toContain(user.passwordHash);
  });

  it.each([
    [{ password: "x" }, "Email is required"],
    [{ email: "not-an-email", password: "x" }, "Enter a valid email address"],
    [{ email: "a@example.test" }, "Password is required"],
    [{ email: "a@example.test", password: "" }, "Password is required"],
    [{ email: "a@example.test", password: "x", client: "desktop" }, 'client must be "mobile" or "web"'],
  ])("rejects %j with 400 naming the field", async (body, message) => {
    const res = await call(login, { method: "POST", path: "/api/login", body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("rejects malformed JSON with 400", async () => {
    const res = await call(login, { method: "POST", path: "/api/login", body: "{nope" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Malformed JSON body");
  });

  it("answers a wrong password and an unknown email with the same 401", async () => {
    const user = await createUser(testDb.prisma);
    const wrong = await loginAs(user.email, "wrong-password");
    const unknown = await loginAs("nobody@example.test", DEFAULT_TEST_PASSWORD);
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: "Invalid email or password", code: "UNAUTHORIZED" });
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    expect(await testDb.prisma.authSession.count({ where: { userId: user.id } })).toBe(0);
  });

  it("tells a deactivated user (with the right password only) that the account is deactivated", async () => {
    const user = await createUser(testDb.prisma, { isActive: false });
    expect((await loginAs(user.email, "wrong-password")).body.message).toBe("Invalid email or password");
    const res = await loginAs(user.email, DEFAULT_TEST_PASSWORD);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("This account has been deactivated");
    expect(await testDb.prisma.authSession.count({ where: { userId: user.id } })).toBe(0);
  });

  it("rejects a cross-site login form post (login CSRF)", async () => {
    const user = await createUser(testDb.prisma);
    const res = await loginAs(user.email, DEFAULT_TEST_PASSWORD, { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(403);
  });
});

describe("lockout after 5 failed sign-ins for one account from one address within 15 minutes", () => {
  // The socket peer, as scripts/server.ts stamps it (X-Forwarded-For counts only behind TRUST_PROXY).
  const from = (ip: string) => ({ headers: { "x-bfs-peer-address": ip } });

  it("answers 429 with Retry-After, leaves other accounts and addresses alone, and lifts after the window", async () => {
    const victim = await createUser(testDb.prisma);
    const other = await createUser(testDb.prisma);
    const t0 = Date.now();

    for (let i = 1; i <= 5; i++) {
      setAuthClock(() => new Date(t0 + i * 1000));
      const res = await loginAs(victim.email, `wrong-${i}`, from("203.0.113.7"));
      expect(res.status).toBe(401);
    }
    setAuthClock(() => new Date(t0 + 6000));
    // Even the right password is refused now.
    const locked = await loginAs(victim.email, DEFAULT_TEST_PASSWORD, from("203.0.113.7"));
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe("Too many failed sign-in attempts. Try again in 15 minutes.");
    expect(locked.body.code).toBe("RATE_LIMITED");
    expect(Number(locked.headers.get("retry-after"))).toBe(895);

    expect((await loginAs(other.email, DEFAULT_TEST_PASSWORD, from("203.0.113.7"))).status).toBe(200);
    expect((await loginAs(victim.email, DEFAULT_TEST_PASSWORD, from("198.51.100.2"))).status).toBe(200);

    setAuthClock(() => new Date(t0 + 10 * 60_000));
    const later = await loginAs(victim.email, DEFAULT_TEST_PASSWORD, from("203.0.113.7"));
    expect(later.status).toBe(429);
    expect(later.body.message).toBe("Too many failed sign-in attempts. Try again in 6 minutes.");

    // The oldest failure leaves the window 15 minutes after it happened.
    setAuthClock(() => new Date(t0 + 15 * 60_000 + 1001));
    expect((await loginAs(victim.email, DEFAULT_TEST_PASSWORD, from("203.0.113.7"))).status).toBe(200);
  });

  it("counts only failures since the last success", async () => {
    const user = await createUser(testDb.prisma);
    const t0 = Date.now();
    let tick = 0;
    const step = () => setAuthClock(() => new Date(t0 + ++tick * 1000));
    for (let i = 0; i < 4; i++) {
      step();
      await loginAs(user.email, "wrong-password", from("192.0.2.10"));
    }
    step();
    expect((await loginAs(user.email, DEFAULT_TEST_PASSWORD, from("192.0.2.10"))).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      step();
      expect((await loginAs(user.email, "wrong-password", from("192.0.2.10"))).status).toBe(401);
    }
    step();
    expect((await loginAs(user.email, DEFAULT_TEST_PASSWORD, from("192.0.2.10"))).status).toBe(200);
  });

  it("locks unknown emails too (no account enumeration through the lockout)", async () => {
    for (let i = 0; i < 5; i++) await loginAs("ghost@example.test", "wrong-password", from("192.0.2.77"));
    expect((await loginAs("ghost@example.test", "wrong-password", from("192.0.2.77"))).status).toBe(429);
  });
});

describe("GET /api/user and PATCH /api/user", () => {
  it("answers 401 to an anonymous caller, and to a garbage cookie or token", async () => {
    for (const headers of [{} as Record<string, string>, { cookie: "next-auth.session-token=garbage" }, { authorization: "Bearer a.b.c" }, { authorization: "Bearer not-a-jwt" }]) {
      const res = await call(getUser, { path: "/api/user", headers });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe("Unauthorized");
    }
  });

  it("reads the cookie behind a non-Bearer Authorization header, but never falls back from a bad bearer token", async () => {
    const user = await createUser(testDb.prisma);
    const { cookie } = await signIn(user);
    expect((await call(getUser, { path: "/api/user", headers: { cookie, authorization: "Basic c3RhZ2luZzpzZWNyZXQ=" } })).status).toBe(200);
    expect((await call(getUser, { path: "/api/user", headers: { cookie, authorization: "Bearer a.b.c" } })).status).toBe(401);
  });

  it("updates the caller's own name", async () => {
    const user = await createUser(testDb.prisma);
    const headers = await signIn(user);
    const res = await call(patchUser, { method: "PATCH", path: "/api/user", headers, body: { firstName: "  Grace ", lastName: "Hopper" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, firstName: "Grace", lastName: "Hopper" });
    expect(await testDb.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ firstName: "Grace", lastName: "Hopper" });
    const audit = await testDb.prisma.auditLog.findFirstOrThrow({ where: { action: "user.profile_update", entityId: user.id } });
    expect(audit.after).toEqual({ firstName: "Grace", lastName: "Hopper" });
  });

  it("validates the name update and requires a session", async () => {
    const user = await createUser(testDb.prisma);
    const headers = await signIn(user);
    const empty = await call(patchUser, { method: "PATCH", path: "/api/user", headers, body: { firstName: " " } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("First name is required");
    const nothing = await call(patchUser, { method: "PATCH", path: "/api/user", headers, body: {} });
    expect(nothing.status).toBe(400);
    const anonymous = await call(patchUser, { method: "PATCH", path: "/api/user", body: { firstName: "X" } });
    expect(anonymous.status).toBe(401);
  });
});
