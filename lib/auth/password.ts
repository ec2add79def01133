// No "server-only" guard: the demo seed, test factories and Playwright fixtures (plain Node) hash passwords too.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/validations/auth";

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

/**
 * scrypt, with everything needed to verify stored in the hash:
 *   scrypt$<log2 N>$<r>$<p>$<salt base64url>$<key base64url>
 * so the cost can be raised later without invalidating existing hashes. N = 2^15, r = 8
 * (32 MiB, ~100 ms here). Tests use 2^12: they hash many passwords, and verification reads
 * the parameters from the hash either way.
 */
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
const DEFAULT_LOG_N = process.env.NODE_ENV === "test" ? 12 : 15;
/**
 * The cost for accounts whose password is known anyway: the demo's (printed in the README) and
 * the tests' own. A cost guards a secret; here each sign-in would only spend the server's CPU
 * (Playwright signs in about 400 times a run). A member who sets a password gets DEFAULT_LOG_N.
 */
export const KNOWN_PASSWORD_LOG_N = 12;
const R = 8;
const P = 1;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize("NFKC"), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

const maxmem = (logN: number, r: number) => 256 * (2 ** logN) * r; // 2x the 128*N*r scrypt needs

export async function hashPassword(password: string, { logN = DEFAULT_LOG_N }: { logN?: number } = {}): Promise<string> {
  // The schemas say this to people; this is the last line of defence for other callers.
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    throw new RangeError(`Passwords must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`);
  }
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, KEY_LENGTH, { N: 2 ** logN, r: R, p: P, maxmem: maxmem(logN, R) });
  return ["scrypt", logN, R, P, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Constant-time comparison; false (never a throw) for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number);
  if (![logN, r, p].every(Number.isInteger) || logN < 10 || logN > 20 || r < 1 || r > 32 || p < 1 || p > 16) return false;
  const salt = Buffer.from(parts[4], "base64url");
  const expected = Buffer.from(parts[5], "base64url");
  if (expected.length < 16) return false;
  const actual = await scrypt(password, salt, expected.length, { N: 2 ** logN, r, p, maxmem: maxmem(logN, r) });
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies against a throwaway hash so that an unknown email costs the same time as a wrong
 * password (no account enumeration by timing).
 */
export async function spendPasswordTime(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(password, await dummyHash);
}
