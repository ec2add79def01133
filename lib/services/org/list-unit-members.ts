import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { UNIT_NOT_FOUND } from "./get-unit";
import { idOrNotFound } from "./shared";
import type { z } from "zod";
import type { unitMemberSchema } from "@/lib/validations/org";

export const unitMemberSelect = {
  id: true,
  unitId: true,
  userId: true,
  user: { select: { id: true, firstName: true, lastName: true, memberType: true, role: true, isActive: true } },
} as const;

export type UnitMemberItem = z.input<typeof unitMemberSchema>;

export const toUnitMemberItem = (m: {
  id: string;
  unitId: string;
  userId: string;
  user: UnitMemberItem["users"];
}): UnitMemberItem => ({ id: m.id, unitId: m.unitId, userId: m.userId, users: m.user });

/**
 * The active members of a unit, as the spec's client reads them (§3): items carrying a
 * `users` object. No emails or phone numbers: every signed-in user may ask.
 */
export async function listUnitMembers(rawId: unknown): Promise<UnitMemberItem[]> {
  const id = idOrNotFound(rawId, UNIT_NOT_FOUND);
  const [unit, rows] = await Promise.all([
    db.organizationalUnit.findUnique({ where: { id }, select: { id: true } }),
    db.unitMembership.findMany({
      where: { unitId: id, user: { isActive: true } },
      select: unitMemberSelect,
      orderBy: [{ user: { lastName: "asc" } }, { user: { firstName: "asc" } }, { id: "asc" }],
    }),
  ]);
  if (!unit) throw notFound(UNIT_NOT_FOUND);
  return rows.map(toUnitMemberItem);
}
