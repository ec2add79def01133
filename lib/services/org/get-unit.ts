import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { idOrNotFound, toUnitDto, unitSelect, type UnitDto } from "./shared";

export const UNIT_NOT_FOUND = "Unit not found";

export async function getUnit(id: unknown): Promise<UnitDto> {
  const unit = await db.organizationalUnit.findUnique({ where: { id: idOrNotFound(id, UNIT_NOT_FOUND) }, select: unitSelect });
  if (!unit) throw notFound(UNIT_NOT_FOUND);
  return toUnitDto(unit);
}
