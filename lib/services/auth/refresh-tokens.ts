import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/http/app-error";
import { addMs, now } from "@/lib/auth/clock";
import { REFRESH_TOKEN_TTL_MS, generateOpaqueToken, hashToken, signAccessToken } from "@/lib/auth/tokens";
import type { MobileAuth } from "./create-auth-session";
import { recordAudit } from "@/lib/services/audit/record-audit";

export const INVALID_REFRESH_TOKEN = "Session expired. Please sign in again.";

type Outcome = { ok: true; auth: MobileAuth } | { ok: false; reused: boolean };

/**
 * POST /api/auth/refresh. A refresh token works once: it is exchanged for a new access token
 * and a new refresh token (30 days, and the session's expiry moves with it). Presenting a token
 * that was already exchanged means it leaked (or a client double-sent it): the whole session,
 * i.e. the token family, is revoked and the device must sign in again.
 */
export async function refreshTokens(refreshToken: string): Promise<MobileAuth> {
  const outcome = await db.$transaction(async (tx): Promise<Outcome> => {
    const at = now();
    const token = await tx.refreshToken.findUnique({
      where: { tokenHash: hashToken(refreshToken) },
      select: {
        id: true,
        userId: true,
        sessionId: true,
        expiresAt: true,
        usedAt: true,
        session: { select: { revokedAt: true, expiresAt: true, user: { select: { isActive: true } } } },
      },
    });
    if (!token) return { ok: false, reused: false };

    const revokeFamily = async (reason: string) => {
      await tx.authSession.updateMany({ where: { id: token.sessionId, revokedAt: null }, data: { revokedAt: at } });
      await recordAudit(tx, {
        actorId: null,
        action: "auth.refresh_reuse_detected",
        entityType: "session",
        entityId: token.sessionId,
        metadata: { userId: token.userId, reason },
      });
      return { ok: false as const, reused: true };
    };

    if (token.usedAt) return revokeFamily("used token presented again");
    const { session } = token;
    if (session.revokedAt || session.expiresAt <= at || token.expiresAt <= at || !session.user.isActive) {
      return { ok: false, reused: false };
    }
    // Scoped write: of two concurrent exchanges of one token exactly one wins; the other is a reuse.
    const claimed = await tx.refreshToken.updateMany({ where: { id: token.id, usedAt: null }, data: { usedAt: at } });
    if (claimed.count !== 1) return revokeFamily("concurrent exchange");

    const next = generateOpaqueToken();
    const expiresAt = addMs(at, REFRESH_TOKEN_TTL_MS);
    const created = await tx.refreshToken.create({
      data: { tokenHash: hashToken(next), sessionId: token.sessionId, userId: token.userId, expiresAt, createdAt: at },
      select: { id: true },
    });
    await tx.refreshToken.update({ where: { id: token.id }, data: { replacedById: created.id } });
    await tx.authSession.update({ where: { id: token.sessionId }, data: { expiresAt, lastSeenAt: at } });
    const access = await signAccessToken({ userId: token.userId, sessionId: token.sessionId });
    return { ok: true, auth: { accessToken: access.token, refreshToken: next, expiresIn: access.expiresIn } };
  });
  // Thrown after the transaction so that the family revocation above is committed, not rolled back.
  if (!outcome.ok) throw new AppError("UNAUTHORIZED", INVALID_REFRESH_TOKEN, outcome.reused ? { reason: "token_reused" } : {});
  return outcome.auth;
}
