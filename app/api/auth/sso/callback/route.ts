import { getClientInfo } from "@/lib/auth/client-info";
import { sessionCookieFor } from "@/lib/auth/next-auth";
import * as op from "@/lib/sso/contracts";
import { route } from "@/lib/http/route";
import { completeSso } from "@/lib/services/auth/sso/complete-sso";
import { clearPendingCookie } from "@/lib/services/auth/sso/pending";
import { redirectResponse } from "@/lib/services/auth/sso/redirect";

/** The provider's redirect back: signed in (the same session cookie as /api/login) and on to `/`, or back to the sign-in page with the reason. */
export const GET = route(op.ssoCallback, async ({ req, query }) => {
  const info = { ...getClientInfo(req), clientType: "web" as const };
  const result = await completeSso(query, req.headers.get("cookie"), info);
  if ("refused" in result) return redirectResponse(`/?sso=${result.refused}`, [clearPendingCookie()]);
  return redirectResponse(result.linked ? "/?sso=linked" : "/", [clearPendingCookie(), await sessionCookieFor(result.signedIn)]);
});
