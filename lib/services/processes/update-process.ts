import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { forbidden } from "@/lib/http/app-error";
import { canEditProcess } from "@/lib/processes/permissions";
import { changedFields, recordAudit } from "@/lib/services/audit/record-audit";
import type { UpdateProcessInput } from "@/lib/validations/processes";
import { getProcess, type ProcessDetailDto } from "./get-process";
import { assertStepReferences, loadProcessAccess, PROCESS_EDIT_DENIED } from "./process-access";
import { processSnapshot, stepRowToInput, stepSelect, toStepRows } from "./process-shape";

/**
 * PATCH /api/processes/{id}: the builder saves name, description, department and the whole
 * step list (replaced in order); the list's Archive/Restore sends `isActive` alone. Runs
 * already started keep their tasks. One transaction, one audit row with what changed.
 */
export async function updateProcess(caller: Caller, id: string, input: UpdateProcessInput): Promise<ProcessDetailDto> {
  const { row, viewer } = await loadProcessAccess(caller, id);
  if (!canEditProcess(viewer, row)) throw forbidden(PROCESS_EDIT_DENIED);
  if (input.steps) await assertStepReferences(db, input.department, input.steps);
  else if (input.department) await assertStepReferences(db, input.department, []);
  const steps = input.steps ? toStepRows(input.steps) : undefined;

  await db.$transaction(async (tx) => {
    const beforeSteps = steps ? await tx.processStep.findMany({ where: { processId: id }, select: stepSelect, orderBy: { position: "asc" } }) : undefined;
    const after = await tx.process.update({
      where: { id },
      data: {
        name: input.name,
        description: input.description === undefined ? undefined : input.description || null,
        organizationalUnitId: input.department,
        isActive: input.isActive,
      },
      select: { name: true, description: true, organizationalUnitId: true, isActive: true },
    });
    if (steps) {
      await tx.processStep.deleteMany({ where: { processId: id } });
      await tx.processStep.createMany({ data: steps.map((step) => ({ ...step, processId: id })) });
    }
    const before = processSnapshot(row, beforeSteps ? toStepRows(beforeSteps.map(stepRowToInput)) : undefined);
    const diff = changedFields(before, processSnapshot(after, steps));
    if (Object.keys(diff.after).length) {
      const action = input.isActive !== undefined && "isActive" in diff.after ? (input.isActive ? "process.restore" : "process.archive") : "process.update";
      await recordAudit(tx, { actorId: caller.userId, action, entityType: "process", entityId: id, before: diff.before, after: diff.after });
    }
  });
  return getProcess(caller, id);
}
