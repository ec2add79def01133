import "server-only";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ClientInfo } from "@/lib/auth/client-info";
import { addMs, now } from "@/lib/auth/clock";
import { REFRESH_TOKEN_TTL_MS, SSO_REQUIRED_SESSION_TTL_MS, WEB_SESSION_TTL_MS, generateOpaqueToken, hashToken, signAccessToken } from "@/lib/auth/tokens";
import type { SignInMethod } from "@/lib/generated/prisma/enums";
import { AppError } from "@/lib/http/app-error";
import { requireSsoMessage } from "@/lib/sso/outcomes";
import { SSO_PRESET_LABELS, type SsoPreset } from "@/lib/validations/sso";
import type { PublicUser } from "./public-user";
import type { z } from "zod";
import type { mobileAuthSchema } from "@/lib/validations/auth";

export type MobileAuth = z.input<typeof mobileAuthSchema>;

/** What signing in produced; the HTTP layer turns it into the body and the session cookie. */
export interface SignInResult {
  user: PublicUser;
  session: { id: string; expiresAt: Date };
  /** Present for mobile clients only. */
  auth?: MobileAuth;
}

/**
 * A new signed-in device. Browsers get a 30-day session behind the next-auth cookie; mobile
 * clients get a session that is a refresh-token family (30 days from the last rotation), an
 * access token and the first refresh token, and also the cookie, because the spec's web client
 * runs in mobile mode on iPhones and iPads and still navigates pages that the proxy guards.
 *
 * `method` records how the session was made. While the admin requires single sign-on, a session
 * not made by it is refused here too (but for the break-glass administrator), and one made by it
 * lasts SSO_REQUIRED_SESSION_TTL_MS. The settings row is read FOR SHARE: a save that requires SSO
 * updates that row before it ends the open sessions, so a sign-in racing it either sees the
 * requirement or is committed before the save's sweep, which then ends it.
 */
export async function createAuthSession(
  client: Db | Prisma.TransactionClient,
  user: PublicUser,
  info: ClientInfo,
  method: SignInMethod = "password",
): Promise<SignInResult> {
  const at = now();
  const mobile = info.clientType === "mobile";
  const [sso] = await client.$queryRaw<Array<{ preset: string; break_glass_user_id: string | null }>>`
    SELECT preset, break_glass_user_id::text FROM sso_settings WHERE id = 1 AND enabled AND require_sso FOR SHARE`;
  if (sso && method !== "sso" && sso.break_glass_user_id !== user.id) {
    throw new AppError("FORBIDDEN", requireSsoMessage(SSO_PRESET_LABELS[sso.preset as SsoPreset]), { ssoRequired: true });
  }
  const ttl = mobile ? REFRESH_TOKEN_TTL_MS : sso && method === "sso" ? SSO_REQUIRED_SESSION_TTL_MS : WEB_SESSION_TTL_MS;
  const expiresAt = addMs(at, ttl);
  const session = await client.authSession.create({
    data: {
      userId: user.id,
      clientType: info.clientType,
      signInMethod: method,
      userAgent: info.userAgent,
      ip: info.ip,
      createdAt: at,
      lastSeenAt: at,
      expiresAt,
    },
    select: { id: true, expiresAt: true },
  });
  if (!mobile) return { user, session };

  const refreshToken = generateOpaqueToken();
  await client.refreshToken.create({
    data: { tokenHash: hashToken(refreshToken), sessionId: session.id, userId: user.id, expiresAt, createdAt: at },
  });
  const access = await signAccessToken({ userId: user.id, sessionId: session.id });
  return { user, session, auth: { accessToken: access.token, refreshToken, expiresIn: access.expiresIn } };
}
