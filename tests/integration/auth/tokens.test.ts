import { GET as getUser } from "@/app/api/user/route";
import { POST as refresh } from "@/app/api/auth/refresh/route";
import { setAuthClock } from "@/lib/auth/clock";
import { createUser } from "@/prisma/factories";
import { call, signInSession } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();

afterEach(() => setAuthClock(null));

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const refreshWith = (refreshToken: unknown) => call(refresh, { method: "POST", path: "/api/auth/refresh", body: { refreshToken } });

describe("mobile access tokens", () => {
  it("expire after 15 minutes (401), and work until then", async () => {
    const user = await createUser(testDb.prisma);
    const t0 = Date.now();
    setAuthClock(() => new Date(t0));
    const { auth } = await signInSession(user, { via: "bearer" });

    setAuthClock(() => new Date(t0 + 14 * 60_000 + 59_000));
    expect((await call(getUser, { path: "/api/user", headers: bearer(auth!.accessToken) })).status).toBe(200);

    setAuthClock(() => new Date(t0 + 15 * 60_000));
    const expired = await call(getUser, { path: "/api/user", headers: bearer(auth!.accessToken) });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe("Unauthorized");
  });

  it("are rejected when tampered with or signed with another key", async () => {
    const user = await createUser(testDb.prisma);
    const { auth } = await signInSession(user, { via: "bearer" });
    const [header, payload, signature] = auth!.accessToken.split(".");
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), sub: "00000000-0000-4000-8000-000000000000" })).toString("base64url");
    for (const token of [`${header}.${forgedPayload}.${signature}`, `${header}.${payload}.${signature.slice(0, -4)}AAAA`]) {
      expect((await call(getUser, { path: "/api/user", headers: bearer(token) })).status).toBe(401);
    }
  });

  it("stop working when the user is deactivated", async () => {
    const user = await createUser(testDb.prisma);
    const { auth } = await signInSession(user, { via: "bearer" });
    await testDb.prisma.user.update({ where: { id: user.id }, data: { isActive: false } });
    expect((await call(getUser, { path: "/api/user", headers: bearer(auth!.accessToken) })).status).toBe(401);
    expect((await refreshWith(auth!.refreshToken)).status).toBe(401);
  });
});

describe("POST /api/auth/refresh", () => {
  it("rotates: a new access and refresh token, the old refresh token used up, the session extended", async () => {
    const user = await createUser(testDb.prisma);
    const t0 = Date.now();
    setAuthClock(() => new Date(t0));
    const { auth } = await signInSession(user, { via: "bearer" });

    setAuthClock(() => new Date(t0 + 20 * 60_000)); // the first access token has expired by now
    const res = await refreshWith(auth!.refreshToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 900 });
    expect(res.body.refreshToken).not.toBe(auth!.refreshToken);
    expect((await call(getUser, { path: "/api/user", headers: bearer(res.body.accessToken) })).body.id).toBe(user.id);
    expect((await call(getUser, { path: "/api/user", headers: bearer(auth!.accessToken) })).status).toBe(401);

    const tokens = await testDb.prisma.refreshToken.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } });
    expect(tokens).toHaveLength(2);
    expect(tokens[0].usedAt).not.toBeNull();
    expect(tokens[0].replacedById).toBe(tokens[1].id);
    expect(tokens[1].usedAt).toBeNull();
    const session = await testDb.prisma.authSession.findUniqueOrThrow({ where: { id: tokens[0].sessionId } });
    expect(session.expiresAt.getTime()).toBe(t0 + 20 * 60_000 + 30 * 86_400_000);

    // The chain goes on.
    const again = await refreshWith(res.body.refreshToken);
    expect(again.status).toBe(200);
  });

  it("treats reuse of a used refresh token as theft: the whole session (family) is revoked", async () => {
    const user = await createUser(testDb.prisma);
    const { auth } = await signInSession(user, { via: "bearer" });
    const first = await refreshWith(auth!.refreshToken);
    expect(first.status).toBe(200);

    const replay = await refreshWith(auth!.refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ message: "Session expired. Please sign in again.", reason: "token_reused" });

    // Everything of that family is dead: the latest refresh token and its access token too.
    expect((await refreshWith(first.body.refreshToken)).status).toBe(401);
    expect((await call(getUser, { path: "/api/user", headers: bearer(first.body.accessToken) })).status).toBe(401);
    const session = await testDb.prisma.authSession.findFirstOrThrow({ where: { userId: user.id } });
    expect(session.revokedAt).not.toBeNull();
    expect(await testDb.prisma.auditLog.count({ where: { action: "auth.refresh_reuse_detected", entityId: session.id } })).toBe(1);
  });

  it("leaves the user's other sessions alone when one family is revoked", async () => {
    const user = await createUser(testDb.prisma);
    const phone = await signInSession(user, { via: "bearer" });
    const tablet = await signInSession(user, { via: "bearer" });
    await refreshWith(phone.auth!.refreshToken);
    await refreshWith(phone.auth!.refreshToken); // reuse
    expect((await call(getUser, { path: "/api/user", headers: tablet.headers })).status).toBe(200);
    expect((await refreshWith(tablet.auth!.refreshToken)).status).toBe(200);
  });

  it("refuses an expired refresh token", async () => {
    const user = await createUser(testDb.prisma);
    const t0 = Date.now();
    setAuthClock(() => new Date(t0));
    const { auth } = await signInSession(user, { via: "bearer" });
    setAuthClock(() => new Date(t0 + 31 * 86_400_000));
    expect((await refreshWith(auth!.refreshToken)).status).toBe(401);
  });

  it("answers 401 to an unknown token and 400 to a missing one", async () => {
    const unknown = await refreshWith("x".repeat(43));
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe("Session expired. Please sign in again.");
    const missing = await call(refresh, { method: "POST", path: "/api/auth/refresh", body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Refresh token is required");
    const wrongType = await refreshWith(42);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toBe("Refresh token must be text");
  });
});
