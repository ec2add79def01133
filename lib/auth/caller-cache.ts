import "server-only";
import { cacheEpoch, isCurrent } from "@/lib/cache/member-versions";
import type { Caller } from "./resolve-caller";

/**
 * The resolved caller of a session cookie, per process, for at most `CALLER_TTL_MS`
 * (docs/performance.md "Poll versions and caches"). A thin layer around resolution: the key is the
 * cookie's text as sent (so a hit also skips the cookie's decryption), the value the Caller that
 * `loadSessionCaller` built, with the member's `auth_version` read in the same statement.
 *
 * An entry is used only while `isCurrent("auth", …)` holds: logout, sign out everywhere,
 * deactivation, a role, unit, name or e-mail change, a password change or reset and an expiry
 * change all bump the member's auth version by trigger (migration 20261210070000), which every
 * instance hears by LISTEN and the writing process by NOTICE before its write returns. Expiry
 * is checked against the session's `expires_at` on every hit. Refused credentials are never cached.
 */
export const CALLER_TTL_MS = 30_000;
const MAX_ENTRIES = 20_000;

interface Entry {
  caller: Caller;
  version: number;
  epoch: number;
  /** ms: the earlier of the session's expiry and the TTL. */
  until: number;
}

const globalForCallers = globalThis as unknown as { bfsCallerCache?: Map<string, Entry> };
const entries = (globalForCallers.bfsCallerCache ??= new Map());

/** The cached caller of this cookie text, or undefined (resolve it). */
export function cachedCaller(cookie: string, at: number): Caller | undefined {
  const entry = entries.get(cookie);
  if (!entry) return undefined;
  if (at < entry.until && isCurrent("auth", entry.caller.userId, entry.version, entry.epoch)) return entry.caller;
  entries.delete(cookie);
  return undefined;
}

/** Keeps a caller resolved from a read that began at `epoch` (cacheEpoch(), null: do not keep). */
export function keepCaller(cookie: string, caller: Caller, version: number, epoch: number | null, at: number, expiresAt: number): void {
  if (epoch === null || cacheEpoch() !== epoch) return;
  if (entries.size >= MAX_ENTRIES) entries.clear();
  // Shared by every request of the session: nothing may change it.
  if (caller.unitIds) Object.freeze(caller.unitIds);
  entries.set(cookie, { caller: Object.freeze(caller), version, epoch, until: Math.min(expiresAt, at + CALLER_TTL_MS) });
}

/** Tests: forget everything. */
export function clearCallerCache(): void {
  entries.clear();
}
