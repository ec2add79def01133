import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { badRequest, conflict } from "@/lib/http/app-error";

/** 409 naming the unit that already holds the number (the unique index is the backstop). */
export async function assertUnitNumberFree(tx: Prisma.TransactionClient, unitNumber: number | null, exceptId?: string): Promise<void> {
  if (unitNumber === null) return;
  const holder = await tx.organizationalUnit.findFirst({
    where: { unitNumber, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { name: true },
  });
  if (holder) throw unitNumberTaken(unitNumber, holder.name);
}

export const unitNumberTaken = (unitNumber: number, holderName?: string) =>
  conflict(
    holderName
      ? `Unit number ${unitNumber} is already used by ${holderName}. Choose another number.`
      : `Unit number ${unitNumber} is already used. Choose another number.`,
    { field: "unitNumber" },
  );

/** The parent must exist; returns its name for messages. */
export async function requireParent(tx: Prisma.TransactionClient, parentId: string): Promise<{ id: string; name: string }> {
  const parent = await tx.organizationalUnit.findUnique({ where: { id: parentId }, select: { id: true, name: true } });
  if (!parent) throw badRequest("Parent unit not found", { field: "parentId" });
  return parent;
}

/**
 * Moving `unitId` under `newParentId` makes a cycle when the unit is the new parent or one of
 * its ancestors: walk up from the new parent with a recursive CTE (UNION stops on a loop).
 * Callers hold the tree lock, so no concurrent move can change the ancestry meanwhile.
 */
export async function wouldCreateCycle(tx: Prisma.TransactionClient, unitId: string, newParentId: string): Promise<boolean> {
  if (unitId === newParentId) return true;
  const rows = await tx.$queryRaw<Array<{ id: string }>>`
    WITH RECURSIVE ancestors AS (
      SELECT id, parent_id FROM organizational_units WHERE id = ${newParentId}::uuid
      UNION
      SELECT u.id, u.parent_id FROM organizational_units u JOIN ancestors a ON u.id = a.parent_id
    )
    SELECT id::text AS id FROM ancestors WHERE id = ${unitId}::uuid`;
  return rows.length > 0;
}
