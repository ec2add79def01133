import "server-only";
import { db } from "@/lib/db";
import { toUnitDto, unitSelect, type UnitDto } from "./shared";

/**
 * Every unit, flat (the client builds the tree from parentId), with its counts of active
 * members, sub-units and open tasks — one SQL statement (Prisma counts in subqueries).
 * Every signed-in user may read it: the department picker needs it.
 */
export async function listUnits(): Promise<UnitDto[]> {
  const rows = await db.organizationalUnit.findMany({
    select: unitSelect,
    orderBy: [{ unitNumber: { sort: "asc", nulls: "last" } }, { name: "asc" }, { id: "asc" }],
  });
  return rows.map(toUnitDto);
}
