import "server-only";
import { isUniqueViolation } from "@/lib/db-errors";
import { db } from "@/lib/db";
import type { Caller } from "@/lib/auth/resolve-caller";
import { conflict, notFound } from "@/lib/http/app-error";
import { changedFields, recordAudit } from "@/lib/services/audit/record-audit";
import type { UpdateUnitData } from "@/lib/validations/org";
import { UNIT_NOT_FOUND } from "./get-unit";
import { idOrNotFound, lockUnitTree, toUnitDto, unitAuditFields, unitSelect, type UnitDto } from "./shared";
import { assertUnitNumberFree, requireParent, unitNumberTaken, wouldCreateCycle } from "./unit-rules";

/**
 * Edits a unit; a `parentId` in the input moves it (null = top level). The move is checked
 * for cycles under the tree lock, inside the same transaction as the write.
 */
export async function updateUnit(caller: Caller, rawId: unknown, input: UpdateUnitData): Promise<UnitDto> {
  const id = idOrNotFound(rawId, UNIT_NOT_FOUND);
  try {
    return await db.$transaction(async (tx) => {
      await lockUnitTree(tx);
      const before = await tx.organizationalUnit.findUnique({ where: { id }, select: unitSelect });
      if (!before) throw notFound(UNIT_NOT_FOUND);

      const moving = input.parentId !== undefined && input.parentId !== before.parentId;
      if (moving && input.parentId) {
        const parent = await requireParent(tx, input.parentId);
        if (await wouldCreateCycle(tx, id, parent.id)) {
          throw conflict(
            parent.id === id
              ? `${before.name} cannot be moved under itself.`
              : `Cannot move ${before.name} under ${parent.name}: ${parent.name} is inside ${before.name}.`,
            { field: "parentId" },
          );
        }
      }
      if (input.unitNumber !== undefined && input.unitNumber !== before.unitNumber) await assertUnitNumberFree(tx, input.unitNumber, id);

      const unit = await tx.organizationalUnit.update({
        where: { id },
        data: {
          name: input.name,
          unitNumber: input.unitNumber,
          type: input.type,
          parentId: input.parentId,
          description: input.description,
        },
        select: unitSelect,
      });
      const diff = changedFields(unitAuditFields(before), unitAuditFields(unit));
      if (Object.keys(diff.after).length > 0) {
        await recordAudit(tx, {
          actorId: caller.userId,
          action: moving && Object.keys(diff.after).length === 1 ? "unit.move" : "unit.update",
          entityType: "organizational_unit",
          entityId: id,
          ...diff,
        });
      }
      return toUnitDto(unit);
    });
  } catch (error) {
    if (isUniqueViolation(error) && typeof input.unitNumber === "number") throw unitNumberTaken(input.unitNumber);
    throw error;
  }
}
