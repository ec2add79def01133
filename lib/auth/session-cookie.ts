import { createDecipheriv, hkdfSync } from "node:crypto";
import { encode, type JWT } from "next-auth/jwt";
import { getAuthSecret } from "./secret";

/**
 * The browser session cookie is next-auth's own: an encrypted JWT (next-auth/jwt `encode`,
 * NEXTAUTH_SECRET) under next-auth's cookie name, so `getToken` (proxy.ts), `getServerSession`
 * and next-auth's /api/auth/* routes all read it. It carries the user (sub), the AuthSession id
 * (sid) and the role for the proxy's admin redirect; every API call still checks the session
 * row, so logout and deactivation take effect at once.
 *
 * No `server-only` marker: proxy.ts imports this module.
 */

/**
 * Secure in production, unless the configured public URL (NEXTAUTH_URL, else APP_URL) is plain
 * http:// (a local `npm start` demo, or a LAN address phones use), where a Secure cookie would
 * never come back. AUTH_COOKIE_SECURE=true/false overrides both.
 */
export function isSecureCookie(): boolean {
  const forced = process.env.AUTH_COOKIE_SECURE;
  if (forced === "true") return true;
  if (forced === "false") return false;
  if (process.env.NODE_ENV !== "production") return false;
  const publicUrl = process.env.NEXTAUTH_URL || process.env.APP_URL;
  return !publicUrl?.startsWith("http://");
}

/** next-auth's names: `__Secure-next-auth.session-token` when Secure, else `next-auth.session-token`. */
export function sessionCookieName(): string {
  return isSecureCookie() ? "__Secure-next-auth.session-token" : "next-auth.session-token";
}

export function sessionCookieOptions() {
  return { httpOnly: true, sameSite: "lax" as const, path: "/", secure: isSecureCookie() };
}

export interface SessionTokenClaims extends JWT {
  sub: string;
  sid: string;
  role: string;
  name: string;
  email: string;
}

export async function encodeSessionToken(claims: SessionTokenClaims, maxAgeSeconds: number): Promise<string> {
  return encode({ token: claims, secret: getAuthSecret(), maxAge: maxAgeSeconds });
}

/**
 * The cookie's key, derived once per secret (next-auth's `decode` derives it again on every call:
 * HKDF, ≈ 2.5 % of the server's CPU under list traffic). The same derivation as next-auth's:
 * HKDF-SHA256 of the secret, empty salt, its info string, 32 bytes.
 */
let derived: { secret: string; key: Buffer } | null = null;
function cookieKey(): Buffer {
  const secret = getAuthSecret();
  if (derived?.secret !== secret) derived = { secret, key: Buffer.from(hkdfSync("sha256", secret, "", "NextAuth.js Generated Encryption Key", 32)) };
  return derived.key;
}

const CLOCK_TOLERANCE_S = 15;
const JWE_HEADER = { alg: "dir", enc: "A256GCM" };

/**
 * next-auth's `decode`: the compact JWE it writes ("dir" key, A256GCM, no compression), its
 * claims checked against exp and nbf with 15 s of tolerance. Decrypted with node:crypto in one
 * synchronous step: jose's WebCrypto path (an imported key, an async decrypt) took ≈ 180 µs a
 * request where this takes ≈ 55 µs, on every API call (docs/performance.md). Any token that is
 * not exactly that form, or fails its tag, is no session.
 */
export async function decodeSessionToken(token: string): Promise<SessionTokenClaims | null> {
  try {
    const [header, encryptedKey, iv, ciphertext, tag, extra] = token.split(".");
    if (extra !== undefined || encryptedKey !== "" || !header || !iv || !ciphertext || !tag) return null;
    const protectedHeader = JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as Record<string, unknown>;
    if (Object.keys(protectedHeader).length !== 2 || protectedHeader.alg !== JWE_HEADER.alg || protectedHeader.enc !== JWE_HEADER.enc) return null;
    const ivBytes = Buffer.from(iv, "base64url");
    const tagBytes = Buffer.from(tag, "base64url");
    if (ivBytes.length !== 12 || tagBytes.length !== 16) return null;
    const decipher = createDecipheriv("aes-256-gcm", cookieKey(), ivBytes, { authTagLength: 16 });
    decipher.setAAD(Buffer.from(header, "ascii"));
    decipher.setAuthTag(tagBytes);
    const plaintext = Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]);
    const payload = JSON.parse(plaintext.toString("utf8")) as Partial<SessionTokenClaims>;
    const now = Math.floor(Date.now() / 1000);
    if (typeof payload.exp === "number" && payload.exp <= now - CLOCK_TOLERANCE_S) return null;
    if (typeof payload.nbf === "number" && payload.nbf > now + CLOCK_TOLERANCE_S) return null;
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    return payload as SessionTokenClaims;
  } catch {
    return null;
  }
}

/** The session cookie's value from a Cookie header (next-auth splits big values into name.0, name.1 ...). */
export function readSessionCookie(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  const name = sessionCookieName();
  // Every signed-in request reads this (docs/performance.md "Fewer allocations"): the one cookie,
  // unchunked, is found without splitting the header or building a map.
  const single = findCookie(cookieHeader, name);
  if (single !== null && !cookieHeader.includes(`${name}.`)) return decodeURIComponentSafe(single);
  const chunks = new Map<string, string>();
  const prefix = `${name}.`;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    if (key === name || key.startsWith(prefix)) chunks.set(key, decodeURIComponentSafe(part.slice(eq + 1).trim()));
  }
  if (chunks.size === 0) return null;
  if (chunks.has(name)) return chunks.get(name)!;
  return [...chunks.entries()]
    .sort(([a], [b]) => Number(a.split(".").pop()) - Number(b.split(".").pop()))
    .map(([, v]) => v)
    .join("");
}

/** The raw value of the cookie `name` (at the header's start or after "; "), or null. */
function findCookie(header: string, name: string): string | null {
  let from = 0;
  for (;;) {
    const at = header.indexOf(name, from);
    if (at < 0) return null;
    const end = at + name.length;
    const before = at === 0 ? ";" : header[at - 1];
    let start = end;
    while (header[start] === " ") start++;
    if ((before === ";" || before === " ") && header[start] === "=") {
      const stop = header.indexOf(";", start + 1);
      return (stop < 0 ? header.slice(start + 1) : header.slice(start + 1, stop)).trim();
    }
    from = end;
  }
}

const decodeURIComponentSafe = (v: string) => {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
};

/** A Set-Cookie header value for the session cookie (maxAge 0 clears it). */
export function serializeSessionCookie(value: string, maxAgeSeconds: number): string {
  const opts = sessionCookieOptions();
  const parts = [`${sessionCookieName()}=${value}`, `Path=${opts.path}`, `Max-Age=${maxAgeSeconds}`, "HttpOnly", "SameSite=Lax"];
  if (maxAgeSeconds <= 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  if (opts.secure) parts.push("Secure");
  return parts.join("; ");
}
