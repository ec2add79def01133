import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { changedFields, recordAudit } from "@/lib/services/audit/record-audit";
import type { ApiKeyView } from "@/lib/validations/api-keys";
import { apiKeyInclude, loadUsage, toApiKeyView } from "./present";

export const API_KEY_NOT_FOUND = "API key not found";

/** Renames a key or changes its scopes or limit; each change is audited (scopes take effect on the next request). */
export async function updateApiKey(
  caller: Caller,
  id: string,
  input: { name?: string; scopes?: string[]; rateLimitPerMinute?: number },
): Promise<ApiKeyView> {
  const row = await db.$transaction(async (tx) => {
    const before = await tx.apiKey.findUnique({ where: { id } });
    if (!before) throw notFound(API_KEY_NOT_FOUND);
    const updated = await tx.apiKey.update({ where: { id }, data: input, include: apiKeyInclude });
    const diff = changedFields(
      { name: before.name, scopes: before.scopes, rateLimitPerMinute: before.rateLimitPerMinute },
      { name: updated.name, scopes: updated.scopes, rateLimitPerMinute: updated.rateLimitPerMinute },
    );
    if (Object.keys(diff.after).length > 0) {
      await recordAudit(tx, {
        actorId: caller.userId,
        action: "scopes" in diff.after ? "api_key.scopes_change" : "api_key.update",
        entityType: "api_key",
        entityId: id,
        ...diff,
      });
    }
    return updated;
  });
  return toApiKeyView(row, (await loadUsage(db, [id])).get(id));
}
