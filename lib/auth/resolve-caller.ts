import "server-only";
import { db, hotPathPool } from "@/lib/db";
import type { Role } from "@/lib/generated/prisma/enums";
import { isUuid } from "@/lib/validations/ids";
import { resolveApiKeyCaller, type ApiKeyGrant } from "@/lib/api-keys/resolve-api-key";
import { MINUTE_MS, now } from "./clock";
import { decodeSessionToken, readSessionCookie } from "./session-cookie";
import { looksLikeJwt, verifyAccessToken } from "./tokens";

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
  const [scheme, credential] = (headers.get("authorization") ?? "").trim().split(/\s+/, 2);
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
  const claims = await decodeSessionToken(cookie);
  return claims ? loadSessionCaller(claims.sid, claims.sub, "cookie") : null;
}

const TOUCH_INTERVAL_MS = MINUTE_MS;

interface SessionRow {
  session_id: string;
  last_seen_at: Date;
  user_id: string;
  role: Role;
  first_name: string;
  last_name: string;
  email: string;
  must_change_password: boolean;
  unit_ids: string[];
}

/** The caller behind already-verified session claims (next-auth's jwt callback uses this too). */
export function resolveSessionClaims(claims: { sid: string; sub: string }): Promise<Caller | null> {
  return loadSessionCaller(claims.sid, claims.sub, "cookie");
}

/** One query per request: the live session joined with its active user, and the user's units. */
async function loadSessionCaller(sessionId: string, userId: string, via: "cookie" | "bearer"): Promise<Caller | null> {
  if (!isUuid(sessionId) || !isUuid(userId)) return null;
  const at = now();
  // Every signed-in request runs this: node-postgres directly (lib/db.ts, hotPathPool).
  const { rows } = await hotPathPool().query<SessionRow>(
    `SELECT s.id AS session_id, s.last_seen_at, u.id AS user_id, u.role::text AS role,
            u.first_name, u.last_name, u.email, u.must_change_password,
            ARRAY(SELECT m.unit_id::text FROM unit_memberships m WHERE m.user_id = u.id) AS unit_ids
       FROM auth_sessions s
       JOIN users u ON u.id = s.user_id
      WHERE s.id = $1::uuid
        AND s.user_id = $2::uuid
        AND s.revoked_at IS NULL
        AND s.expires_at > $3
        AND u.is_active`,
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
  return {
    userId: row.user_id,
    role: row.role,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    sessionId: row.session_id,
    via,
    mustChangePassword: row.must_change_password,
    unitIds: row.unit_ids,
  };
}
