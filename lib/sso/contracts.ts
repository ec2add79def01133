/**
 * Single sign-on's operations (lib/http/operation.ts; docs/auth.md "Single sign-on"): the admin's
 * provider settings, and the two browser redirects of the OpenID Connect flow. No API key may call
 * the settings (the permission's domain has no scope).
 */
import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { savedSsoSettingsSchema, ssoCallbackQuerySchema, ssoSettingsSchema, updateSsoSettingsSchema } from "@/lib/validations/sso";

const BROWSER_REDIRECT = "a browser redirect of the single sign-on flow (docs/auth.md); integrations use API keys";
const redirect = z.null().describe("303 See Other: the provider's sign-in page, or back to the app");

export const getSsoSettings = defineOperation({
  method: "GET",
  path: "/api/admin/sso",
  summary: "Read the single sign-on settings",
  description: "The client secret is never answered: only whether one is stored and its first characters.",
  access: { permission: "sso.manage" },
  response: ssoSettingsSchema,
});

export const updateSsoSettings = defineOperation({
  method: "PUT",
  path: "/api/admin/sso",
  summary: "Configure the company's OpenID Connect provider",
  description: "The client secret is stored encrypted; leave it out to keep the stored one. `requireSso` refuses password sign-in to everyone but `breakGlassUserId`, an active administrator, ends every open session not made by single sign-on but theirs (`endedSessions` counts them) and keeps SSO sessions to 12 hours.",
  access: { permission: "sso.manage" },
  body: updateSsoSettingsSchema,
  response: savedSsoSettingsSchema,
});

export const startSso = defineOperation({
  method: "GET",
  path: "/api/auth/sso/start",
  summary: "Start signing in with the company's provider",
  description: "Redirects to the provider's sign-in page (authorization code with PKCE, `state` and `nonce`), or back to the sign-in page when single sign-on is off.",
  access: { public: true },
  response: redirect,
  status: 303,
  errors: { 429: "Too many sign-in attempts from this address" },
  internal: BROWSER_REDIRECT,
});

export const ssoCallback = defineOperation({
  method: "GET",
  path: "/api/auth/sso/callback",
  summary: "The provider's redirect back after signing in",
  description: "Checks `state`, PKCE and the ID token (issuer, audience, signature, `nonce`), then signs the member in with the session cookie and redirects to `/`; a refusal redirects to `/?sso=<reason>`.",
  access: { public: true },
  query: ssoCallbackQuerySchema,
  response: redirect,
  status: 303,
  errors: { 429: "Too many sign-in attempts from this address" },
  internal: BROWSER_REDIRECT,
});
