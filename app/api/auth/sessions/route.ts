import { signedOutResponse } from "@/lib/auth/next-auth";
import { route } from "@/lib/http/route";
import { listSessions } from "@/lib/services/auth/list-sessions";
import { revokeMySessions } from "@/lib/services/auth/revoke-my-sessions";
import { revokeSessionsQuerySchema } from "@/lib/validations/auth";

/** My signed-in devices. */
export const GET = route(async ({ caller }) => listSessions(caller), { permission: "account.self" });

/** ?scope=others (default): sign out everywhere else; ?scope=all: everywhere, this device included. */
export const DELETE = route(async ({ caller, query }) => {
  const result = await revokeMySessions(caller, query(revokeSessionsQuerySchema).scope);
  return result.currentRevoked ? signedOutResponse(result) : result;
}, { permission: "account.self" });
