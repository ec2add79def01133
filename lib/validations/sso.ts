import { z } from "zod";
import { isoDateTime } from "./common";
import { text } from "./text";

/** Single sign-on with OpenID Connect (docs/auth.md "Single sign-on"): the admin's settings and the callback's query. */

export const SSO_PRESETS = ["google", "microsoft", "generic"] as const;
export type SsoPreset = (typeof SSO_PRESETS)[number];

/** The button's words ("Sign in with Google") and the settings' choices. */
export const SSO_PRESET_LABELS: Record<SsoPreset, string> = {
  google: "Google",
  microsoft: "Microsoft",
  generic: "your company account",
};

export const SSO_PRESET_TITLES: Record<SsoPreset, string> = {
  google: "Google Workspace",
  microsoft: "Microsoft Entra ID",
  generic: "Other OpenID Connect provider",
};

/** What the issuer field starts from for each preset (Entra's tenant id is the admin's to fill in). */
export const SSO_PRESET_ISSUERS: Record<SsoPreset, string> = {
  google: "https://accounts.google.com",
  microsoft: "https://login.microsoftonline.com/<tenant-id>/v2.0",
  generic: "",
};

export const SSO_ISSUER_HTTPS = "Issuer URL must start with https://";
export const SSO_SECRET_REQUIRED = "Client secret is required";
export const SSO_BREAK_GLASS_REQUIRED = "Choose the break-glass administrator who may still sign in with a password";

const issuer = text({ error: "Issuer URL is required" })
  .trim()
  .min(1, "Issuer URL is required")
  .max(500, "Issuer URL must be at most 500 characters")
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), "Issuer URL must be a valid address")
  .refine((value) => !URL.canParse(value) || (!new URL(value).username && !new URL(value).password && !new URL(value).search && !new URL(value).hash), "Issuer URL must not contain a user name, password, query or fragment")
  .transform((value) => value.replace(/\/+$/, ""));

export const updateSsoSettingsSchema = z
  .object({
    preset: z.enum(SSO_PRESETS, { error: 'preset must be "google", "microsoft" or "generic"' }),
    issuer,
    clientId: text({ error: "Client ID is required" }).trim().min(1, "Client ID is required").max(500, "Client ID must be at most 500 characters"),
    /** Left out (or blank) to keep the stored secret; required the first time. */
    clientSecret: text().trim().max(2000, "Client secret must be at most 2000 characters").optional(),
    enabled: z.boolean({ error: "enabled must be true or false" }),
    requireSso: z.boolean({ error: "requireSso must be true or false" }).default(false),
    breakGlassUserId: z.uuid({ error: "breakGlassUserId must be a member's id" }).nullable().default(null),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.requireSso && !value.breakGlassUserId) ctx.addIssue({ code: "custom", path: ["breakGlassUserId"], message: SSO_BREAK_GLASS_REQUIRED });
    if (value.requireSso && !value.enabled) ctx.addIssue({ code: "custom", path: ["requireSso"], message: "Single sign-on must be on to require it" });
  });
export type UpdateSsoSettingsInput = z.input<typeof updateSsoSettingsSchema>;

/** The settings as an admin reads them: the client secret never, only whether one is stored and its first characters. */
export const ssoSettingsSchema = z.object({
  configured: z.boolean(),
  preset: z.enum(SSO_PRESETS),
  issuer: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  clientSecretHint: z.string().nullable(),
  enabled: z.boolean(),
  requireSso: z.boolean(),
  breakGlassUserId: z.string().nullable(),
  /** Where the provider must send people back: register this exact URL with it. */
  redirectUri: z.string(),
  updatedAt: isoDateTime.nullable(),
  /** Open sessions (web and mobile) not made by single sign-on, every member's: requiring SSO ends them but the break-glass administrator's. */
  nonSsoSessions: z.number().int(),
});
export type SsoSettingsView = z.output<typeof ssoSettingsSchema>;

/** The answer to a save: the settings, and how many sessions requiring SSO ended just now. */
export const savedSsoSettingsSchema = ssoSettingsSchema.extend({ endedSessions: z.number().int() });

/** The provider's answer on the redirect back (RFC 6749 §4.1.2); anything else is ignored. */
export const ssoCallbackQuerySchema = z.object({
  code: text().max(4000, "code is too long").optional(),
  state: text().max(500, "state is too long").optional(),
  error: text().max(200, "error is too long").optional(),
  error_description: text().max(1000, "error_description is too long").optional(),
  iss: text().max(500, "iss is too long").optional(),
});
