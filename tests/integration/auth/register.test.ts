import { GET as getUser } from "@/app/api/user/route";
import { POST as register } from "@/app/api/register/route";
import { GET as listInvitations, POST as createInvitation } from "@/app/api/invitations/route";
import { DELETE as revokeInvitation } from "@/app/api/invitations/[id]/route";
import { setAuthClock } from "@/lib/auth/clock";
import { createUser } from "@/prisma/factories";
import { call, cookieFrom, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();

beforeEach(async () => {
  // Registration rules depend on whether any user exists: every test starts from an empty organization.
  for (const table of ["audit_logs", "login_attempts", "invitations", "auth_sessions", "users"]) {
    await testDb.prisma.$executeRawUnsafe(`DELETE FROM ${table}`);
  }
});
afterEach(() => setAuthClock(null));

let n = 0;
const person = (overrides: Record<string, unknown> = {}) => ({
  firstName: "New",
  lastName: `Person ${++n}`,
  email: `person-${n}-${Date.now()}@example.test`,
  password: "a-long-password",
  ...overrides,
});
const registerWith = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  call(register, { method: "POST", path: "/api/register", body, headers });

async function adminWithInvitation(body: Record<string, unknown> = {}) {
  const admin = await createUser(testDb.prisma, { role: "admin" });
  const headers = await signIn(admin);
  const res = await call(createInvitation, { method: "POST", path: "/api/invitations", headers, body });
  expect(res.status).toBe(201);
  return { admin, headers, code: res.body.code as string, invitation: res.body.invitation };
}

describe("POST /api/register", () => {
  it("makes the first account on an empty database the admin, signed in with a cookie", async () => {
    const res = await registerWith(person({ email: "Founder@Example.test", firstName: "Fay", lastName: "Founder" }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: "founder@example.test", firstName: "Fay", lastName: "Founder", role: "admin", memberType: "employee" });
    const cookie = cookieFrom(res)!;
    expect((await call(getUser, { path: "/api/user", headers: { cookie } })).body.id).toBe(res.body.id);
    const stored = await testDb.prisma.user.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
    expect(await testDb.prisma.auditLog.count({ where: { action: "auth.register", entityId: res.body.id } })).toBe(1);
  });

  it("lets exactly one of several simultaneous first registrations become admin", async () => {
    const results = await Promise.all([1, 2, 3, 4].map(() => registerWith(person())));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(3);
    expect(await testDb.prisma.user.count({ where: { role: "admin" } })).toBe(1);
  });

  it("requires an invitation code once someone exists (400 naming the field)", async () => {
    await createUser(testDb.prisma, { role: "admin" });
    const res = await registerWith(person());
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("An invitation code is required to register. Ask an administrator for one.");
    expect(res.body.fieldErrors).toEqual([{ path: "invitationCode", message: expect.any(String) }]);
    expect(await testDb.prisma.user.count()).toBe(1);
  });

  it("refuses an unknown code with 403", async () => {
    await createUser(testDb.prisma, { role: "admin" });
    const res = await registerWith(person({ invitationCode: "AAAA-BBBB-CCCC-DDDD" }));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("This invitation code is invalid, expired or already used");
  });

  it("accepts a valid code (any case, spaces or dashes), gives the invitation's role, and uses it up", async () => {
    const { code, invitation } = await adminWithInvitation({ role: "manager" });
    const sloppy = ` ${code.toLowerCase().replace(/-/g, " ")} `;
    const res = await registerWith(person({ invitationCode: sloppy, client: "mobile" }));
    expect(res.status).toBe(201);
    expect(res.body.user.role).toBe("manager");
    expect(res.body.auth).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 900 });

    const stored = await testDb.prisma.invitation.findUniqueOrThrow({ where: { id: invitation.id } });
    expect(stored.usedById).toBe(res.body.user.id);
    expect(stored.usedAt).not.toBeNull();

    const second = await registerWith(person({ invitationCode: code }));
    expect(second.status).toBe(403);
    expect(second.body.message).toBe("This invitation code is invalid, expired or already used");
  });

  it("refuses an expired or revoked code", async () => {
    const t0 = Date.now();
    const { code } = await adminWithInvitation({ expiresInDays: 1 });
    setAuthClock(() => new Date(t0 + 86_400_000 + 1000));
    expect((await registerWith(person({ invitationCode: code }))).status).toBe(403);
    setAuthClock(null);

    const { code: revokedCode, invitation, headers } = await adminWithInvitation();
    await call(revokeInvitation, { method: "DELETE", path: `/api/invitations/${invitation.id}`, headers, params: { id: invitation.id } });
    expect((await registerWith(person({ invitationCode: revokedCode }))).status).toBe(403);
  });

  it("holds an email-bound invitation to that email", async () => {
    const { code } = await adminWithInvitation({ email: "Invited@Example.test" });
    const wrong = await registerWith(person({ invitationCode: code }));
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe("This invitation code was issued for a different email address");
    expect((await registerWith(person({ invitationCode: code, email: "invited@example.test" }))).status).toBe(201);
  });

  it("answers a duplicate email with 409 and uses the invitation up (one code cannot probe many emails)", async () => {
    const { code, invitation } = await adminWithInvitation();
    await createUser(testDb.prisma, { email: "taken@example.test" });
    const res = await registerWith(person({ invitationCode: code, email: "TAKEN@example.test" }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      message: "An account with this email already exists. The invitation code is now used up: sign in with that email, or ask an administrator for a new code.",
      code: "CONFLICT",
      invitationUsedUp: true,
    });
    expect((await testDb.prisma.invitation.findUniqueOrThrow({ where: { id: invitation.id } })).revokedAt).not.toBeNull();
    expect((await registerWith(person({ invitationCode: code, email: "fresh@example.test" }))).status).toBe(403);
  });

  it.each([
    [{ firstName: "" }, "First name is required"],
    [{ lastName: undefined }, "Last name is required"],
    [{ email: "nope" }, "Enter a valid email address"],
    [{ password: "short" }, "Password must be at least 8 characters"],
  ])("rejects %j with 400 naming the field", async (override, message) => {
    const res = await registerWith(person(override));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await testDb.prisma.user.count()).toBe(0);
  });
});

describe("/api/invitations (admin)", () => {
  it("creates an invitation and shows its code once; the list never shows a code or hash", async () => {
    const { headers, code, invitation, admin } = await adminWithInvitation({ role: "staff", expiresInDays: 3 });
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(invitation).toMatchObject({ role: "staff", email: null, status: "pending", createdBy: { id: admin.id } });
    const stored = await testDb.prisma.invitation.findUniqueOrThrow({ where: { id: invitation.id } });
    expect(stored.codeHash).not.toContain(code);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(3 * 86_400_000);
    expect(await testDb.prisma.auditLog.count({ where: { action: "invitation.create", entityId: invitation.id } })).toBe(1);

    const list = await call(listInvitations, { path: "/api/invitations", headers });
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.nextCursor).toBeNull();
    const text = JSON.stringify(list.body);
    expect(text).not.toContain(code);
    expect(text).not.toContain(stored.codeHash);
  });

  it("paginates and filters pending invitations", async () => {
    const { headers, invitation } = await adminWithInvitation();
    for (let i = 0; i < 2; i++) await call(createInvitation, { method: "POST", path: "/api/invitations", headers, body: {} });
    await call(revokeInvitation, { method: "DELETE", path: "/", headers, params: { id: invitation.id } });

    const page1 = await call(listInvitations, { path: "/api/invitations?limit=2", headers });
    expect(page1.body.items).toHaveLength(2);
    const page2 = await call(listInvitations, { path: `/api/invitations?limit=2&cursor=${page1.body.nextCursor}`, headers });
    expect(page2.body.items).toHaveLength(1);
    expect(page2.body.nextCursor).toBeNull();
    expect(page2.body.items[0]).toMatchObject({ id: invitation.id, status: "revoked" });
    const pending = await call(listInvitations, { path: "/api/invitations?status=pending", headers });
    expect(pending.body.items).toHaveLength(2);
  });

  it("is for admins only: 401 anonymous, 403 for staff and managers", async () => {
    const { invitation } = await adminWithInvitation();
    for (const role of ["staff", "manager"] as const) {
      const headers = await signIn(await createUser(testDb.prisma, { role }));
      expect((await call(listInvitations, { path: "/api/invitations", headers })).status).toBe(403);
      expect((await call(createInvitation, { method: "POST", path: "/api/invitations", headers, body: {} })).status).toBe(403);
      expect((await call(revokeInvitation, { method: "DELETE", path: "/", headers, params: { id: invitation.id } })).status).toBe(403);
    }
    expect((await call(listInvitations, { path: "/api/invitations" })).status).toBe(401);
    expect((await call(createInvitation, { method: "POST", path: "/api/invitations", body: {} })).status).toBe(401);
  });

  it.each([
    [{ role: "owner" }, "Role must be admin, manager or staff"],
    [{ expiresInDays: 0 }, "expiresInDays: Expiry must be at least 1 day"],
    [{ expiresInDays: 31 }, "expiresInDays: Expiry must be at most 30 days"],
    [{ email: "x" }, "Enter a valid email address"],
  ])("rejects %j with 400", async (body, message) => {
    const { headers } = await adminWithInvitation();
    const res = await call(createInvitation, { method: "POST", path: "/api/invitations", headers, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("refuses to invite an email that already has an account (409)", async () => {
    const { headers } = await adminWithInvitation();
    await createUser(testDb.prisma, { email: "member@example.test" });
    const res = await call(createInvitation, { method: "POST", path: "/api/invitations", headers, body: { email: "member@example.test" } });
    expect(res.status).toBe(409);
  });

  it("revokes a pending invitation (idempotently), 409 for a used one, 404 for an unknown one", async () => {
    const { headers, invitation, code } = await adminWithInvitation();
    const del = (id: string) => call(revokeInvitation, { method: "DELETE", path: `/api/invitations/${id}`, headers, params: { id } });

    const res = await del(invitation.id);
    expect(res.status).toBe(200);
    expect(res.body.invitation.status).toBe("revoked");
    expect((await del(invitation.id)).status).toBe(200);
    expect(await testDb.prisma.auditLog.count({ where: { action: "invitation.revoke", entityId: invitation.id } })).toBe(1);
    expect((await registerWith(person({ invitationCode: code }))).status).toBe(403);

    const second = await call(createInvitation, { method: "POST", path: "/api/invitations", headers, body: {} });
    await registerWith(person({ invitationCode: second.body.code }));
    const used = await del(second.body.invitation.id);
    expect(used.status).toBe(409);
    expect(used.body.message).toBe("This invitation has already been used");

    expect((await del("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await del("nope")).status).toBe(404);
  });
});

describe("POST /api/register with ALLOWED_EMAIL_DOMAINS (docs/auth.md)", () => {
  const saved = process.env.ALLOWED_EMAIL_DOMAINS;
  beforeEach(() => {
    process.env.ALLOWED_EMAIL_DOMAINS = "bfspets.com, bfsmemorials.com";
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.ALLOWED_EMAIL_DOMAINS;
    else process.env.ALLOWED_EMAIL_DOMAINS = saved;
  });

  it("lets an address at a company domain register without a code, as staff, signed in", async () => {
    await createUser(testDb.prisma, { role: "admin" });
    const res = await registerWith(person({ email: "Jane.Doe@BFSpets.com", firstName: "Jane", lastName: "Doe" }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: "jane.doe@bfspets.com", firstName: "Jane", role: "staff" });
    const cookie = cookieFrom(res)!;
    expect((await call(getUser, { path: "/api/user", headers: { cookie } })).body.id).toBe(res.body.id);
    const audit = await testDb.prisma.auditLog.findFirstOrThrow({ where: { action: "auth.register", entityId: res.body.id } });
    expect(audit.metadata).toMatchObject({ role: "staff", via: "email-domain", invitationId: null });
    expect((await registerWith(person({ email: "sam@bfsmemorials.com" }))).status).toBe(201);
  });

  it("still refuses other domains, look-alikes and sub-domains without a code (400 naming the field)", async () => {
    await createUser(testDb.prisma, { role: "admin" });
    for (const email of ["jane@gmail.com", "jane@evil-bfspets.com", "jane@mail.bfspets.com"]) {
      const res = await registerWith(person({ email }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("An invitation code is required to register. Ask an administrator for one.");
      expect(res.body.fieldErrors).toEqual([{ path: "invitationCode", message: expect.any(String) }]);
    }
    expect(await testDb.prisma.user.count()).toBe(1);
  });

  it("lets a code win over the domain (its role), and a bad code is still refused", async () => {
    const { code } = await adminWithInvitation({ role: "manager" });
    expect((await registerWith(person({ email: "ann@bfspets.com", invitationCode: "AAAA-BBBB-CCCC-DDDD" }))).status).toBe(403);
    const res = await registerWith(person({ email: "ann@bfspets.com", invitationCode: code }));
    expect(res.status).toBe(201);
    expect(res.body.role).toBe("manager");
  });

  it("keeps the first account the admin, whatever its domain", async () => {
    const res = await registerWith(person({ email: "owner@bfspets.com" }));
    expect(res.status).toBe(201);
    expect(res.body.role).toBe("admin");
  });

  it("refuses a duplicate address with 409", async () => {
    await createUser(testDb.prisma, { role: "admin", email: "taken@bfspets.com" });
    const res = await registerWith(person({ email: "taken@bfspets.com" }));
    expect(res.status).toBe(409);
  });
});
