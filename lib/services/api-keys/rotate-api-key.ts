import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { MINUTE_MS, now } from "@/lib/auth/clock";
import { newSecret } from "@/lib/api-keys/token";
import { db } from "@/lib/db";
import { conflict, notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { ApiKeyWithSecret } from "@/lib/validations/api-keys";
import { apiKeyInclude, apiKeyStatus, loadUsage, toApiKeyView } from "./present";
import { API_KEY_NOT_FOUND } from "./update-api-key";

export const ROTATE_INACTIVE = "Only an active key can be rotated.";

/**
 * A new secret for the same key (prefix, scopes and history stay). The old secret keeps working
 * for `graceMinutes` (0: it stops at once), so an integration can switch without downtime.
 */
export async function rotateApiKey(caller: Caller, id: string, input: { graceMinutes: number }): Promise<ApiKeyWithSecret> {
  const result = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM api_keys WHERE id = ${id}::uuid FOR UPDATE`;
    const before = await tx.apiKey.findUnique({ where: { id }, include: apiKeyInclude });
    if (!before) throw notFound(API_KEY_NOT_FOUND);
    if (apiKeyStatus(before) !== "active") throw conflict(ROTATE_INACTIVE);
    const { token, keyHash } = newSecret(before.prefix);
    const graceEnds = input.graceMinutes > 0 ? new Date(now().getTime() + input.graceMinutes * MINUTE_MS) : null;
    const updated = await tx.apiKey.update({
      where: { id },
      data: { keyHash, previousKeyHash: graceEnds ? before.keyHash : null, previousKeyExpiresAt: graceEnds },
      include: apiKeyInclude,
    });
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "api_key.rotate",
      entityType: "api_key",
      entityId: id,
      metadata: { graceMinutes: input.graceMinutes, previousSecretValidUntil: graceEnds },
    });
    return { updated, token };
  });
  return { key: toApiKeyView(result.updated, (await loadUsage(db, [id])).get(id)), secret: result.token };
}
