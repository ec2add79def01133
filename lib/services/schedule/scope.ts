import "server-only";
import { can } from "@/lib/auth/permissions";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { forbidden, notFound } from "@/lib/http/app-error";

export const SHIFT_NOT_FOUND = "Shift not found";

type Who = Pick<Caller, "userId" | "role" | "unitIds">;

/** The departments the caller belongs to (from the session when it carries them). */
export async function unitIdsOf(caller: Who): Promise<string[]> {
  if (caller.unitIds) return [...caller.unitIds];
  const rows = await db.unitMembership.findMany({ where: { userId: caller.userId }, select: { unitId: true } });
  return rows.map((r) => r.unitId);
}

/**
 * The departments whose shifts the caller plans: every one for `schedule.manage.all` (null),
 * else those they belong to (a manager manages the units they are a member of, as for time).
 */
export async function scheduledUnitIds(caller: Who): Promise<string[] | null> {
  if (can(caller, "schedule.manage.all")) return null;
  if (!can(caller, "schedule.manage")) return [];
  return unitIdsOf(caller);
}

/** The shifts the caller plans: the `where` of every manager read of shifts. */
export async function scheduledShiftsWhere(caller: Who): Promise<Prisma.ShiftWhereInput> {
  const units = await scheduledUnitIds(caller);
  return units === null ? {} : { unitId: { in: units } };
}

/** Refuses a department the caller does not plan (403: the department's existence is no secret). */
export async function assertSchedulesUnit(caller: Who, unitId: string): Promise<void> {
  const units = await scheduledUnitIds(caller);
  if (units !== null && !units.includes(unitId)) throw forbidden("You do not schedule this department");
}

/** A shift the caller plans, or 404 (the same for "not yours" and "no such shift"). */
export async function scheduledShiftOr404<S extends Prisma.ShiftSelect>(caller: Who, id: string, select: S) {
  const shift = await db.shift.findFirst({ where: { AND: [{ id }, await scheduledShiftsWhere(caller)] }, select });
  if (!shift) throw notFound(SHIFT_NOT_FOUND);
  return shift;
}
