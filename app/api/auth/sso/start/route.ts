import * as op from "@/lib/sso/contracts";
import { route } from "@/lib/http/route";
import { redirectResponse } from "@/lib/services/auth/sso/redirect";
import { startSso } from "@/lib/services/auth/sso/start-sso";

/** "Sign in with <provider>": to the provider's page, with state, nonce and PKCE kept in a sealed cookie. */
export const GET = route(op.startSso, async () => {
  const { location, cookies } = await startSso();
  return redirectResponse(location, cookies);
});
