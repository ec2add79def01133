import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/http/app-error";
import type { ClientInfo } from "@/lib/auth/client-info";
import { spendPasswordTime, verifyPassword } from "@/lib/auth/password";
import type { LoginInput } from "@/lib/validations/auth";
import { assertNotLockedOut } from "./assert-not-locked-out";
import { createAuthSession, type SignInResult } from "./create-auth-session";
import { publicUserSelect, toPublicUser } from "./public-user";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { recordLoginAttempt } from "./record-login-attempt";
import { passwordSignInRefusal } from "./sso/settings";
import { requireSsoMessage } from "@/lib/sso/outcomes";

export const INVALID_CREDENTIALS = "Invalid email or password";
export const ACCOUNT_DEACTIVATED = "This account has been deactivated";

/**
 * Email (already lower-cased by the schema) and password. Unknown email and wrong password
 * are the same 401 and cost the same hashing time. A deactivated account is named only to
 * someone who knows its password.
 */
export async function loginUser(input: LoginInput, info: ClientInfo): Promise<SignInResult> {
  await assertNotLockedOut(input.email, info.ip);

  const user = await db.user.findUnique({
    where: { email: input.email },
    select: { ...publicUserSelect, passwordHash: true, isActive: true },
  });
  let valid = false;
  if (user) valid = await verifyPassword(input.password, user.passwordHash);
  else await spendPasswordTime(input.password);
  if (!user || !valid) {
    await recordLoginAttempt({ email: input.email, ip: info.ip, succeeded: false });
    throw new AppError("UNAUTHORIZED", INVALID_CREDENTIALS);
  }
  if (!user.isActive) throw new AppError("UNAUTHORIZED", ACCOUNT_DEACTIVATED);
  // The admin requires single sign-on: only the break-glass administrator still uses a password.
  const ssoProvider = await passwordSignInRefusal(user.id);
  if (ssoProvider) throw new AppError("FORBIDDEN", requireSsoMessage(ssoProvider), { ssoRequired: true });

  const publicUser = toPublicUser(user);
  await recordLoginAttempt({ email: input.email, ip: info.ip, succeeded: true });
  return db.$transaction(async (tx) => {
    const result = await createAuthSession(tx, publicUser, info);
    await recordAudit(tx, {
      actorId: user.id,
      action: "auth.login",
      entityType: "user",
      entityId: user.id,
      metadata: { sessionId: result.session.id, clientType: info.clientType, ip: info.ip },
    });
    return result;
  });
}
