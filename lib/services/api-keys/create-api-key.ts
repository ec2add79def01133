import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { now } from "@/lib/auth/clock";
import { newPrefix, newSecret } from "@/lib/api-keys/token";
import { db } from "@/lib/db";
import { badRequest } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { API_KEY_EXPIRY_PAST, type ApiKeyWithSecret, type CreateApiKeyInput } from "@/lib/validations/api-keys";
import { apiKeyInclude, toApiKeyView } from "./present";

export const ACTING_MEMBER_REQUIRED = "Choose the acting member: the member whose permissions the key has (e.g. a dedicated integration member).";
export const ACTING_MEMBER_INACTIVE = "The acting member must be an active member.";

/**
 * Creates a key and returns its secret, once. The key acts as the chosen member; when none is
 * given, as the acting member of the newest key (the integration member the admin picked
 * before) — never as the creating administrator by default.
 */
export async function createApiKey(caller: Caller, input: CreateApiKeyInput): Promise<ApiKeyWithSecret> {
  if (input.expiresAt && input.expiresAt <= now()) throw badRequest(API_KEY_EXPIRY_PAST);
  const actingUserId =
    input.actingUserId ?? (await db.apiKey.findFirst({ orderBy: { createdAt: "desc" }, select: { actingUserId: true } }))?.actingUserId;
  if (!actingUserId) throw badRequest(ACTING_MEMBER_REQUIRED);
  const member = await db.user.findUnique({ where: { id: actingUserId }, select: { isActive: true } });
  if (!member?.isActive) throw badRequest(ACTING_MEMBER_INACTIVE);

  const prefix = newPrefix();
  const { token, keyHash } = newSecret(prefix);
  const row = await db.$transaction(async (tx) => {
    const created = await tx.apiKey.create({
      data: {
        name: input.name,
        prefix,
        keyHash,
        scopes: input.scopes,
        actingUserId,
        expiresAt: input.expiresAt ?? null,
        rateLimitPerMinute: input.rateLimitPerMinute ?? 600,
        createdById: caller.userId,
      },
      include: apiKeyInclude,
    });
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "api_key.create",
      entityType: "api_key",
      entityId: created.id,
      after: { name: created.name, prefix, scopes: created.scopes, actingUserId, expiresAt: created.expiresAt, rateLimitPerMinute: created.rateLimitPerMinute },
    });
    return created;
  });
  return { key: toApiKeyView(row, undefined), secret: token };
}
