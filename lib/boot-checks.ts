import { authSecretProblem } from "./auth/secret";

/**
 * Settings a production server must not start without (docs/operations.md): a strong
 * NEXTAUTH_SECRET, and APP_URL / NEXTAUTH_URL, when set, as full http(s) addresses. Checked by
 * the launcher (`npm start`) before anything else, by scripts/server.ts before Next starts, and by
 * instrumentation.ts for a bare `next start`; never in development, tests or `next build`.
 * Each problem is one sentence. No `server-only` marker: the launcher scripts import this module.
 */
type Env = Record<string, string | undefined>;

export const PUBLIC_URL_SETTINGS = ["APP_URL", "NEXTAUTH_URL"] as const;

/** Why a public URL setting is unusable, as one sentence; null when it is fine or not set. */
export function publicUrlProblem(name: string, raw: string | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  const example = "e.g. https://tasks.example.org";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${name} is not a valid URL ("${value}"): give the full address people open, ${example}.`;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return `${name} must start with http:// or https:// ("${value}"), ${example}.`;
  if (url.username || url.password) return `${name} must not contain a user name or password.`;
  if (url.search || url.hash) return `${name} must be a plain address without a ?query or #fragment ("${value}"), ${example}.`;
  return null;
}

/** Every problem, one sentence each, in the order an operator should fix them. */
export function productionConfigProblems(env: Env = process.env): string[] {
  return [authSecretProblem(env), ...PUBLIC_URL_SETTINGS.map((name) => publicUrlProblem(name, env[name]))].filter((p): p is string => p !== null);
}

/** A production server start (not `next build`, not development or tests). */
export const isProductionStart = (env: Env = process.env) => env.NODE_ENV === "production" && env.NEXT_PHASE !== "phase-production-build";

/** Throws the first problem as one sentence. */
export function assertProductionConfig(env: Env = process.env): void {
  const [first] = productionConfigProblems(env);
  if (first) throw new Error(first);
}

/** For a bare `next start` (instrumentation.ts): prints the first problem and ends the process. */
export function exitOnProductionConfigProblem(env: Env = process.env): void {
  if (!isProductionStart(env)) return;
  const [problem] = productionConfigProblems(env);
  if (!problem) return;
  console.error(`[bfs] ${problem}`);
  process.exit(1);
}
