import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { getProcess, type ProcessDetailDto } from "./get-process";
import { loadProcessAccess } from "./process-access";
import { stepRowToInput, toStepRows } from "./process-shape";

/** POST /api/processes/{id}/duplicate: a new active process "Copy of …" owned by the caller, same steps. */
export async function duplicateProcess(caller: Caller, id: string): Promise<ProcessDetailDto> {
  const { row } = await loadProcessAccess(caller, id);
  const newId = await db.$transaction(async (tx) => {
    const steps = await tx.processStep.findMany({ where: { processId: id }, orderBy: { position: "asc" } });
    const copy = await tx.process.create({
      data: {
        name: `Copy of ${row.name}`.slice(0, 200),
        description: row.description,
        organizationalUnitId: row.organizationalUnitId,
        createdById: caller.userId,
        steps: { create: toStepRows(steps.map(stepRowToInput)) },
      },
      select: { id: true },
    });
    await recordAudit(tx, { actorId: caller.userId, action: "process.create", entityType: "process", entityId: copy.id, metadata: { duplicatedFrom: id } });
    return copy.id;
  });
  return getProcess(caller, newId);
}
