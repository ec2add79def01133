import * as op from "@/lib/auth/contracts";
import { signedOutResponse } from "@/lib/auth/next-auth";
import { route } from "@/lib/http/route";
import { logoutSession } from "@/lib/services/auth/logout-session";

/** Public and idempotent: whatever the state of the session, the caller ends up signed out. */
export const POST = route(op.logout, async ({ caller }) => {
  await logoutSession(caller);
  return signedOutResponse({ message: "You have been logged out successfully" });
});
