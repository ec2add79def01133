import "server-only";
import { scanRefusalMessage, type ScanRefusalCode } from "@/lib/cases/stations";
import { isInvariantViolation } from "@/lib/db-errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { conflict, type AppError } from "@/lib/http/app-error";

/**
 * No chamber without a current signed cremation authorization (docs/cases.md "Cremation
 * authorization"): the scan's check, before the database's own (trigger chamber_needs_authorization
 * on the occupancy insert). Never overridable.
 */
export async function authorizationRefusal(tx: Prisma.TransactionClient, caseId: string): Promise<{ reason: ScanRefusalCode; message: string; overridable: false } | null> {
  const current = await tx.caseAuthorization.findFirst({ where: { caseId, voidedAt: null }, select: { id: true } });
  if (current) return null;
  return { reason: "AUTHORIZATION_MISSING", message: scanRefusalMessage("AUTHORIZATION_MISSING"), overridable: false };
}

/** The database refused the occupancy (no current authorization at insert time): the same 409 as the check. */
export function authorizationViolation(error: unknown): AppError | null {
  if (!isInvariantViolation(error, "chamber_needs_authorization", "BF010")) return null;
  return conflict(scanRefusalMessage("AUTHORIZATION_MISSING"), { reason: "AUTHORIZATION_MISSING", overridable: false });
}
