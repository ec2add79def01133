import "server-only";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ClientInfo } from "@/lib/auth/client-info";
import { addMs, now } from "@/lib/auth/clock";
import { REFRESH_TOKEN_TTL_MS, WEB_SESSION_TTL_MS, generateOpaqueToken, hashToken, signAccessToken } from "@/lib/auth/tokens";
import type { PublicUser } from "./public-user";

export interface MobileAuth {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
}

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
 */
export async function createAuthSession(
  client: Db | Prisma.TransactionClient,
  user: PublicUser,
  info: ClientInfo,
): Promise<SignInResult> {
  const at = now();
  const mobile = info.clientType === "mobile";
  const expiresAt = addMs(at, mobile ? REFRESH_TOKEN_TTL_MS : WEB_SESSION_TTL_MS);
  const session = await client.authSession.create({
    data: {
      userId: user.id,
      clientType: info.clientType,
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
