import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * An API key is `bfs_<prefix>_<secret>`: the prefix (10 lowercase hex characters, stored in
 * clear and unique) finds the row; the secret is 32 random bytes (base64url, 43 characters) of
 * which only the sha-256 is stored. A slow hash (bcrypt, argon2) guards guessable passwords; a
 * 256-bit random secret cannot be guessed, so one sha-256 suffices and keeps each request cheap.
 * The stored and presented hashes are compared with crypto.timingSafeEqual.
 */
export const API_KEY_PATTERN = /^bfs_([0-9a-f]{10})_([A-Za-z0-9_-]{43})$/;

export interface NewSecret {
  /** The whole key, shown once. */
  token: string;
  keyHash: string;
}

export const newPrefix = () => randomBytes(5).toString("hex");

export function newSecret(prefix: string): NewSecret {
  const secret = randomBytes(32).toString("base64url");
  return { token: `bfs_${prefix}_${secret}`, keyHash: hashSecret(secret) };
}

export const hashSecret = (secret: string) => createHash("sha256").update(secret, "utf8").digest("hex");

export function parseApiKey(token: string): { prefix: string; secret: string } | null {
  const match = API_KEY_PATTERN.exec(token);
  return match ? { prefix: match[1], secret: match[2] } : null;
}

/** Constant-time equality of two sha-256 hex digests (false when either is missing or malformed). */
export function sameHash(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b || a.length !== 64 || b.length !== 64) return false;
  return timingSafeEqual(Buffer.from(a, "hex"), Buffer.from(b, "hex"));
}

/** Shown in lists and the "Try it" box instead of the secret. */
export const maskedKey = (prefix: string) => `bfs_${prefix}_…`;
