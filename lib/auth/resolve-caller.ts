import "server-only";
import { db, hotPathPool } from "@/lib/db";
import type { Role } from "@/lib/generated/prisma/enums";
import { isUuid } from "@/lib/validations/ids";
import { resolveApiKeyCaller, type ApiKeyGrant } from "@/lib/api-keys/resolve-api-key";
import { MINUTE_MS, now } from "./clock";
import { decodeSessionToken, readSessionCookie } from "./session-cookie";
import { looksLikeJwt, verifyAccessToken } from "./tokens";
import { cachedCaller, keepCaller } from "./caller-cache";
import { cacheEpoch, countLookup } from "@/lib/cache/member-versions";

/** Who is calling: the same object whether they came with the session cookie, a bearer access token or (later) an API key. */
export interface Caller {
  userId: string;
  role: Role;
  firstName: string;
  lastName: string;
  email: string;
  /** The AuthSession behind the cookie or token; null for API keys. */
  sessionId: string | null;
  via: "cookie" | "bearer" | "api-key";
  mustChangePassword: boolean;
  /**
   * Set exactly when role is "clinic" (docs/clinics.md): the one clinic (vendor) the user acts for.
   * route() and the page guards refuse such a caller everywhere but the clinic operations.
   */
  clinicVendorId?: string | null;
  /** Set when via is "api-key": the key's scopes and limit (lib/api-keys). */
  apiKey?: ApiKeyGrant;
  /**
   * The units the member belongs to, read with the session in the same statement, so that the
   * task, project and process rules (loadViewer) need no query of their own. Absent for API keys
   * and callers built elsewhere; loadViewer reads them then.
   */
  unitIds?: readonly string[];
}

/**
 * Bearer token first (the mobile client sends it, and an explicit credential that fails must
 * not silently fall back to a cookie), else the next-auth session cookie. Either way the
 * AuthSession row must exist, be unrevoked and unexpired, and its user active: a token or
 * cookie replayed after logout, "sign out everywhere" or deactivation resolves to null.
 */
export async function resolveCaller(req: Request): Promise<Caller | null> {
  return resolveCallerFromHeaders(req.headers, { apiKeys: true });
}

/**
 * API keys count only where `apiKeys` is set: the route wrapper, whose scope check follows.
 * Pages (and anything else reading the headers) never accept one. A refused key (unknown,
 * revoked, expired, its acting member deactivated) throws a 401 AppError with the reason.
 */
export async function resolveCallerFromHeaders(headers: Headers, options: { apiKeys?: boolean } = {}): Promise<Caller | null> {
  // Only a Bearer credential counts: e.g. Basic auth added by a staging proxy must not hide the cookie.
  const authorization = headers.get("authorization");
  const [scheme, credential] = authorization ? authorization.trim().split(/\s+/, 2) : NO_CREDENTIAL;
  if (scheme?.toLowerCase() === "bearer" && credential) {
    if (looksLikeJwt(credential)) {
      const claims = await verifyAccessToken(credential);
      return claims ? loadSessionCaller(claims.sessionId, claims.userId, "bearer") : null;
    }
    // Only what looks like a key takes the key path (its refusals name the reason); other garbage is simply no credential.
    return options.apiKeys && credential.startsWith("bfs_") ? resolveApiKeyCaller(credential, headers) : null;
  }
  const cookie = readSessionCookie(headers.get("cookie"));
  if (!cookie) return null;
  // The per-process caller cache (lib/auth/caller-cache.ts): exact, invalidated by the member's auth version.
  const at = now().getTime();
  const hit = cachedCaller(cookie, at);
  if (hit) {
    countLookup("caller", "hit");
    return hit;
  }
  const epoch = cacheEpoch();
  countLookup("caller", epoch === null ? "bypass" : "miss");
  const claims = await decodeSessionToken(cookie);
  if (!claims) return null;
  const loaded = await loadSession(claims.sid, claims.sub, "cookie");
  if (loaded) keepCaller(cookie, loaded.caller, loaded.version, epoch, at, loaded.expiresAt);
  return loaded?.caller ?? null;
}

const TOUCH_INTERVAL_MS = MINUTE_MS;
/** No Authorization header: nothing to split (every cookie request used to allocate an array here). */
const NO_CREDENTIAL: readonly [undefined, undefined] = [undefined, undefined];

interface SessionRow {
  session_id: string;
  last_seen_at: Date;
  user_id: string;
  role: Role;
  first_name: string;
  last_name: string;
  email: string;
  must_change_password: boolean;
  clinic_vendor_id: string | null;
  unit_ids: string[];
  expires_at: Date;
  auth_version: string;
}

/** The caller behind already-verified session claims (next-auth's jwt callback uses this too). */
export function resolveSessionClaims(claims: { sid: string; sub: string }): Promise<Caller | null> {
  return loadSessionCaller(claims.sid, claims.sub, "cookie");
}

async function loadSessionCaller(sessionId: string, userId: string, via: "cookie" | "bearer"): Promise<Caller | null> {
  return (await loadSession(sessionId, userId, via))?.caller ?? null;
}

/**
 * One query per request (per cache miss): the live session joined with its active user, the
 * user's units, and the member's auth version (member_versions) the caller cache keeps it under.
 */
async function loadSession(sessionId: string, userId: string, via: "cookie" | "bearer"): Promise<{ caller: Caller; version: number; expiresAt: number } | null> {
  if (!isUuid(sessionId) || !isUuid(userId)) return null;
  const at = now();
  // Every signed-in request runs this: node-postgres directly (lib/db.ts, hotPathPool).
  const { rows } = await hotPathPool().query<SessionRow>(
    `SELECT s.id AS session_id, s.last_seen_at, u.id AS user_id, u.role::text AS role,
            u.first_name, u.last_name, u.email, u.must_change_password, u.clinic_vendor_id::text AS clinic_vendor_id,
            ARRAY(SELECT m.unit_id::text FROM unit_memberships m WHERE m.user_id = u.id) AS unit_ids,
            s.expires_at, COALESCE(v.auth_version, 0)::text AS auth_version
       FROM auth_sessions s
       JOIN users u ON u.id = s.user_id
       LEFT JOIN member_versions v ON v.user_id = u.id
      WHERE s.id = $1::uuid
        AND s.user_id = $2::uuid
        AND s.revoked_at IS NULL
        AND s.expires_at > $3
        AND u.is_active
        AND (u.clinic_vendor_id IS NULL
             OR EXISTS (SELECT 1 FROM vendors cv WHERE cv.id = u.clinic_vendor_id AND cv.is_active AND cv.kind = 'clinic'))`,
    [sessionId, userId, at],
  );
  const row = rows[0];
  if (!row) return null;
  if (at.getTime() - row.last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
    // At most one write a minute per session, and only if nobody else just did it.
    await db.authSession.updateMany({
      where: { id: row.session_id, lastSeenAt: { lt: new Date(at.getTime() - TOUCH_INTERVAL_MS) } },
      data: { lastSeenAt: at },
    });
  }
  const caller: Caller = {
    userId: row.user_id,
    role: row.role,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    sessionId: row.session_id,
    via,
    mustChangePassword: row.must_change_password,
    clinicVendorId: row.clinic_vendor_id,
    unitIds: row.unit_ids,
  };
  return { caller, version: Number(row.auth_version), expiresAt: row.expires_at.getTime() };
}
