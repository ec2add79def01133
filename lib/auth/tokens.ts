import "server-only";
import { createHash, hkdfSync, randomBytes } from "node:crypto";
import { getAuthSecret } from "./secret";
import { DAY_MS, HOUR_MS, MINUTE_MS, now } from "./clock";

/** Mobile access tokens: short-lived signed JWTs (HS256) carrying the user (sub) and session (sid). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Refresh tokens (and the mobile session they belong to) last 30 days from their last rotation. */
export const REFRESH_TOKEN_TTL_MS = 30 * DAY_MS;
/** Browser sessions (the next-auth cookie and its AuthSession row) last 30 days from sign-in. */
export const WEB_SESSION_TTL_MS = 30 * DAY_MS;
/**
 * While single sign-on is required, a session made by it lasts at most 12 hours from sign-in (or
 * from the moment SSO was required), after which the member signs in at the provider again: a
 * person disabled there loses access within this bound (docs/auth.md "Requiring SSO").
 */
export const SSO_REQUIRED_SESSION_TTL_MS = 12 * HOUR_MS;
/** Password reset links are single-use and valid one hour. */
export const PASSWORD_RESET_TTL_MS = 60 * MINUTE_MS;

// Loaded on first use: jose is ESM-only, and only the mobile token paths need it (jest loads it
// through next.config's transpilePackages).
const loadJose = () => import("jose");

const ISSUER = "bfs-tasks";
const AUDIENCE = "bfs-tasks:access";

let accessKey: Uint8Array | null = null;
/** A key of its own, derived from NEXTAUTH_SECRET, so an access token is never a valid cookie and vice versa. */
function getAccessKey(): Uint8Array {
  accessKey ??= new Uint8Array(hkdfSync("sha256", getAuthSecret(), "", "bfs-tasks access token v1", 32));
  return accessKey;
}

export async function signAccessToken(claims: { userId: string; sessionId: string }): Promise<{ token: string; expiresIn: number }> {
  const { SignJWT } = await loadJose();
  const issuedAt = Math.floor(now().getTime() / 1000);
  const token = await new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(getAccessKey());
  return { token, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

/** The token's user and session, or null when it is forged, malformed or expired (by the auth clock). */
export async function verifyAccessToken(token: string): Promise<{ userId: string; sessionId: string } | null> {
  const { jwtVerify } = await loadJose();
  try {
    const { payload } = await jwtVerify(token, getAccessKey(), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now(),
      clockTolerance: 0,
    });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    return null;
  }
}

export const looksLikeJwt = (value: string) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(value);

/** 32 random bytes, base64url: refresh tokens and password reset tokens. */
export const generateOpaqueToken = () => randomBytes(32).toString("base64url");

/** Only this hash is stored; the token itself is shown once and never logged. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ0123456789"; // 32 symbols, no I/L/O/U to misread

/** An invitation code people can read out and type: XXXX-XXXX-XXXX-XXXX (80 random bits). */
export function generateInvitationCode(): string {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => CODE_ALPHABET[b & 31]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join("")).join("-");
}
