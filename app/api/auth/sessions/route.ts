import * as op from "@/lib/auth/contracts";
import { signedOutResponse } from "@/lib/auth/next-auth";
import { route } from "@/lib/http/route";
import { listSessions } from "@/lib/services/auth/list-sessions";
import { revokeMySessions } from "@/lib/services/auth/revoke-my-sessions";

/** My signed-in devices. */
export const GET = route(op.listSessions, async ({ caller }) => listSessions(caller));

/** ?scope=others (default): sign out everywhere else; ?scope=all: everywhere, this device included. */
export const DELETE = route(op.revokeSessions, async ({ caller, query }) => {
  const result = await revokeMySessions(caller, query.scope);
  return result.currentRevoked ? signedOutResponse(result) : result;
});
