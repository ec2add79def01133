import { op, type RouteDoc } from "../describe";
import { punchStatusSchema } from "../responses";
import { changePasswordSchema, createInvitationSchema, listInvitationsQuerySchema, loginSchema, passwordResetConfirmSchema, passwordResetRequestSchema, refreshSchema, registerSchema, revokeSessionsQuerySchema, updateProfileSchema } from "@/lib/validations/auth";
import { punchInSchema, punchOutSchema } from "@/lib/validations/punch";
import * as authNextauth from "@/app/api/auth/[...nextauth]/route";
import * as authChangePassword from "@/app/api/auth/change-password/route";
import * as authPasswordResetConfirm from "@/app/api/auth/password-reset/confirm/route";
import * as authPasswordReset from "@/app/api/auth/password-reset/route";
import * as authPunchIn from "@/app/api/auth/punch/in/route";
import * as authPunchOutWithReason from "@/app/api/auth/punch/out-with-reason/route";
import * as authPunchStatus from "@/app/api/auth/punch/status/route";
import * as authRefresh from "@/app/api/auth/refresh/route";
import * as authSessionsId from "@/app/api/auth/sessions/[id]/route";
import * as authSessions from "@/app/api/auth/sessions/route";
import * as invitationsId from "@/app/api/invitations/[id]/route";
import * as invitations from "@/app/api/invitations/route";
import * as login from "@/app/api/login/route";
import * as logout from "@/app/api/logout/route";
import * as register from "@/app/api/register/route";
import * as user from "@/app/api/user/route";

export const authDocs = (): RouteDoc[] => [
  op("GET /api/auth/[...nextauth]", authNextauth.GET, "next-auth endpoints", { internal: "next-auth's own endpoints (the session cookie); integrations use /api/login" }),
  op("POST /api/auth/[...nextauth]", authNextauth.POST, "next-auth endpoints", { internal: "next-auth's own endpoints (the session cookie); integrations use /api/login" }),
  op("POST /api/auth/change-password", authChangePassword.POST, "Change own password", { body: changePasswordSchema }),
  op("POST /api/auth/password-reset/confirm", authPasswordResetConfirm.POST, "Set a new password with a reset link", { body: passwordResetConfirmSchema }),
  op("POST /api/auth/password-reset", authPasswordReset.POST, "Request a password reset link", { body: passwordResetRequestSchema }),
  op("POST /api/auth/punch/in", authPunchIn.POST, "Punch in", { body: punchInSchema, status: 201 }),
  op("POST /api/auth/punch/out-with-reason", authPunchOutWithReason.POST, "Punch out with a reason", { body: punchOutSchema }),
  op("GET /api/auth/punch/status", authPunchStatus.GET, "Punch status", { response: punchStatusSchema }),
  op("POST /api/auth/refresh", authRefresh.POST, "Refresh mobile tokens", { body: refreshSchema }),
  op("DELETE /api/auth/sessions/[id]", authSessionsId.DELETE, "Sign out one of own sessions"),
  op("GET /api/auth/sessions", authSessions.GET, "List own sessions"),
  op("DELETE /api/auth/sessions", authSessions.DELETE, "Sign out own other sessions", { query: revokeSessionsQuerySchema }),
  op("DELETE /api/invitations/[id]", invitationsId.DELETE, "Revoke an invitation"),
  op("GET /api/invitations", invitations.GET, "List invitations", { query: listInvitationsQuerySchema }),
  op("POST /api/invitations", invitations.POST, "Create an invitation", { body: createInvitationSchema, status: 201 }),
  op("POST /api/login", login.POST, "Sign in", { body: loginSchema }),
  op("POST /api/logout", logout.POST, "Sign out"),
  op("POST /api/register", register.POST, "Register with an invitation code", { body: registerSchema, status: 201 }),
  op("GET /api/user", user.GET, "The signed-in user"),
  op("PATCH /api/user", user.PATCH, "Update own profile", { body: updateProfileSchema }),
];
