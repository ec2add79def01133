import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

export interface AuditEntry {
  actorId: string | null;
  /** dotted verb, e.g. "task.create", "auth.login", "unit.move" */
  action: string;
  entityType: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
  metadata?: Record<string, unknown>;
}

/** Writes one audit row. Pass the transaction of the change itself so both commit together. */
export async function recordAudit(tx: Prisma.TransactionClient, entry: AuditEntry): Promise<void> {
  await tx.auditLog.create({
    data: {
      actorId: entry.actorId,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      before: toJson(entry.before),
      after: toJson(entry.after),
      metadata: toJson(entry.metadata),
    },
  });
}

/**
 * A stored row's before, after or metadata as the history answers declare it (historyEntrySchema:
 * an object or null): the writes above store objects or nothing.
 */
export const storedSnapshot = (value: Prisma.JsonValue) => value as Record<string, unknown> | null;

/** Only the fields that changed, as { before, after } — what an update's audit row keeps. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): { before: Partial<T>; after: Partial<T> } {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of Object.keys(after) as Array<keyof T>) {
    if (after[key] === undefined) continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[key] = before[key];
      now[key] = after[key];
    }
  }
  return { before: was, after: now };
}

// Dates become ISO strings; undefined stays out of the row.
function toJson(value: unknown): Prisma.InputJsonValue | undefined {
  if (value === undefined || value === null) return undefined;
  return JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue;
}
