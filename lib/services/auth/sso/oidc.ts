import "server-only";
import { Issuer, custom, type BaseClient } from "openid-client";
import { testHooksEnabled } from "@/lib/jobs/test-hooks";
import { appUrl } from "@/lib/services/mail/mailer";
import { SSO_ISSUER_HTTPS } from "@/lib/validations/sso";

/**
 * The OpenID Connect client (docs/auth.md "Single sign-on"): openid-client 5, the library
 * next-auth 4 itself runs on, used directly because the provider is configured at run time (a
 * database row), and the sign-in must end in our own session row, lockout-free audit and cookie.
 */

export const SSO_CALLBACK_PATH = "/api/auth/sso/callback";
export const ssoRedirectUri = () => `${appUrl()}${SSO_CALLBACK_PATH}`;

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/**
 * https, always; plain http only for a loopback issuer and only where the test setting allows
 * it (ENABLE_TEST_HOOKS, which production leaves off): the tests' local provider.
 */
export function issuerProblem(issuer: string): string | null {
  const url = new URL(issuer);
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname) && testHooksEnabled()) return null;
  return SSO_ISSUER_HTTPS;
}

custom.setHttpOptionsDefaults({ timeout: 5000 });

const DISCOVERY_TTL_MS = 10 * 60 * 1000;
const discovered = new Map<string, { issuer: Issuer<BaseClient>; at: number }>();

/** The provider's metadata (/.well-known/openid-configuration), kept 10 minutes per issuer. */
async function discover(issuerUrl: string): Promise<Issuer<BaseClient>> {
  const hit = discovered.get(issuerUrl);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.issuer;
  const issuer = await Issuer.discover(`${issuerUrl}/.well-known/openid-configuration`);
  // The metadata must name the configured issuer: the ID token's `iss` is checked against it.
  if (String(issuer.metadata.issuer).replace(/\/+$/, "") !== issuerUrl) throw new Error("The provider's metadata names another issuer");
  discovered.set(issuerUrl, { issuer, at: Date.now() });
  return issuer;
}

/** Forgets the cached metadata (after the settings change, and in tests). */
export const forgetDiscovery = () => discovered.clear();

/** A confidential client, RS256 ID tokens only (so `alg: none` and HMAC tokens are refused). */
/** Takes only the client fields of the settings, so this module stays below ./settings. */
export async function oidcClient(config: { issuer: string; clientId: string; clientSecret: string }): Promise<BaseClient> {
  if (issuerProblem(config.issuer)) throw new Error(SSO_ISSUER_HTTPS);
  const issuer = await discover(config.issuer);
  return new issuer.Client({
    client_id: config.clientId,
    client_secret: config.clientSecret,
    redirect_uris: [ssoRedirectUri()],
    response_types: ["code"],
    id_token_signed_response_alg: "RS256",
    token_endpoint_auth_method: "client_secret_basic",
  });
}
