import { z } from "zod";
import { ROLES } from "@/lib/auth/roles";
import { addIssues } from "./form-issues";
import { ClientType, MemberType, Role } from "@/lib/generated/prisma/enums";
import { isoDateTime } from "./common";
import { text } from "./text";

/** Shared by the sign-in, register, reset and profile forms and by their route handlers. */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const PASSWORD_RECOMMENDED_LENGTH = 12;
/** The hint under every new-password field (the server also refuses common and personal passwords). */
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters; ${PASSWORD_RECOMMENDED_LENGTH} or more recommended. Avoid common passwords and your own name or email.`;

const required = (label: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`),
});

export const emailField = text(required("Email"))
  .trim()
  .toLowerCase()
  .min(1, "Email is required")
  .max(254, "Email must be at most 254 characters")
  .pipe(z.email("Enter a valid email address"));

/** For signing in: any non-empty password (the length rule applies when one is set). */
const currentPasswordField = (label: string) =>
  z.string(required(label)).min(1, `${label} is required`).max(PASSWORD_MAX_LENGTH, `${label} must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const newPasswordField = z
  .string(required("Password"))
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

const nameField = (label: string) =>
  text(required(label)).trim().min(1, `${label} is required`).max(100, `${label} must be at most 100 characters`);

export const clientTypeField = z.enum(["mobile", "web"], { error: 'client must be "mobile" or "web"' }).optional();

export const loginSchema = z.object({
  email: emailField,
  password: currentPasswordField("Password"),
  client: clientTypeField,
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Invitation codes are shown as XXXX-XXXX-XXXX-XXXX; case, spaces and dashes don't matter. */
export const normalizeInvitationCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, "");

export const invitationCodeField = text()
  .trim()
  .max(64, "Invitation code is too long")
  .transform(normalizeInvitationCode)
  .optional()
  .transform((v) => (v ? v : undefined));

/** Registering without a code when it is needed (the server's 400, and the form's own check). */
export const INVITATION_REQUIRED = "An invitation code is required to register. Ask an administrator for one.";

export const registerSchema = z.object({
  firstName: nameField("First name"),
  lastName: nameField("Last name"),
  email: emailField,
  password: newPasswordField,
  invitationCode: invitationCodeField,
  client: clientTypeField,
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const refreshSchema = z.object({
  refreshToken: text(required("Refresh token")).min(1, "Refresh token is required").max(512, "Refresh token is invalid"),
});

export const passwordResetRequestSchema = z.object({ email: emailField });

export const passwordResetConfirmSchema = z.object({
  token: text(required("Reset token")).min(1, "Reset token is required").max(512, "Reset token is invalid"),
  password: newPasswordField,
});

export const changePasswordSchema = z
  .object({
    currentPassword: currentPasswordField("Current password"),
    newPassword: newPasswordField,
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    path: ["newPassword"],
    message: "New password must be different from the current password",
  });

export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

/** Repeating a new password: the form's own rule, once the password itself is acceptable. */
export const PASSWORDS_DIFFER = "The passwords do not match";

/** The change-password form: the request plus the repeated password. */
export const changePasswordFormSchema = z
  .object({ currentPassword: z.string(), newPassword: z.string(), repeatPassword: z.string() })
  .transform((values, ctx) => {
    const parsed = changePasswordSchema.safeParse({ currentPassword: values.currentPassword, newPassword: values.newPassword });
    if (!parsed.success) {
      addIssues(ctx, parsed.error.issues);
      return z.NEVER;
    }
    if (values.repeatPassword !== values.newPassword) {
      ctx.addIssue({ code: "custom", path: ["repeatPassword"], message: PASSWORDS_DIFFER });
      return z.NEVER;
    }
    return parsed.data;
  });

/** The reset-password form (step 2): the new password and its repeat; the token comes from the link. */
export const resetPasswordFormSchema = z.object({ password: newPasswordField, repeat: z.string() }).superRefine((values, ctx) => {
  if (values.password !== values.repeat) ctx.addIssue({ code: "custom", path: ["repeat"], message: PASSWORDS_DIFFER });
});

export const updateProfileSchema = z
  .object({
    firstName: nameField("First name").optional(),
    lastName: nameField("Last name").optional(),
  })
  .refine((v) => v.firstName !== undefined || v.lastName !== undefined, { message: "Nothing to update: send firstName or lastName" });

export type UpdateProfileInput = z.output<typeof updateProfileSchema>;

export const revokeSessionsQuerySchema = z.object({
  /** "others" (default): sign out every other device; "all": this one too. */
  scope: z.enum(["others", "all"], { error: 'scope must be "others" or "all"' }).default("others"),
});

export const INVITATION_DEFAULT_DAYS = 7;
export const INVITATION_MAX_DAYS = 30;

export const createInvitationSchema = z.object({
  /** When set, only this address may use the code. */
  email: emailField.optional(),
  role: z.enum(ROLES, { error: "Role must be admin, manager or staff" }).default("staff"),
  expiresInDays: z.coerce
    .number({ error: "Expiry must be a number of days" })
    .int("Expiry must be a whole number of days")
    .min(1, "Expiry must be at least 1 day")
    .max(INVITATION_MAX_DAYS, `Expiry must be at most ${INVITATION_MAX_DAYS} days`)
    .default(INVITATION_DEFAULT_DAYS),
});
export type CreateInvitationInput = z.infer<typeof createInvitationSchema>;

/** The invitation form: a blank email means "anyone with the code". */
export const createInvitationFormSchema = z
  .object({ email: z.string(), role: z.string(), expiresInDays: z.string() })
  .transform((values, ctx) => {
    const parsed = createInvitationSchema.safeParse({ email: values.email.trim() || undefined, role: values.role, expiresInDays: values.expiresInDays });
    if (parsed.success) return parsed.data;
    addIssues(ctx, parsed.error.issues);
    return z.NEVER;
  });

export const listInvitationsQuerySchema = z.object({
  status: z.enum(["pending", "all"], { error: 'status must be "pending" or "all"' }).default("all"),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.uuid("cursor must be an invitation id").optional(),
});

// ------------------------------------------------------------------ answers (the JSON on the wire)

/** The user as the client sees it (spec §3 "bare user"): GET/PATCH /api/user, and sign-in for browsers. */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(Role),
  memberType: z.enum(MemberType),
  mustChangePassword: z.boolean(),
});

/** A mobile client's tokens: POST /api/auth/refresh, and sign-in with `client: "mobile"`. */
export const mobileAuthSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int(),
});

/** Sign-in and registration: the bare user (browser) or `{ user, auth }` (mobile client), spec §3. */
export const signInResponseSchema = z.union([publicUserSchema, z.object({ user: publicUserSchema, auth: mobileAuthSchema })]);

/** A write that answers with a sentence to show (password change and reset, logout). */
export const messageSchema = z.object({ message: z.string() });

export const deviceSessionSchema = z.object({
  id: z.string(),
  clientType: z.enum(ClientType),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: isoDateTime,
  lastSeenAt: isoDateTime,
  expiresAt: isoDateTime,
  /** The device this request came from. */
  current: z.boolean(),
});

export const sessionListSchema = z.object({ sessions: z.array(deviceSessionSchema) });

export const sessionsRevokedSchema = z.object({ revoked: z.number().int(), currentRevoked: z.boolean() });

export const sessionRevokedSchema = z.object({ currentRevoked: z.boolean() });

const invitationPersonSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() });

/** An invitation as admins see it: never the code or its hash, plus a derived status. */
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  role: z.enum(Role),
  expiresAt: isoDateTime,
  usedAt: isoDateTime.nullable(),
  revokedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  createdBy: invitationPersonSchema,
  usedBy: invitationPersonSchema.nullable(),
  status: z.enum(["pending", "used", "revoked", "expired"]),
});

export const invitationListSchema = z.object({ items: z.array(invitationSchema), nextCursor: z.string().nullable() });

/** The code is in this answer only; it is stored hashed. */
export const invitationCreatedSchema = z.object({ invitation: invitationSchema, code: z.string() });

export const invitationRevokedSchema = z.object({ invitation: invitationSchema });

// ------------------------------------------------------------------ own preferences

/** What `/` opens on: "my-day" (the staff member's day on top of the task list) or "task-list" (the spec's Task List as it is). */
export const HOME_VIEWS = ["my-day", "task-list"] as const;
export type HomeView = (typeof HOME_VIEWS)[number];

/** How the task list draws its rows: "comfortable" (two lines a task) or "compact" (one line a task, for desks). */
export const TASK_LIST_DENSITIES = ["comfortable", "compact"] as const;
export type TaskListDensity = (typeof TASK_LIST_DENSITIES)[number];

/** PATCH /api/user/preferences: the keys sent change, the others stay. */
export const updatePreferencesSchema = z
  .object({
    homeView: z.enum(HOME_VIEWS, { error: 'homeView must be "my-day" or "task-list"' }).optional(),
    taskListDensity: z.enum(TASK_LIST_DENSITIES, { error: 'taskListDensity must be "comfortable" or "compact"' }).optional(),
  })
  .refine((body) => body.homeView !== undefined || body.taskListDensity !== undefined, { message: "Send homeView or taskListDensity", path: ["homeView"] });

/** GET and PATCH /api/user/preferences: the preferences in force (the defaults until chosen). */
export const preferencesSchema = z.object({ homeView: z.enum(HOME_VIEWS), taskListDensity: z.enum(TASK_LIST_DENSITIES) });

/** What the login and register screens are told about creating an account (docs/auth.md), read on the server. */
export interface RegistrationPolicy {
  /** No account exists yet: the first one needs no code and becomes the admin. */
  firstAccount: boolean;
  /** ALLOWED_EMAIL_DOMAINS: addresses there register without a code (as staff). */
  allowedEmailDomains: string[];
}
