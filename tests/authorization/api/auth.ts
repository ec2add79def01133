import { createECDH, randomUUID } from "node:crypto";
import { DEFAULT_TEST_PASSWORD } from "@/prisma/factories";
import { freshUser, punchCallerIn, sha256, uniqueEmail } from "../fixtures";
import { adminOnly, everyone, signedIn, type ApiRow } from "../types";

/** A browser's push key (an uncompressed P-256 point), for the push subscription rows. */
const MATRIX_P256DH = (() => {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return ecdh.getPublicKey().toString("base64url");
})();

/** Sign-in, sessions, profile, invitations, the punch clock's auth routes. */
export const authRows: ApiRow[] = [
  { route: "/api/auth/[...nextauth]", method: "GET", setup: async () => ({ path: "/api/auth/session" }), expect: everyone(200) },
  // next-auth's POST endpoints want its own CSRF token and, with no providers configured, sign nobody in: 400 for every caller.
  { route: "/api/auth/[...nextauth]", method: "POST", setup: async () => ({ path: "/api/auth/session", body: {} }), expect: everyone(400) },
  {
    route: "/api/login",
    method: "POST",
    setup: async (ctx) => ({ body: { email: (await freshUser(ctx)).email, password: DEFAULT_TEST_PASSWORD } }),
    expect: everyone(200),
  },
  { route: "/api/logout", method: "POST", expect: everyone(200) },
  {
    route: "/api/register",
    method: "POST",
    setup: async (ctx) => {
      const code = `MATRIX${sha256(uniqueEmail("code")).slice(0, 10).toUpperCase()}`;
      await ctx.db.invitation.create({
        data: { codeHash: sha256(code), role: "staff", createdById: ctx.users.admin.id, expiresAt: new Date(Date.now() + 86_400_000) },
      });
      return { body: { firstName: "New", lastName: "Member", email: uniqueEmail("register"), password: "a-new-password-1", invitationCode: code } };
    },
    expect: everyone(201),
  },
  {
    route: "/api/auth/refresh",
    method: "POST",
    setup: async (ctx) => {
      const login = await ctx.login((await freshUser(ctx)).email, "mobile");
      return { body: { refreshToken: (login.auth as { refreshToken: string }).refreshToken } };
    },
    expect: everyone(200),
  },
  { route: "/api/auth/password-reset", method: "POST", setup: async (ctx) => ({ body: { email: (await freshUser(ctx)).email } }), expect: everyone(200) },
  {
    route: "/api/auth/password-reset/confirm",
    method: "POST",
    setup: async (ctx) => {
      const token = uniqueEmail("token");
      const user = await freshUser(ctx);
      await ctx.db.passwordResetToken.create({ data: { userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + 600_000) } });
      return { body: { token, password: "a-new-password-1" } };
    },
    expect: everyone(200),
  },
  {
    route: "/api/auth/change-password",
    method: "POST",
    setup: async () => ({ body: { currentPassword: DEFAULT_TEST_PASSWORD, newPassword: "a-new-password-1" } }),
    // A clinic user's own account: the same password change (docs/clinics.md).
    expect: signedIn(200, { clinic: 200 }),
  },
  { route: "/api/auth/punch/status", method: "GET", expect: signedIn(200) },
  { route: "/api/auth/punch/in", method: "POST", setup: async () => ({ body: { location: "desktop" } }), expect: signedIn(201) },
  {
    route: "/api/auth/punch/out-with-reason",
    method: "POST",
    setup: async (ctx) => {
      await punchCallerIn(ctx);
      return { body: { location: "desktop", reason: "End of Workday" } };
    },
    expect: signedIn(200),
  },
  { route: "/api/auth/sessions", method: "GET", expect: signedIn(200, { clinic: 200 }) },
  { route: "/api/auth/sessions", method: "DELETE", expect: signedIn(200, { clinic: 200 }) },
  {
    route: "/api/auth/sessions/[id]",
    method: "DELETE",
    case: "the staff owner's other device",
    setup: async (ctx) => {
      await ctx.login(ctx.users.staff.email);
      const session = await ctx.db.authSession.findFirstOrThrow({ where: { userId: ctx.users.staff.id }, orderBy: { createdAt: "desc" } });
      return { path: `/api/auth/sessions/${session.id}` };
    },
    // Another's session is the same 404 for a clinic user (its own account's operation).
    expect: signedIn(200, { otherStaff: 404, manager: 404, admin: 404, clinic: 404 }),
  },
  // Any valid API key may ask whom it acts as, whatever its scopes.
  { route: "/api/user", method: "GET", expect: signedIn(200, { apiKey: 200, clinic: 200 }) },
  { route: "/api/user", method: "PATCH", setup: async () => ({ body: { firstName: "Renamed" } }), expect: signedIn(200) },
  // Own preferences: every signed-in member, never an API key.
  { route: "/api/user/preferences", method: "GET", expect: signedIn(200) },
  { route: "/api/user/preferences", method: "PATCH", setup: async () => ({ body: { homeView: "my-day" } }), expect: signedIn(200) },
  { route: "/api/user/notification-preferences", method: "GET", expect: signedIn(200) },
  { route: "/api/user/notification-preferences", method: "PUT", setup: async () => ({ body: { channels: { mention: "bell" } } }), expect: signedIn(200) },
  { route: "/api/push/public-key", method: "GET", expect: signedIn(200) },
  {
    route: "/api/push/subscriptions",
    method: "POST",
    setup: async () => ({ body: { endpoint: `https://push.example.com/matrix/${randomUUID()}`, keys: { p256dh: MATRIX_P256DH, auth: "AAAAAAAAAAAAAAAAAAAAAA" } } }),
    expect: signedIn(201),
  },
  { route: "/api/push/subscriptions/remove", method: "POST", setup: async () => ({ body: { endpoint: "https://push.example.com/matrix/none" } }), expect: signedIn(200) },
  { route: "/api/invitations", method: "GET", expect: adminOnly(200) },
  { route: "/api/invitations", method: "POST", setup: async () => ({ body: { role: "staff" } }), expect: adminOnly(201) },
  {
    route: "/api/invitations/[id]",
    method: "DELETE",
    setup: async (ctx) => {
      const invitation = await ctx.db.invitation.create({
        data: { codeHash: sha256(uniqueEmail("revoke")), createdById: ctx.users.admin.id, expiresAt: new Date(Date.now() + 86_400_000) },
      });
      return { path: `/api/invitations/${invitation.id}` };
    },
    expect: adminOnly(200),
  },
];
