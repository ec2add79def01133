import "server-only";
import { generators } from "openid-client";
import { loadSsoConfig } from "./settings";
import { oidcClient } from "./oidc";
import { pendingCookie } from "./pending";

export interface Redirect {
  location: string;
  cookies: string[];
}

/**
 * The redirect to the provider's sign-in page: authorization code with PKCE (S256), a fresh
 * `state` and `nonce`, kept in the sealed pending cookie for the callback to check. Back to the
 * sign-in page with a reason when SSO is off or the provider can't be reached.
 */
export async function startSso(): Promise<Redirect> {
  const config = await loadSsoConfig();
  if (!config) return { location: "/?sso=unavailable", cookies: [] };
  let client;
  try {
    client = await oidcClient(config);
  } catch {
    return { location: "/?sso=unavailable", cookies: [] };
  }
  const state = generators.state();
  const nonce = generators.nonce();
  const verifier = generators.codeVerifier();
  const location = client.authorizationUrl({
    scope: "openid email profile",
    response_type: "code",
    code_challenge: generators.codeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  return { location, cookies: [pendingCookie({ state, nonce, verifier, issuer: config.issuer, clientId: config.clientId })] };
}
