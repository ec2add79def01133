/**
 * The password policy on every path that sets a password, and an invitation code that cannot
 * probe many emails.
 */
import { POST as register } from "@/app/api/register/route";
import { POST as createInvitation } from "@/app/api/invitations/route";
import { POST as changePassword } from "@/app/api/auth/change-password/route";
import { POST as requestReset } from "@/app/api/auth/password-reset/route";
import { POST as confirmReset } from "@/app/api/auth/password-reset/confirm/route";
import { POST as createMember } from "@/app/api/members/route";
import { waitForPasswordResetMail } from "@/lib/services/auth/request-password-reset";
import { createMemoryMailer, setMailer } from "@/lib/services/mail/mailer";
import { createUser, DEFAULT_TEST_PASSWORD } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();
const TOO_COMMON = "This password is too common or easy to guess: choose a longer, less predictable one (12 or more characters recommended)";
const PERSONAL = "Password must not be based on your name or email address";

let adminHeaders: Record<string, string>;
beforeAll(async () => {
  adminHeaders = await signIn(await createUser(testDb.prisma, { role: "admin" }));
});

const invitation = async (body: Record<string, unknown> = {}) =>
  (await call(createInvitation, { method: "POST", path: "/api/invitations", headers: adminHeaders, body })).body.code as string;
const registerWith = (body: Record<string, unknown>) => call(register, { method: "POST", path: "/api/register", body });

describe("weak passwords are refused on register, change, reset and admin temporary passwords", () => {
  const weak: Array<[string, string]> = [
    ["12345678", TOO_COMMON],
    ["password", TOO_COMMON],
    ["aaaaaaaa", TOO_COMMON],
    ["casey.lane", PERSONAL],
  ];

  it.each(weak)("register with %s", async (password, message) => {
    const code = await invitation();
    const res = await registerWith({ firstName: "Casey", lastName: "Lane", email: "casey.lane@example.test", password, invitationCode: code });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.fieldErrors).toEqual([{ path: "password", message }]);
    expect(await testDb.prisma.user.count({ where: { email: "casey.lane@example.test" } })).toBe(0);
  });

  it.each(weak)("change password to %s", async (password, message) => {
    const user = await createUser(testDb.prisma, { email: `casey.lane.${Math.random().toString(36).slice(2)}@example.test`, firstName: "Casey", lastName: "Lane" });
    const headers = await signIn(user);
    const res = await call(changePassword, { method: "POST", path: "/api/auth/change-password", headers, body: { currentPassword: DEFAULT_TEST_PASSWORD, newPassword: password } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it.each(weak)("reset to %s", async (password, message) => {
    const mailer = createMemoryMailer();
    setMailer(mailer);
    const user = await createUser(testDb.prisma, { email: `casey.lane.${Math.random().toString(36).slice(2)}@example.test`, firstName: "Casey", lastName: "Lane" });
    await call(requestReset, { method: "POST", path: "/api/auth/password-reset", body: { email: user.email } });
    await waitForPasswordResetMail();
    const token = new URL(mailer.messages.at(-1)!.text.match(/https?:\/\/\S+reset-password\?token=\S+/)![0]).searchParams.get("token")!;
    const res = await call(confirmReset, { method: "POST", path: "/api/auth/password-reset/confirm", body: { token, password } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    setMailer(null);
  });

  it.each(weak)("admin temporary password %s", async (password, message) => {
    const res = await call(createMember, {
      method: "POST",
      path: "/api/members",
      headers: adminHeaders,
      body: { firstName: "Casey", lastName: "Lane", email: `casey.lane.${Math.random().toString(36).slice(2)}@example.test`, temporaryPassword: password },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, field: "temporaryPassword" });
  });

  it("the demo password and a long passphrase pass", async () => {
    const code = await invitation();
    expect((await registerWith({ firstName: "Demo", lastName: "Person", email: "demo.person@example.test", password: "bfs-demo-2026", invitationCode: code })).status).toBe(201);
  });
});

describe("an invitation code cannot probe many emails", () => {
  it("a duplicate email uses the code up, so the next email gets the same 403 as a bad code", async () => {
    await createUser(testDb.prisma, { email: "known-1@example.test" });
    const code = await invitation();
    const first = await registerWith({ firstName: "P", lastName: "Robe", email: "known-1@example.test", password: "a long unusual passphrase", invitationCode: code });
    expect(first.status).toBe(409);
    const second = await registerWith({ firstName: "P", lastName: "Robe", email: "known-2@example.test", password: "a long unusual passphrase", invitationCode: code });
    expect(second.status).toBe(403);
    expect(second.body.message).toBe("This invitation code is invalid, expired or already used");
  });

  it("a code bound to an email works only for that email", async () => {
    const code = await invitation({ email: "bound@example.test" });
    expect((await registerWith({ firstName: "B", lastName: "Ound", email: "other@example.test", password: "a long unusual passphrase", invitationCode: code })).status).toBe(403);
    expect((await registerWith({ firstName: "B", lastName: "Ound", email: "bound@example.test", password: "a long unusual passphrase", invitationCode: code })).status).toBe(201);
  });
});
