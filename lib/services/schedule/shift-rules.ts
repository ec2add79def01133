import "server-only";
import { db, type Db } from "@/lib/db";
import { isInvariantViolation } from "@/lib/db-errors";
import { AppError, badRequest, conflict } from "@/lib/http/app-error";

export const SHIFT_OVERLAP = "This member already has a shift at that time";
export const UNIT_NOT_FOUND = "unitId: no such department";
export const MEMBER_NOT_IN_UNIT = "userId: no such active member in this department";

/** The department exists (a 400 naming the field, not a 404 of the route). */
export async function assertUnitExists(client: Db, unitId: string): Promise<void> {
  const unit = await client.organizationalUnit.findUnique({ where: { id: unitId }, select: { id: true } });
  if (!unit) throw badRequest(UNIT_NOT_FOUND, { field: "unitId" });
}

/** A shift's member is an active member of its department. */
export async function assertMemberOfUnit(client: Db, userId: string, unitId: string): Promise<void> {
  const member = await client.unitMembership.findFirst({ where: { userId, unitId, user: { isActive: true } }, select: { id: true } });
  if (!member) throw badRequest(MEMBER_NOT_IN_UNIT, { field: "userId" });
}

/** Turns the database's overlap refusal (shifts_no_overlap) into a 409; anything else goes on. */
export function overlapConflict(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (isInvariantViolation(error, "shifts_no_overlap", "23P01")) return conflict(SHIFT_OVERLAP, { field: "userId" });
  return error;
}

export { db };
