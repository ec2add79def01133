import { GET as getUser } from "@/app/api/user/route";
import { POST as login } from "@/app/api/login/route";
import { POST as requestReset } from "@/app/api/auth/password-reset/route";
import { POST as confirmReset } from "@/app/api/auth/password-reset/confirm/route";
import { POST as changePassword } from "@/app/api/auth/change-password/route";
import { POST as punchIn } from "@/app/api/auth/punch/in/route";
import { setAuthClock } from "@/lib/auth/clock";
import { createMemoryMailer, setMailer } from "@/lib/services/mail/mailer";
import { waitForPasswordResetMail } from "@/lib/services/auth/request-password-reset";
import { createUser, DEFAULT_TEST_PASSWORD } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();
let mailer: ReturnType<typeof createMemoryMailer>;

beforeEach(() => {
  mailer = createMemoryMailer();
  setMailer(mailer);
});
afterEach(() => {
  setMailer(null);
  setAuthClock(null);
});

const SAME_ANSWER = "If an account exists for that email, we have sent a link to reset the password. It is valid for 1 hour.";
/** Asks for a link and waits for the background delivery (the answer never waits for it). */
const ask = async (email: string) => {
  const res = await call(requestReset, { method: "POST", path: "/api/auth/password-reset", body: { email } });
  await waitForPasswordResetMail();
  return res;
};
const confirm = (token: string, password: string) =>
  call(confirmReset, { method: "POST", path: "/api/auth/password-reset/confirm", body: { token, password } });
const loginStatus = async (email: string, password: string) =>
  (await call(login, { method: "POST", path: "/api/login", body: { email, password } })).status;

/** The token from the link in the last mail, as the /reset-password page would read it. */
function tokenFromMail(): string {
  const text = mailer.messages.at(-1)!.text;
  const link = text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)![0];
  return new URL(link).searchParams.get("token")!;
}

describe("password reset", () => {
  it("works end to end: mail with a link, new password set, old one refused, every session ended", async () => {
    const user = await createUser(testDb.prisma, { email: "forgetful@example.test", firstName: "Fred" });
    const browser = await signIn(user);
    const phone = await signIn(user, { via: "bearer" });

    const res = await ask("Forgetful@Example.TEST");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: SAME_ANSWER });
    expect(mailer.messages).toHaveLength(1);
    expect(mailer.messages[0]).toMatchObject({ to: "forgetful@example.test", subject: "Reset your BFS Tasks password" });
    expect(mailer.messages[0].text).toContain("Hello Fred,");
    expect(mailer.messages[0].text).toContain("http://localhost:3000/reset-password?token=");
    const token = tokenFromMail();
    // Only the hash is stored.
    const stored = await testDb.prisma.passwordResetToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored.tokenHash).not.toBe(token);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(3_600_000);

    const done = await confirm(token, "a-brand-new-password");
    expect(done.status).toBe(200);
    expect(done.body.message).toBe("Your password has been reset. Please sign in with your new password.");

    for (const headers of [browser, phone]) expect((await call(getUser, { path: "/api/user", headers })).status).toBe(401);
    expect(await loginStatus(user.email, DEFAULT_TEST_PASSWORD)).toBe(401);
    expect(await loginStatus(user.email, "a-brand-new-password")).toBe(200);
    expect(await testDb.prisma.auditLog.count({ where: { action: "auth.password_reset", entityId: user.id } })).toBe(1);
    const audit = JSON.stringify(await testDb.prisma.auditLog.findMany({ where: { entityId: user.id } }));
    expect(audit).not.toContain(token);
    expect(audit).not.toContain("a-brand-new-password");
  });

  it("gives the same answer for an unknown or deactivated email, and sends nothing", async () => {
    const inactive = await createUser(testDb.prisma, { isActive: false });
    for (const email of ["nobody@example.test", inactive.email]) {
      const res = await ask(email);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: SAME_ANSWER });
    }
    expect(mailer.messages).toHaveLength(0);
    expect(await testDb.prisma.passwordResetToken.count({ where: { userId: inactive.id } })).toBe(0);
  });

  it("uses a token once only, and voids the user's other outstanding links", async () => {
    const user = await createUser(testDb.prisma);
    await ask(user.email);
    const first = tokenFromMail();
    await ask(user.email);
    const second = tokenFromMail();

    expect((await confirm(second, "new-password-one")).status).toBe(200);
    const replay = await confirm(second, "new-password-two");
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe("This password reset link is invalid or has expired. Please request a new one.");
    expect((await confirm(first, "new-password-three")).status).toBe(400);
    expect(await loginStatus(user.email, "new-password-one")).toBe(200);
  });

  it("expires after 1 hour", async () => {
    const user = await createUser(testDb.prisma);
    const t0 = Date.now();
    setAuthClock(() => new Date(t0));
    await ask(user.email);
    const token = tokenFromMail();
    setAuthClock(() => new Date(t0 + 60 * 60_000 + 1));
    expect((await confirm(token, "too-late-password")).status).toBe(400);
    setAuthClock(() => new Date(t0 + 59 * 60_000));
    expect((await confirm(token, "just-in-time")).status).toBe(200);
  });

  it("validates input: email on request, token and password length on confirm", async () => {
    const bad = await call(requestReset, { method: "POST", path: "/api/auth/password-reset", body: { email: "nope" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Enter a valid email address");
    const short = await confirm("whatever", "short");
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("Password must be at least 8 characters");
    const noToken = await call(confirmReset, { method: "POST", path: "/api/auth/password-reset/confirm", body: { password: "long-enough" } });
    expect(noToken.status).toBe(400);
    expect(noToken.body.message).toBe("Reset token is required");
    expect((await confirm("made-up-token", "long-enough")).status).toBe(400);
  });
});

describe("POST /api/auth/change-password", () => {
  const change = (headers: Record<string, string> | undefined, body: Record<string, unknown>) =>
    call(changePassword, { method: "POST", path: "/api/auth/change-password", headers, body });

  it("needs the current password; keeps this device signed in and signs out the others", async () => {
    const user = await createUser(testDb.prisma, { mustChangePassword: true });
    const here = await signIn(user);
    const elsewhere = await signIn(user, { via: "bearer" });

    const wrong = await change(here, { currentPassword: "not-my-password", newPassword: "another-password" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("Current password is incorrect");

    const res = await change(here, { currentPassword: DEFAULT_TEST_PASSWORD, newPassword: "another-password" });
    expect(res.status).toBe(200);
    expect((await call(getUser, { path: "/api/user", headers: here })).body.mustChangePassword).toBe(false);
    expect((await call(getUser, { path: "/api/user", headers: elsewhere })).status).toBe(401);
    expect(await loginStatus(user.email, "another-password")).toBe(200);
    expect(await loginStatus(user.email, DEFAULT_TEST_PASSWORD)).toBe(401);
    expect(await testDb.prisma.auditLog.count({ where: { action: "auth.password_change", entityId: user.id } })).toBe(1);
  });

  it("with a temporary password, every other write is refused until the password is changed", async () => {
    const user = await createUser(testDb.prisma, { mustChangePassword: true });
    const headers = await signIn(user);
    const punch = () => call(punchIn, { method: "POST", path: "/api/auth/punch/in", headers, body: { location: "desktop" } });

    const refused = await punch();
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ requiresPasswordChange: true, message: expect.stringContaining("Choose a new password first") });
    expect(await testDb.prisma.punchSession.count({ where: { userId: user.id } })).toBe(0);
    expect((await call(getUser, { path: "/api/user", headers })).status).toBe(200);

    expect((await change(headers, { currentPassword: DEFAULT_TEST_PASSWORD, newPassword: "my-own-password" })).status).toBe(200);
    expect((await punch()).status).toBe(201);
  });

  it("validates the new password and requires a session", async () => {
    const user = await createUser(testDb.prisma);
    const headers = await signIn(user);
    const short = await change(headers, { currentPassword: DEFAULT_TEST_PASSWORD, newPassword: "short" });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("newPassword: Password must be at least 8 characters");
    const same = await change(headers, { currentPassword: DEFAULT_TEST_PASSWORD, newPassword: DEFAULT_TEST_PASSWORD });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe("New password must be different from the current password");
    expect((await change(undefined, { currentPassword: DEFAULT_TEST_PASSWORD, newPassword: "another-password" })).status).toBe(401);
  });
});
