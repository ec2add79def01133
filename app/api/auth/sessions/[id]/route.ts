import * as op from "@/lib/auth/contracts";
import { signedOutResponse } from "@/lib/auth/next-auth";
import { route } from "@/lib/http/route";
import { revokeSession } from "@/lib/services/auth/revoke-session";

/** Sign out one of my devices (404 for anyone else's). */
export const DELETE = route(op.revokeSession, async ({ caller, params }) => {
  const result = await revokeSession(caller, String(params.id));
  return result.currentRevoked ? signedOutResponse(result) : result;
});
