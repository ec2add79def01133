import { sealSecret } from "@/lib/auth/secret-box";
import { adminOnly, everyone, type ApiRow } from "../types";

/** Single sign-on (docs/auth.md): the settings are admins' only, no API key; the two redirects are anyone's. */
const SETTINGS = { preset: "google", issuer: "https://accounts.google.com", clientId: "matrix-client", clientSecret: "matrix-secret", enabled: false };

export const ssoRows: ApiRow[] = [
  { route: "/api/admin/sso", method: "GET", expect: adminOnly(200) },
  { route: "/api/admin/sso", method: "PUT", setup: async () => ({ body: SETTINGS }), expect: adminOnly(200) },
  // Without a provider configured: straight back to the sign-in page, whoever asks.
  { route: "/api/auth/sso/start", method: "GET", expect: everyone(303) },
  {
    route: "/api/auth/sso/callback",
    method: "GET",
    setup: async (ctx) => {
      await ctx.db.ssoSettings.upsert({
        where: { id: 1 },
        create: { id: 1, preset: "google", issuer: "https://accounts.google.com", clientId: "matrix", clientSecretCiphertext: sealSecret("s"), clientSecretHint: "s", enabled: false },
        update: {},
      });
      return { path: "/api/auth/sso/callback?code=abc&state=def" };
    },
    expect: everyone(303),
  },
];
