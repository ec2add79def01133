import { createHash } from "node:crypto";

/**
 * The one secret behind the next-auth session cookie (encrypted JWT) and, through a derived key,
 * the mobile access tokens. Production refuses to start without a strong NEXTAUTH_SECRET
 * (lib/boot-checks.ts, and here again on first use); development and tests derive a stable
 * per-checkout secret so sessions survive restarts, and say so once.
 *
 * No `server-only` marker: proxy.ts imports this module too.
 */
let cached: string | null = null;
let warned = false;

const isBuildPhase = () => process.env.NEXT_PHASE === "phase-production-build";

export const MIN_AUTH_SECRET_LENGTH = 32;
const GENERATE = "generate one with `openssl rand -base64 32` and set it before starting";
/** Words of a value copied from an example rather than generated. */
const PLACEHOLDER = /change[-_ ]?me|replace[-_ ]?me|your[-_ ]?secret|placeholder|example/i;

/**
 * Why the configured secret cannot be used in production, as one sentence; null when it can.
 * Weak means shorter than 32 characters, a handful of characters repeated, or a placeholder.
 */
export function authSecretProblem(env: Record<string, string | undefined> = process.env): string | null {
  const secret = env.NEXTAUTH_SECRET || env.AUTH_SECRET;
  if (!secret) return `NEXTAUTH_SECRET is not set: ${GENERATE}.`;
  if (secret.length < MIN_AUTH_SECRET_LENGTH) {
    return `NEXTAUTH_SECRET is too weak: it must be at least ${MIN_AUTH_SECRET_LENGTH} characters (it has ${secret.length}); ${GENERATE}.`;
  }
  if (new Set(secret).size < 10) return `NEXTAUTH_SECRET is too weak: it repeats a few characters; ${GENERATE}.`;
  if (PLACEHOLDER.test(secret)) return `NEXTAUTH_SECRET is too weak: it is a placeholder, not a random value; ${GENERATE}.`;
  return null;
}

export function getAuthSecret(): string {
  if (cached) return cached;
  const configured = process.env.NEXTAUTH_SECRET || process.env.AUTH_SECRET;
  if (process.env.NODE_ENV === "production" && !isBuildPhase()) {
    const problem = authSecretProblem(process.env);
    if (problem) throw new Error(problem);
  }
  if (configured) {
    cached = configured;
    return cached;
  }
  if (!warned && process.env.NODE_ENV !== "test") {
    warned = true;
    console.warn("[auth] NEXTAUTH_SECRET is not set; using a derived development secret. Never do this in production.");
  }
  // Stable for this checkout (so dev sessions survive restarts), useless anywhere else.
  cached = createHash("sha256").update(`bfs-tasks-development-secret:${process.cwd()}`).digest("base64url");
  return cached;
}
