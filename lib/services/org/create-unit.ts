import "server-only";
import { isUniqueViolation } from "@/lib/db-errors";
import { db } from "@/lib/db";
import type { Caller } from "@/lib/auth/resolve-caller";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { CreateUnitData } from "@/lib/validations/org";
import { lockUnitTree, toUnitDto, unitAuditFields, unitSelect, type UnitDto } from "./shared";
import { assertUnitNumberFree, requireParent, unitNumberTaken } from "./unit-rules";

export async function createUnit(caller: Caller, input: CreateUnitData): Promise<UnitDto> {
  try {
    return await db.$transaction(async (tx) => {
      await lockUnitTree(tx);
      if (input.parentId) await requireParent(tx, input.parentId);
      await assertUnitNumberFree(tx, input.unitNumber);
      const unit = await tx.organizationalUnit.create({
        data: {
          name: input.name,
          unitNumber: input.unitNumber,
          type: input.type,
          parentId: input.parentId,
          description: input.description ?? null,
        },
        select: unitSelect,
      });
      await recordAudit(tx, { actorId: caller.userId, action: "unit.create", entityType: "organizational_unit", entityId: unit.id, after: unitAuditFields(unit) });
      return toUnitDto(unit);
    });
  } catch (error) {
    if (isUniqueViolation(error) && input.unitNumber !== null) throw unitNumberTaken(input.unitNumber);
    throw error;
  }
}
