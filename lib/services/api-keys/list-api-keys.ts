import "server-only";
import { db } from "@/lib/db";
import type { ApiKeyList } from "@/lib/validations/api-keys";
import { apiKeyInclude, loadUsage, toApiKeyView } from "./present";

/** Newest first, a page at a time, with each key's 7-day usage (two queries plus the count). */
export async function listApiKeys(query: { page: number; pageSize: number }): Promise<ApiKeyList> {
  const [total, rows] = await Promise.all([
    db.apiKey.count(),
    db.apiKey.findMany({
      include: apiKeyInclude,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip: (query.page - 1) * query.pageSize,
      take: query.pageSize,
    }),
  ]);
  const usage = await loadUsage(db, rows.map((r) => r.id));
  return { items: rows.map((r) => toApiKeyView(r, usage.get(r.id))), total, page: query.page, pageSize: query.pageSize };
}
