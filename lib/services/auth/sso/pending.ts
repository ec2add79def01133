import "server-only";
import { openSecret, sealSecret } from "@/lib/auth/secret-box";
import { isSecureCookie } from "@/lib/auth/session-cookie";

/**
 * The sign-in in progress, between the redirect to the provider and its answer: `state`,
 * `nonce` and the PKCE verifier, sealed (AES-GCM, secret-box) in a 10-minute HttpOnly cookie
 * scoped to /api/auth/sso. SameSite=Lax, so the provider's top-level redirect back carries it.
 */
export const PENDING_COOKIE = "bfs-sso";
const PENDING_TTL_SECONDS = 10 * 60;

export interface PendingSignIn {
  state: string;
  nonce: string;
  verifier: string;
  issuer: string;
  clientId: string;
  expiresAt: number;
}

function cookie(value: string, maxAge: number): string {
  const parts = [`${PENDING_COOKIE}=${value}`, "Path=/api/auth/sso", `Max-Age=${maxAge}`, "HttpOnly", "SameSite=Lax"];
  if (maxAge <= 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  if (isSecureCookie()) parts.push("Secure");
  return parts.join("; ");
}

export function pendingCookie(pending: Omit<PendingSignIn, "expiresAt">): string {
  const sealed = sealSecret(JSON.stringify({ ...pending, expiresAt: Date.now() + PENDING_TTL_SECONDS * 1000 }));
  return cookie(sealed, PENDING_TTL_SECONDS);
}

export const clearPendingCookie = () => cookie("", 0);

/** The pending sign-in from a Cookie header; null when absent, altered, or older than 10 minutes. */
export function readPending(cookieHeader: string | null): PendingSignIn | null {
  const raw = cookieHeader
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${PENDING_COOKIE}=`))
    ?.slice(PENDING_COOKIE.length + 1);
  if (!raw) return null;
  try {
    const value = JSON.parse(openSecret(raw)) as PendingSignIn;
    if (typeof value.state !== "string" || typeof value.nonce !== "string" || typeof value.verifier !== "string") return null;
    return value.expiresAt > Date.now() ? value : null;
  } catch {
    return null;
  }
}
