import "server-only";
import { now } from "@/lib/auth/clock";
import { addDays, dateColumnOf, dateKeyOf, dateKeyOfDateColumn } from "@/lib/dates";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import type { ApiKeyView } from "@/lib/validations/api-keys";

export const apiKeyInclude = {
  actingUser: { select: { id: true, firstName: true, lastName: true, role: true, isActive: true } },
  createdBy: { select: { id: true, firstName: true, lastName: true } },
} satisfies Prisma.ApiKeyInclude;

export type ApiKeyRow = Prisma.ApiKeyGetPayload<{ include: typeof apiKeyInclude }>;

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function apiKeyStatus(row: Pick<ApiKeyRow, "revokedAt" | "expiresAt"> & { actingUser: { isActive: boolean } }, at = now()): ApiKeyView["status"] {
  if (row.revokedAt && row.revokedAt <= at) return "revoked";
  if (row.expiresAt && row.expiresAt <= at) return "expired";
  if (!row.actingUser.isActive) return "disabled";
  return "active";
}

/** The last 7 business days ending today, oldest first. */
export function usageDays(at = now()): string[] {
  const today = dateKeyOf(at);
  return Array.from({ length: 7 }, (_, i) => addDays(today, i - 6));
}

/** One query for the 7-day usage of every listed key (no N+1). */
export async function loadUsage(client: Pick<PrismaClient, "apiKeyUsageDay">, keyIds: string[]): Promise<Map<string, Map<string, number>>> {
  const days = usageDays();
  const rows = keyIds.length
    ? await client.apiKeyUsageDay.findMany({
        where: { apiKeyId: { in: keyIds }, day: { gte: dateColumnOf(days[0]) } },
        select: { apiKeyId: true, day: true, requestCount: true },
      })
    : [];
  const byKey = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const m = byKey.get(row.apiKeyId) ?? new Map<string, number>();
    m.set(dateKeyOfDateColumn(row.day), row.requestCount);
    byKey.set(row.apiKeyId, m);
  }
  return byKey;
}

export function toApiKeyView(row: ApiKeyRow, usage: Map<string, number> | undefined): ApiKeyView {
  const at = now();
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    status: apiKeyStatus(row, at),
    actingMember: { id: row.actingUser.id, name: fullName(row.actingUser), role: row.actingUser.role, isActive: row.actingUser.isActive },
    createdBy: { id: row.createdBy.id, name: fullName(row.createdBy) },
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    lastUsedIp: row.lastUsedIp,
    expiresAt: iso(row.expiresAt),
    revokedAt: iso(row.revokedAt),
    previousSecretValidUntil: row.previousKeyHash && row.previousKeyExpiresAt && row.previousKeyExpiresAt > at ? row.previousKeyExpiresAt.toISOString() : null,
    rateLimitPerMinute: row.rateLimitPerMinute,
    usage: usageDays(at).map((day) => ({ day, count: usage?.get(day) ?? 0 })),
  };
}
