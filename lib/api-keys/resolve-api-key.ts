import "server-only";
import { MINUTE_MS, now } from "@/lib/auth/clock";
import type { Caller } from "@/lib/auth/resolve-caller";
import { getClientIp } from "@/lib/auth/client-info";
import { dateKeyOf } from "@/lib/dates";
import { db } from "@/lib/db";
import type { Role } from "@/lib/generated/prisma/enums";
import { AppError } from "@/lib/http/app-error";
import { hashSecret, parseApiKey, sameHash } from "./token";

/** What a key grants on top of its acting member (Caller.apiKey). */
export interface ApiKeyGrant {
  id: string;
  scopes: string[];
  rateLimitPerMinute: number;
}

export const API_KEY_MESSAGES = {
  invalid: "Invalid API key.",
  revoked: "This API key has been revoked.",
  expired: "This API key has expired.",
  inactiveMember: "This API key's acting member is deactivated, so the key is disabled.",
} as const;

interface KeyRow {
  id: string;
  key_hash: string;
  previous_key_hash: string | null;
  previous_key_expires_at: Date | null;
  scopes: string[];
  rate_limit_per_minute: number;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  user_id: string;
  role: Role;
  first_name: string;
  last_name: string;
  email: string;
  is_active: boolean;
}

const refuse = (message: string) => new AppError("UNAUTHORIZED", message);

/**
 * `Authorization: Bearer bfs_<prefix>_<secret>` -> the acting member as a Caller with the key's
 * grant. One indexed query (by prefix) joined with the member; the secret's hash is compared in
 * constant time with the current hash, or with the previous one during a rotation's grace period.
 * The last-used time and address are written at most once a minute.
 */
export async function resolveApiKeyCaller(credential: string, headers: Headers): Promise<Caller> {
  const parsed = parseApiKey(credential);
  if (!parsed) throw refuse(API_KEY_MESSAGES.invalid);
  const rows = await db.$queryRaw<KeyRow[]>`
    SELECT k.id, k.key_hash, k.previous_key_hash, k.previous_key_expires_at, k.scopes, k.rate_limit_per_minute,
           k.expires_at, k.revoked_at, k.last_used_at,
           u.id AS user_id, u.role::text AS role, u.first_name, u.last_name, u.email, u.is_active
      FROM api_keys k
      JOIN users u ON u.id = k.acting_user_id
     WHERE k.prefix = ${parsed.prefix}`;
  const row = rows[0];
  const at = now();
  const presented = hashSecret(parsed.secret);
  const current = sameHash(presented, row?.key_hash);
  // Both compares always run, so the time taken does not tell which hash matched.
  const previous = sameHash(presented, row?.previous_key_hash) && !!row?.previous_key_expires_at && row.previous_key_expires_at > at;
  if (!row || !(current || previous)) throw refuse(API_KEY_MESSAGES.invalid);
  if (row.revoked_at && row.revoked_at <= at) throw refuse(API_KEY_MESSAGES.revoked);
  if (row.expires_at && row.expires_at <= at) throw refuse(API_KEY_MESSAGES.expired);
  if (!row.is_active) throw refuse(API_KEY_MESSAGES.inactiveMember);

  if (!row.last_used_at || at.getTime() - row.last_used_at.getTime() > MINUTE_MS) {
    const ip = getClientIp(new Request("http://internal/", { headers }));
    await db.apiKey.updateMany({
      where: { id: row.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(at.getTime() - MINUTE_MS) } }] },
      data: { lastUsedAt: at, lastUsedIp: ip },
    });
  }
  return {
    userId: row.user_id,
    role: row.role,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    sessionId: null,
    via: "api-key",
    mustChangePassword: false,
    apiKey: { id: row.id, scopes: row.scopes, rateLimitPerMinute: row.rate_limit_per_minute },
  };
}

/**
 * Counts one request against the key: the business day's usage and the current one-minute
 * window, in one upsert on one row (a row lock orders concurrent requests). Over the key's
 * limit: 429 with Retry-After (the seconds left in the window) and the request is not counted.
 */
export async function meterApiKeyRequest(grant: ApiKeyGrant): Promise<void> {
  const at = now();
  const day = dateKeyOf(at);
  const windowStart = new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS);
  const limit = grant.rateLimitPerMinute;
  const rows = await db.$queryRaw<{ window_count: number }[]>`
    INSERT INTO api_key_usage_days AS u (api_key_id, day, request_count, window_start, window_count)
    VALUES (${grant.id}::uuid, ${day}::date, 1, ${windowStart}, 1)
    ON CONFLICT (api_key_id, day) DO UPDATE SET
      window_count  = CASE WHEN u.window_start = EXCLUDED.window_start THEN u.window_count + 1 ELSE 1 END,
      window_start  = EXCLUDED.window_start,
      request_count = u.request_count + CASE WHEN u.window_start = EXCLUDED.window_start AND u.window_count >= ${limit} THEN 0 ELSE 1 END
    RETURNING window_count`;
  if ((rows[0]?.window_count ?? 0) > limit) {
    const seconds = Math.max(1, Math.ceil((windowStart.getTime() + MINUTE_MS - at.getTime()) / 1000));
    throw new AppError(
      "RATE_LIMITED",
      `This API key has made more than ${limit} requests this minute. Try again in ${seconds} s.`,
      { retryAfterSeconds: seconds },
      { "Retry-After": String(seconds) },
    );
  }
}
