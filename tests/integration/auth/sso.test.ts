/**
 * Single sign-on with OpenID Connect (docs/auth.md "Single sign-on"), against a real provider:
 * the `oidc-provider` package on a loopback port (tests/support/oidc-provider.ts), and, for the
 * forged ID tokens, a small hand-made provider in this process whose token endpoint answers
 * what each test needs (another audience, another key, `alg: none`).
 */
import { createServer, type Server } from "node:http";
import { generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import type { AddressInfo } from "node:net";
import { GET as getSettings, PUT as putSettings } from "@/app/api/admin/sso/route";
import { GET as callbackRoute } from "@/app/api/auth/sso/callback/route";
import { GET as startRoute } from "@/app/api/auth/sso/start/route";
import { POST as login } from "@/app/api/login/route";
import { POST as register } from "@/app/api/register/route";
import { GET as getUser } from "@/app/api/user/route";
import { POST as refresh } from "@/app/api/auth/refresh/route";
import { HOUR_MS, MINUTE_MS, setAuthClock } from "@/lib/auth/clock";
import { SSO_REQUIRED_SESSION_TTL_MS } from "@/lib/auth/tokens";
import { forgetDiscovery } from "@/lib/services/auth/sso/oidc";
import { SSO_CALLBACK_LIMIT } from "@/lib/services/auth/sso/complete-sso";
import { createUser, DEFAULT_TEST_PASSWORD } from "@/prisma/factories";
import { call, signIn, signInSession, TEST_ORIGIN } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { startTestProvider, type TestProvider } from "@/tests/support/oidc-provider";

const testDb = useTestDatabase();
jest.setTimeout(60_000);

const CLIENT_ID = "bfs-tasks-test";
const CLIENT_SECRET = "test-client-secret-0123456789";
const REDIRECT_URI = `${TEST_ORIGIN}/api/auth/sso/callback`;
const DOMAIN = "company.test";

const ACCOUNTS = [
  { sub: "sub-ada", email: `ada@${DOMAIN}`, email_verified: true, given_name: "Ada", family_name: "Lovelace" },
  { sub: "sub-new", email: `newcomer@${DOMAIN}`, email_verified: true, given_name: "Nia", family_name: "Newcomer" },
  { sub: "sub-unverified", email: `unverified@${DOMAIN}`, email_verified: false, given_name: "Una" },
  { sub: "sub-foreign", email: "someone@elsewhere.test", email_verified: true, given_name: "Fay" },
  { sub: "sub-slow", email: `slow@${DOMAIN}`, email_verified: true, given_name: "Sol", shortCode: true },
  { sub: "sub-gone", email: `gone@${DOMAIN}`, email_verified: true, given_name: "Gus" },
  { sub: "sub-guest", email: "guest@partner.test", email_verified: true, given_name: "Gia", family_name: "Guest" },
];

let provider: TestProvider;
const savedDomains = process.env.ALLOWED_EMAIL_DOMAINS;

beforeAll(async () => {
  provider = await startTestProvider({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [REDIRECT_URI], accounts: ACCOUNTS });
});
afterAll(async () => {
  await provider?.stop();
  process.env.ALLOWED_EMAIL_DOMAINS = savedDomains;
});
beforeEach(async () => {
  process.env.ALLOWED_EMAIL_DOMAINS = DOMAIN;
  forgetDiscovery();
  // Each test starts from no members, no provider and no spent rate limit (the file's database is its own).
  await testDb.prisma.$executeRawUnsafe("TRUNCATE sso_settings, sso_identities, rate_limit_events, invitations, audit_logs, auth_sessions CASCADE");
  await testDb.prisma.user.deleteMany({ where: { email: { in: ACCOUNTS.map((a) => a.email) } } });
});

async function configure(issuer: string, extra: Record<string, unknown> = {}) {
  const admin = await createUser(testDb.prisma, { role: "admin" });
  const res = await call(putSettings, {
    method: "PUT",
    path: "/api/admin/sso",
    headers: await signIn(admin),
    body: { preset: "generic", issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, enabled: true, ...extra },
  });
  expect(res.status).toBe(200);
  return { admin, settings: res.body };
}

/** A tiny cookie jar for the provider's own cookies (its interaction and session). */
class Jar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** GET with the jar, not following redirects: the Location, made absolute against `url`. */
async function hop(jar: Jar, url: string, init: RequestInit = {}): Promise<string> {
  const res = await fetch(url, { ...init, redirect: "manual", headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
  jar.take(res);
  const location = res.headers.get("location");
  if (!location) throw new Error(`no redirect from ${url}: ${res.status} ${await res.text()}`);
  return new URL(location, url).toString();
}

/**
 * "Sign in with ...": our start route, the provider's authorization endpoint, its sign-in form
 * (the account's email), back to our callback. `tamper` changes the authorization URL or the
 * callback URL on the way, as an attacker in the middle would.
 */
async function ssoSignIn(email: string, tamper: { authorize?: (url: URL) => void; callback?: (url: URL) => void; beforeCallback?: () => Promise<void> } = {}) {
  const start = await call(startRoute, { path: "/api/auth/sso/start" });
  expect(start.status).toBe(303);
  const pendingCookie = start.headers.getSetCookie().find((c) => c.startsWith("bfs-sso="))!;
  expect(pendingCookie).toMatch(/HttpOnly; SameSite=Lax/);
  const authorize = new URL(start.headers.get("location")!);
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorize.searchParams.get("state")).toBeTruthy();
  expect(authorize.searchParams.get("nonce")).toBeTruthy();
  tamper.authorize?.(authorize);

  const jar = new Jar();
  const interaction = await hop(jar, authorize.toString());
  const resume = await hop(jar, interaction, { method: "POST", body: new URLSearchParams({ email }), headers: { "content-type": "application/x-www-form-urlencoded" } });
  let back = await hop(jar, resume);
  // oidc-provider may resume once more before redirecting to the client.
  if (!back.startsWith(REDIRECT_URI)) back = await hop(jar, back);
  const callbackUrl = new URL(back);
  expect(callbackUrl.searchParams.get("code")).toBeTruthy();
  tamper.callback?.(callbackUrl);
  await tamper.beforeCallback?.();
  const res = await call(callbackRoute, { path: `${callbackUrl.pathname}${callbackUrl.search}`, headers: { cookie: pendingCookie.split(";")[0] } });
  expect(res.status).toBe(303);
  const session = res.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="));
  return { location: res.headers.get("location")!, sessionCookie: session ? session.split(";")[0] : null };
}

describe("single sign-on through a real OpenID provider", () => {
  it("links an existing password account by verified email, says so, and the session is the password sign-in's", async () => {
    await configure(provider.issuer);
    const ada = await createUser(testDb.prisma, { email: `ada@${DOMAIN}`, firstName: "Ada", lastName: "Lovelace" });

    const first = await ssoSignIn(`ada@${DOMAIN}`);
    expect(first.location).toBe("/?sso=linked");
    const me = await call(getUser, { path: "/api/user", headers: { cookie: first.sessionCookie! } });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: ada.id, email: `ada@${DOMAIN}` });
    const identity = await testDb.prisma.ssoIdentity.findFirstOrThrow({ where: { userId: ada.id } });
    expect(identity).toMatchObject({ issuer: provider.issuer, subject: "sub-ada" });
    const sessions = await testDb.prisma.authSession.findMany({ where: { userId: ada.id } });
    expect(sessions).toHaveLength(1);
    expect(sessions[0].clientType).toBe("web");
    const audit = await testDb.prisma.auditLog.findMany({ where: { entityId: ada.id }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["auth.sso.link", "auth.login"]));

    // The second time it is a plain sign-in, and the password still works.
    const second = await ssoSignIn(`ada@${DOMAIN}`);
    expect(second.location).toBe("/");
    expect((await call(login, { method: "POST", path: "/api/login", body: { email: ada.email, password: DEFAULT_TEST_PASSWORD } })).status).toBe(200);
  });

  it("creates a staff account at the allowed domain, and an invited guest with the invitation's role", async () => {
    const { admin } = await configure(provider.issuer);
    const newcomer = await ssoSignIn(`newcomer@${DOMAIN}`);
    expect(newcomer.location).toBe("/");
    const created = await testDb.prisma.user.findUniqueOrThrow({ where: { email: `newcomer@${DOMAIN}` } });
    expect(created).toMatchObject({ firstName: "Nia", lastName: "Newcomer", role: "staff", isActive: true });

    // Another domain needs an invitation bound to the address.
    expect((await ssoSignIn("guest@partner.test")).location).toBe("/?sso=domain");
    process.env.ALLOWED_EMAIL_DOMAINS = "";
    expect((await ssoSignIn("guest@partner.test")).location).toBe("/?sso=no-account");
    const invitation = await testDb.prisma.invitation.create({
      data: { codeHash: "x".repeat(64), email: "guest@partner.test", role: "manager", createdById: admin.id, expiresAt: new Date(Date.now() + 86_400_000) },
    });
    const guest = await ssoSignIn("guest@partner.test");
    expect(guest.location).toBe("/");
    const guestUser = await testDb.prisma.user.findUniqueOrThrow({ where: { email: "guest@partner.test" } });
    expect(guestUser.role).toBe("manager");
    expect((await testDb.prisma.invitation.findUniqueOrThrow({ where: { id: invitation.id } })).usedById).toBe(guestUser.id);
  });

  it.each([
    ["a wrong state", `ada@${DOMAIN}`, { callback: (url: URL) => url.searchParams.set("state", "forged-state") }, "expired"],
    ["a wrong nonce", `ada@${DOMAIN}`, { authorize: (url: URL) => url.searchParams.set("nonce", "forged-nonce") }, "invalid"],
    ["an unverified email", `unverified@${DOMAIN}`, {}, "unverified"],
    ["a foreign domain", "someone@elsewhere.test", {}, "domain"],
    ["an expired code", `slow@${DOMAIN}`, { beforeCallback: () => new Promise<void>((r) => setTimeout(r, 2500)) }, "expired"],
  ])("refuses %s: no session, no account", async (_name, email, tamper, outcome) => {
    await configure(provider.issuer);
    await createUser(testDb.prisma, { email: `ada@${DOMAIN}` });
    const before = await testDb.prisma.authSession.count();
    const result = await ssoSignIn(email, tamper);
    expect(result).toEqual({ location: `/?sso=${outcome}`, sessionCookie: null });
    expect(await testDb.prisma.authSession.count()).toBe(before);
    expect(await testDb.prisma.ssoIdentity.count()).toBe(0);
    if (email !== `ada@${DOMAIN}`) expect(await testDb.prisma.user.findUnique({ where: { email } })).toBeNull();
  });

  it("two first sign-ins of the same person at once make one account and one link", async () => {
    await configure(provider.issuer);
    const results = await Promise.all([ssoSignIn(`newcomer@${DOMAIN}`), ssoSignIn(`newcomer@${DOMAIN}`)]);
    expect(results.map((r) => r.location).sort()).toEqual(["/", "/"]);
    expect(await testDb.prisma.user.count({ where: { email: `newcomer@${DOMAIN}` } })).toBe(1);
    expect(await testDb.prisma.ssoIdentity.count({ where: { subject: "sub-new" } })).toBe(1);
  });

  it("two first saves of the settings at once both succeed, one row", async () => {
    const admin = await createUser(testDb.prisma, { role: "admin" });
    const headers = await signIn(admin);
    const body = { preset: "google", issuer: "https://accounts.google.com", clientId: "race", clientSecret: "race-secret", enabled: false };
    const answers = await Promise.all([1, 2].map(() => call(putSettings, { method: "PUT", path: "/api/admin/sso", headers, body })));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await testDb.prisma.ssoSettings.count()).toBe(1);
  });

  it("refuses a member deactivated in BFS, even once linked", async () => {
    await configure(provider.issuer);
    const gus = await createUser(testDb.prisma, { email: `gone@${DOMAIN}` });
    expect((await ssoSignIn(`gone@${DOMAIN}`)).location).toBe("/?sso=linked");
    await testDb.prisma.user.update({ where: { id: gus.id }, data: { isActive: false } });
    expect(await ssoSignIn(`gone@${DOMAIN}`)).toEqual({ location: "/?sso=deactivated", sessionCookie: null });
  });

  it("a callback without the pending cookie, or after SSO was turned off, signs nobody in", async () => {
    await configure(provider.issuer);
    const res = await call(callbackRoute, { path: "/api/auth/sso/callback?code=abc&state=def" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/?sso=expired");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("next-auth.session-token="))).toBe(false);
  });

  it("requires SSO for everyone but the break-glass admin: password sign-in and registration refused with a sentence", async () => {
    const { admin } = await configure(provider.issuer);
    const staff = await createUser(testDb.prisma, { email: `ada@${DOMAIN}` });
    const refused = await call(putSettings, {
      method: "PUT",
      path: "/api/admin/sso",
      headers: await signIn(admin),
      body: { preset: "google", issuer: provider.issuer, clientId: CLIENT_ID, enabled: true, requireSso: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/break-glass/);
    const saved = await call(putSettings, {
      method: "PUT",
      path: "/api/admin/sso",
      headers: await signIn(admin),
      body: { preset: "google", issuer: provider.issuer, clientId: CLIENT_ID, enabled: true, requireSso: true, breakGlassUserId: admin.id },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ requireSso: true, breakGlassUserId: admin.id, clientSecretSet: true, clientSecretHint: "test" });

    const staffLogin = await call(login, { method: "POST", path: "/api/login", body: { email: staff.email, password: DEFAULT_TEST_PASSWORD } });
    expect(staffLogin.status).toBe(403);
    expect(staffLogin.body.message).toBe('Your administrator requires signing in with Google: use the "Sign in with Google" button.');
    // A wrong password still reads as one (no hint whether SSO applies), and counts toward the lockout.
    expect((await call(login, { method: "POST", path: "/api/login", body: { email: staff.email, password: "wrong-password" } })).status).toBe(401);
    expect((await call(login, { method: "POST", path: "/api/login", body: { email: admin.email, password: DEFAULT_TEST_PASSWORD } })).status).toBe(200);
    const mobile = await call(login, { method: "POST", path: "/api/login", body: { email: admin.email, password: DEFAULT_TEST_PASSWORD, client: "mobile" } });
    expect(mobile.status).toBe(200);
    const reg = await call(register, { method: "POST", path: "/api/register", body: { firstName: "R", lastName: "R", email: `r@${DOMAIN}`, password: "A-long-enough-passphrase-42" } });
    expect(reg.status).toBe(403);
    // SSO itself still signs the staff member in.
    expect((await ssoSignIn(`ada@${DOMAIN}`)).location).toBe("/?sso=linked");
  });
});

describe("requiring SSO ends the sessions not made by it, and keeps SSO sessions short", () => {
  afterEach(() => setAuthClock(null));

  const me = (headers: Record<string, string>) => call(getUser, { path: "/api/user", headers });
  const requireSso = (headers: Record<string, string>, breakGlassUserId: string) =>
    call(putSettings, {
      method: "PUT",
      path: "/api/admin/sso",
      headers,
      body: { preset: "google", issuer: provider.issuer, clientId: CLIENT_ID, enabled: true, requireSso: true, breakGlassUserId },
    });

  it("password and mobile sessions already open end (break-glass kept), the count is said first, SSO sessions end after the bound", async () => {
    expect(SSO_REQUIRED_SESSION_TTL_MS).toBe(12 * HOUR_MS);
    const { admin } = await configure(provider.issuer);
    const adminHeaders = await signIn(admin);
    const adminMobile = await signInSession(admin, { via: "bearer" });
    const staff = await createUser(testDb.prisma, { email: `gone@${DOMAIN}` });
    const staffWeb = await signIn(staff);
    const staffMobile = await signInSession(staff, { via: "bearer" });
    const ada = await createUser(testDb.prisma, { email: `ada@${DOMAIN}` });
    const adaPassword = await signIn(ada);
    const adaSso = await ssoSignIn(`ada@${DOMAIN}`);
    const adaSsoHeaders = { cookie: adaSso.sessionCookie! };
    expect(await testDb.prisma.authSession.count({ where: { userId: ada.id, signInMethod: "sso" } })).toBe(1);

    // Before saving, the screen can say what requiring SSO ends: every open non-SSO session but the break-glass admin's.
    const before = await call(getSettings, { path: "/api/admin/sso", headers: adminHeaders });
    const adminOwn = await testDb.prisma.authSession.count({ where: { userId: admin.id, revokedAt: null, signInMethod: "password" } });
    expect(before.body.nonSsoSessions - adminOwn).toBe(3); // staff web, staff mobile, Ada's password session

    const saved = await requireSso(adminHeaders, admin.id);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ requireSso: true, endedSessions: 3, nonSsoSessions: adminOwn });
    const audit = await testDb.prisma.auditLog.findFirstOrThrow({ where: { action: "sso.configure" }, orderBy: { createdAt: "desc" } });
    expect(audit.metadata).toMatchObject({ endedSessions: 3 });

    // Refused at once: the password cookie, the mobile access token and the mobile refresh token.
    expect((await me(staffWeb)).status).toBe(401);
    expect((await me(staffMobile.headers)).status).toBe(401);
    expect((await me(adaPassword)).status).toBe(401);
    const staffRefresh = await call(refresh, { method: "POST", path: "/api/auth/refresh", body: { refreshToken: staffMobile.auth!.refreshToken } });
    expect(staffRefresh.status).toBe(401);
    // The break-glass administrator keeps theirs, web and mobile.
    expect((await me(adminHeaders)).status).toBe(200);
    expect((await me(adminMobile.headers)).status).toBe(200);
    const adminRefresh = await call(refresh, { method: "POST", path: "/api/auth/refresh", body: { refreshToken: adminMobile.auth!.refreshToken } });
    expect(adminRefresh.status).toBe(200);
    // A second save ends nothing more.
    expect((await requireSso(adminHeaders, admin.id)).body.endedSessions).toBe(0);

    // The SSO session is kept, but now ends within the bound; a new SSO sign-in gets the bound too.
    expect((await me(adaSsoHeaders)).status).toBe(200);
    const fresh = await ssoSignIn(`ada@${DOMAIN}`);
    const ssoSessions = await testDb.prisma.authSession.findMany({ where: { userId: ada.id, signInMethod: "sso", revokedAt: null } });
    expect(ssoSessions).toHaveLength(2);
    for (const session of ssoSessions) expect(session.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(SSO_REQUIRED_SESSION_TTL_MS);
    expect(fresh.sessionCookie).toBeTruthy();

    setAuthClock(() => new Date(Date.now() + SSO_REQUIRED_SESSION_TTL_MS - MINUTE_MS));
    expect((await me(adaSsoHeaders)).status).toBe(200);
    setAuthClock(() => new Date(Date.now() + SSO_REQUIRED_SESSION_TTL_MS + MINUTE_MS));
    expect((await me(adaSsoHeaders)).status).toBe(401);
    expect((await me({ cookie: fresh.sessionCookie! })).status).toBe(401);
  });

  it("a password session of a member made the break-glass admin no longer is kept when another takes the role", async () => {
    const { admin } = await configure(provider.issuer);
    const other = await createUser(testDb.prisma, { role: "admin" });
    const otherHeaders = await signIn(other);
    expect((await requireSso(await signIn(admin), other.id)).status).toBe(200);
    expect((await me(otherHeaders)).status).toBe(200);
    const moved = await requireSso(await signIn(other), admin.id);
    expect(moved.body.endedSessions).toBe(2);
    expect((await me(otherHeaders)).status).toBe(401);
  });

  it("a password sign-in that reaches the session step after SSO became required is refused there too", async () => {
    const { admin } = await configure(provider.issuer);
    expect((await requireSso(await signIn(admin), admin.id)).status).toBe(200);
    const staff = await createUser(testDb.prisma);
    const { createAuthSession } = await import("@/lib/services/auth/create-auth-session");
    const user = { id: staff.id, email: staff.email, firstName: staff.firstName, lastName: staff.lastName, role: staff.role } as Parameters<typeof createAuthSession>[1];
    await expect(createAuthSession(testDb.prisma as never, user, { clientType: "web", userAgent: null, ip: "127.0.0.1" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await testDb.prisma.authSession.count({ where: { userId: staff.id } })).toBe(0);
  });
});

describe("SSO settings", () => {
  it("stores the client secret sealed, never answers it, keeps it when left out, and refuses http issuers outside the test setting", async () => {
    const { admin, settings } = await configure(provider.issuer);
    expect(settings).toMatchObject({ configured: true, clientSecretSet: true, clientSecretHint: "test", redirectUri: REDIRECT_URI });
    expect(JSON.stringify(settings)).not.toContain(CLIENT_SECRET);
    const row = await testDb.prisma.ssoSettings.findUniqueOrThrow({ where: { id: 1 } });
    expect(row.clientSecretCiphertext).toMatch(/^v1\./);
    expect(row.clientSecretCiphertext).not.toContain(CLIENT_SECRET);
    const audit = await testDb.prisma.auditLog.findMany({ where: { action: "sso.configure" } });
    expect(JSON.stringify(audit)).not.toContain(CLIENT_SECRET);

    const headers = await signIn(admin);
    const kept = await call(putSettings, { method: "PUT", path: "/api/admin/sso", headers, body: { preset: "generic", issuer: provider.issuer, clientId: CLIENT_ID, enabled: true } });
    expect(kept.status).toBe(200);
    expect((await testDb.prisma.ssoSettings.findUniqueOrThrow({ where: { id: 1 } })).clientSecretCiphertext).toBe(row.clientSecretCiphertext);
    expect((await call(getSettings, { path: "/api/admin/sso", headers })).body).toEqual({ ...kept.body, endedSessions: undefined });

    const saved = process.env.ENABLE_TEST_HOOKS;
    process.env.ENABLE_TEST_HOOKS = "false";
    try {
      const http = await call(putSettings, { method: "PUT", path: "/api/admin/sso", headers, body: { preset: "generic", issuer: provider.issuer, clientId: CLIENT_ID, enabled: true } });
      expect(http.status).toBe(400);
      expect(http.body.message).toBe("Issuer URL must start with https://");
    } finally {
      process.env.ENABLE_TEST_HOOKS = saved;
    }
    const remote = await call(putSettings, { method: "PUT", path: "/api/admin/sso", headers, body: { preset: "generic", issuer: "http://idp.example.test", clientId: CLIENT_ID, enabled: true } });
    expect(remote.status).toBe(400);
  });

  it("needs a secret the first time; anonymous 401, staff 403", async () => {
    const admin = await createUser(testDb.prisma, { role: "admin" });
    const body = { preset: "google", issuer: "https://accounts.google.com", clientId: "x", enabled: false };
    const first = await call(putSettings, { method: "PUT", path: "/api/admin/sso", headers: await signIn(admin), body });
    expect(first.status).toBe(400);
    expect(first.body.message).toBe("Client secret is required");
    expect((await call(putSettings, { method: "PUT", path: "/api/admin/sso", body })).status).toBe(401);
    const staff = await createUser(testDb.prisma);
    expect((await call(getSettings, { path: "/api/admin/sso", headers: await signIn(staff) })).status).toBe(403);
  });

  it("rate-limits the callback per address like sign-in", async () => {
    await configure(provider.issuer);
    const headers = { "x-bfs-peer-address": "203.0.113.7" };
    let last = "";
    for (let i = 0; i <= SSO_CALLBACK_LIMIT.limit; i += 1) {
      last = (await call(callbackRoute, { path: "/api/auth/sso/callback?code=a&state=b", headers })).headers.get("location")!;
    }
    expect(last).toBe("/?sso=limited");
  });
});

/** A provider this test controls: its token endpoint answers a forged ID token. */
describe("forged ID tokens are refused", () => {
  let server: Server;
  let issuer = "";
  const good = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const other = generateKeyPairSync("rsa", { modulusLength: 2048 });
  let idToken: (nonce: string) => string = () => "";

  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const jwt = (header: object, payload: object, key: KeyObject | null) => {
    const input = `${b64(header)}.${b64(payload)}`;
    return `${input}.${key ? sign("sha256", Buffer.from(input), key).toString("base64url") : ""}`;
  };
  const claims = (nonce: string, extra: object = {}) => {
    const at = Math.floor(Date.now() / 1000);
    return { iss: issuer, sub: "sub-ada", aud: CLIENT_ID, iat: at, exp: at + 300, nonce, email: `ada@${DOMAIN}`, email_verified: true, ...extra };
  };

  beforeAll(async () => {
    let lastNonce = "";
    server = createServer((req, res) => {
      const url = new URL(req.url!, issuer);
      if (url.pathname === "/.well-known/openid-configuration") {
        res.setHeader("content-type", "application/json");
        return res.end(JSON.stringify({ issuer, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks`, id_token_signing_alg_values_supported: ["RS256"] }));
      }
      if (url.pathname === "/jwks") {
        res.setHeader("content-type", "application/json");
        return res.end(JSON.stringify({ keys: [{ ...good.publicKey.export({ format: "jwk" }), kid: "good", use: "sig", alg: "RS256" }] }));
      }
      if (url.pathname === "/token") {
        res.setHeader("content-type", "application/json");
        return res.end(JSON.stringify({ access_token: "at", token_type: "Bearer", expires_in: 300, id_token: idToken(lastNonce) }));
      }
      if (url.pathname === "/nonce") {
        lastNonce = url.searchParams.get("n")!;
        return res.end("ok");
      }
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function attempt() {
    await configure(issuer);
    await createUser(testDb.prisma, { email: `ada@${DOMAIN}` });
    const start = await call(startRoute, { path: "/api/auth/sso/start" });
    const authorize = new URL(start.headers.get("location")!);
    await fetch(`${issuer}/nonce?n=${authorize.searchParams.get("nonce")}`);
    const cookie = start.headers.getSetCookie().find((c) => c.startsWith("bfs-sso="))!.split(";")[0];
    const res = await call(callbackRoute, { path: `/api/auth/sso/callback?code=c0de&state=${authorize.searchParams.get("state")}`, headers: { cookie } });
    return { location: res.headers.get("location"), signedIn: res.headers.getSetCookie().some((c) => c.startsWith("next-auth.session-token=")) };
  }

  it("accepts the well-formed token (the control case)", async () => {
    idToken = (nonce) => jwt({ alg: "RS256", kid: "good", typ: "JWT" }, claims(nonce), good.privateKey);
    expect(await attempt()).toEqual({ location: "/?sso=linked", signedIn: true });
  });

  it.each([
    ["an ID token for another audience", (nonce: string) => jwt({ alg: "RS256", kid: "good" }, claims(nonce, { aud: "another-client" }), good.privateKey)],
    ["a token signed with another key", (nonce: string) => jwt({ alg: "RS256", kid: "good" }, claims(nonce), other.privateKey)],
    ["alg: none", (nonce: string) => jwt({ alg: "none" }, claims(nonce), null)],
    ["another issuer", (nonce: string) => jwt({ alg: "RS256", kid: "good" }, claims(nonce, { iss: "https://evil.example" }), good.privateKey)],
    ["an expired token", (nonce: string) => jwt({ alg: "RS256", kid: "good" }, claims(nonce, { exp: Math.floor(Date.now() / 1000) - 3600 }), good.privateKey)],
  ])("refuses %s", async (_name, forge) => {
    idToken = forge;
    expect(await attempt()).toEqual({ location: "/?sso=invalid", signedIn: false });
    expect(await testDb.prisma.authSession.count({ where: { user: { email: `ada@${DOMAIN}` } } })).toBe(0);
  });
});
