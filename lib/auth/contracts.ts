/**
 * The accounts domain's API operations (lib/http/operation.ts): sign-in and out, registration,
 * mobile tokens, passwords, own sessions and profile, invitations, and next-auth's own endpoints.
 * Read by the handlers in app/api, the OpenAPI document and the tests.
 */
import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import {
  changePasswordSchema,
  createInvitationSchema,
  invitationCreatedSchema,
  invitationListSchema,
  invitationRevokedSchema,
  listInvitationsQuerySchema,
  loginSchema,
  messageSchema,
  mobileAuthSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  preferencesSchema,
  publicUserSchema,
  refreshSchema,
  registerSchema,
  revokeSessionsQuerySchema,
  sessionListSchema,
  sessionRevokedSchema,
  sessionsRevokedSchema,
  signInResponseSchema,
  updatePreferencesSchema,
  updateProfileSchema,
} from "@/lib/validations/auth";

const NEXT_AUTH_INTERNAL = "next-auth's own endpoints (the session cookie); integrations use /api/login";

/** next-auth's handler answers itself (session, csrf, providers, redirects): no contract of ours. */
const nextAuthAnswer = z.unknown().describe("next-auth's own answer");

export const nextAuthGet = defineOperation({
  method: "GET",
  path: "/api/auth/[...nextauth]",
  summary: "next-auth endpoints",
  access: { public: true },
  response: nextAuthAnswer,
  internal: NEXT_AUTH_INTERNAL,
});

export const nextAuthPost = defineOperation({
  method: "POST",
  path: "/api/auth/[...nextauth]",
  summary: "next-auth endpoints",
  access: { public: true },
  response: nextAuthAnswer,
  internal: NEXT_AUTH_INTERNAL,
});

export const login = defineOperation({
  method: "POST",
  path: "/api/login",
  summary: "Sign in",
  description: "Sets the session cookie. Answers with the bare user, or `{ user, auth }` with tokens when `client` is `mobile`.",
  access: { public: true },
  body: loginSchema,
  response: signInResponseSchema,
});

export const logout = defineOperation({
  method: "POST",
  path: "/api/logout",
  summary: "Sign out",
  description: "Idempotent: ends the caller's session, if any, and clears the cookie.",
  access: { public: true },
  response: messageSchema,
});

export const register = defineOperation({
  method: "POST",
  path: "/api/register",
  summary: "Register with an invitation code",
  description: "Signs the new user in (same answer as POST /api/login).",
  access: { public: true },
  body: registerSchema,
  response: signInResponseSchema,
  status: 201,
  errors: { 409: "An account with this email already exists (a valid invitation code is used up: `invitationUsedUp`)" },
});

export const refreshTokens = defineOperation({
  method: "POST",
  path: "/api/auth/refresh",
  summary: "Refresh mobile tokens",
  description: "A refresh token works once; presenting it again signs the device out.",
  access: { public: true },
  body: refreshSchema,
  response: mobileAuthSchema,
});

export const changePassword = defineOperation({
  method: "POST",
  path: "/api/auth/change-password",
  summary: "Change own password",
  description: "Signs out every other device.",
  access: { permission: "account.self", duringPasswordChange: true, clinic: true },
  body: changePasswordSchema,
  response: messageSchema,
});

export const requestPasswordReset = defineOperation({
  method: "POST",
  path: "/api/auth/password-reset",
  summary: "Request a password reset link",
  description: "Always the same answer, whether or not the email has an account; rate-limited per email and address (429).",
  access: { public: true },
  body: passwordResetRequestSchema,
  response: messageSchema,
});

export const confirmPasswordReset = defineOperation({
  method: "POST",
  path: "/api/auth/password-reset/confirm",
  summary: "Set a new password with a reset link",
  access: { public: true },
  body: passwordResetConfirmSchema,
  response: messageSchema,
});

export const listSessions = defineOperation({
  method: "GET",
  path: "/api/auth/sessions",
  summary: "List own sessions",
  access: { permission: "account.self", clinic: true },
  response: sessionListSchema,
});

export const revokeSessions = defineOperation({
  method: "DELETE",
  path: "/api/auth/sessions",
  summary: "Sign out own other sessions",
  description: "`scope=others` (default): every other device; `scope=all`: this one too (the cookie is cleared).",
  access: { permission: "account.self", clinic: true },
  query: revokeSessionsQuerySchema,
  response: sessionsRevokedSchema,
});

export const revokeSession = defineOperation({
  method: "DELETE",
  path: "/api/auth/sessions/[id]",
  summary: "Sign out one of own sessions",
  access: { permission: "account.self", clinic: true },
  response: sessionRevokedSchema,
});

export const getCurrentUser = defineOperation({
  method: "GET",
  path: "/api/user",
  summary: "The signed-in user",
  description: "For an API key, its acting member: any valid key may read whom it acts as, whatever its scopes.",
  access: { permission: "account.identity", clinic: true },
  response: publicUserSchema,
});

export const updateProfile = defineOperation({
  method: "PATCH",
  path: "/api/user",
  summary: "Update own profile",
  access: { permission: "account.self" },
  body: updateProfileSchema,
  response: publicUserSchema,
});

export const listInvitations = defineOperation({
  method: "GET",
  path: "/api/invitations",
  summary: "List invitations",
  access: { permission: "invitations.manage" },
  query: listInvitationsQuerySchema,
  response: invitationListSchema,
});

export const createInvitation = defineOperation({
  method: "POST",
  path: "/api/invitations",
  summary: "Create an invitation",
  description: "Returns the code this once; only its hash is stored.",
  access: { permission: "invitations.manage" },
  body: createInvitationSchema,
  response: invitationCreatedSchema,
  status: 201,
  errors: { 409: "An account with this email already exists" },
});

export const revokeInvitation = defineOperation({
  method: "DELETE",
  path: "/api/invitations/[id]",
  summary: "Revoke an invitation",
  access: { permission: "invitations.manage" },
  response: invitationRevokedSchema,
  errors: { 409: "The invitation has already been used" },
});

export const getPreferences = defineOperation({
  method: "GET",
  path: "/api/user/preferences",
  summary: "Own preferences",
  description:
    "`homeView`: what `/` opens on. Until chosen, admins and managers start on the task list and everyone else on My day. `taskListDensity`: how the task list draws its rows, `comfortable` (two lines a task, the default) or `compact` (one line a task).",
  access: { permission: "account.self" },
  response: preferencesSchema,
});

export const updatePreferences = defineOperation({
  method: "PATCH",
  path: "/api/user/preferences",
  summary: "Update own preferences",
  description: "Remembers what `/` opens on (`homeView`) and the task list's density (`taskListDensity`) for this member, on every device. Only the keys sent change.",
  access: { permission: "account.self" },
  body: updatePreferencesSchema,
  response: preferencesSchema,
});
