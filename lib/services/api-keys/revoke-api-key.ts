import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { now } from "@/lib/auth/clock";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { ApiKeyView } from "@/lib/validations/api-keys";
import { apiKeyInclude, loadUsage, toApiKeyView } from "./present";
import { API_KEY_NOT_FOUND } from "./update-api-key";

/** Revokes a key: refused from the next request on. Revoking it again changes nothing (and writes no second audit row). */
export async function revokeApiKey(caller: Caller, id: string): Promise<ApiKeyView> {
  const row = await db.$transaction(async (tx) => {
    const at = now();
    const { count } = await tx.apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: at, previousKeyExpiresAt: null } });
    const key = await tx.apiKey.findUnique({ where: { id }, include: apiKeyInclude });
    if (!key) throw notFound(API_KEY_NOT_FOUND);
    if (count > 0) {
      await recordAudit(tx, { actorId: caller.userId, action: "api_key.revoke", entityType: "api_key", entityId: id, after: { revokedAt: at } });
    }
    return key;
  });
  return toApiKeyView(row, (await loadUsage(db, [id])).get(id));
}
