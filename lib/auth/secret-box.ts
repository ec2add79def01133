import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { getAuthSecret } from "./secret";

/**
 * Secrets the app must replay (a webhook's signing secret), encrypted at rest with the app's key:
 * AES-256-GCM under a key derived from NEXTAUTH_SECRET (HKDF, its own label, so it is never the
 * cookie's or the access tokens' key). Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 * Changing NEXTAUTH_SECRET makes stored secrets unreadable: rotate them afterwards.
 */
const VERSION = "v1";
let key: Buffer | null = null;
const boxKey = () => (key ??= Buffer.from(hkdfSync("sha256", getAuthSecret(), "", "bfs-tasks secrets at rest v1", 32)));

export function sealSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", boxKey(), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
}

/** A stored secret this app's key does not open: NEXTAUTH_SECRET changed after it was sealed (or it was altered). */
export class SealedWithAnotherKeyError extends Error {
  constructor() {
    super("A stored secret was sealed with a different NEXTAUTH_SECRET (it changed after the secret was stored), or was altered");
    this.name = "SealedWithAnotherKeyError";
  }
}

/** The plain secret; throws SealedWithAnotherKeyError when the value was not sealed with this app's key. */
export function openSecret(sealed: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error("Not a sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", boxKey(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  try {
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    // node:crypto's own words ("Unsupported state or unable to authenticate data") name no cause.
    throw new SealedWithAnotherKeyError();
  }
}
