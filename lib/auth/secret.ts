import { createHash } from "node:crypto";

/**
 * The one secret behind the next-auth session cookie (encrypted JWT) and, through a derived key,
 * the mobile access tokens. Production refuses to run without NEXTAUTH_SECRET; development and
 * tests derive a stable per-checkout secret so sessions survive restarts, and say so once.
 *
 * No `server-only` marker: proxy.ts imports this module too.
 */
let cached: string | null = null;
let warned = false;

const isBuildPhase = () => process.env.NEXT_PHASE === "phase-production-build";

export function getAuthSecret(): string {
  if (cached) return cached;
  const configured = process.env.NEXTAUTH_SECRET ?? process.env.AUTH_SECRET;
  if (configured) {
    if (process.env.NODE_ENV === "production" && configured.length < 32 && !isBuildPhase()) {
      throw new Error("NEXTAUTH_SECRET must be at least 32 characters (e.g. `openssl rand -base64 32`)");
    }
    cached = configured;
    return cached;
  }
  if (process.env.NODE_ENV === "production" && !isBuildPhase()) {
    throw new Error("NEXTAUTH_SECRET is not set. Generate one with `openssl rand -base64 32` and set it before starting.");
  }
  if (!warned && process.env.NODE_ENV !== "test") {
    warned = true;
    console.warn("[auth] NEXTAUTH_SECRET is not set; using a derived development secret. Never do this in production.");
  }
  // Stable for this checkout (so dev sessions survive restarts), useless anywhere else.
  cached = createHash("sha256").update(`bfs-tasks-development-secret:${process.cwd()}`).digest("base64url");
  return cached;
}

/** Call at start-up (instrumentation / launcher) to fail fast instead of on the first request. */
export function assertAuthSecretConfigured(): void {
  getAuthSecret();
}
