import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { CreateProcessInput } from "@/lib/validations/processes";
import { getProcess, type ProcessDetailDto } from "./get-process";
import { assertStepReferences } from "./process-access";
import { processSnapshot, toStepRows } from "./process-shape";

/** POST /api/processes: anyone signed in creates a process with its ordered steps. Audited. */
export async function createProcess(caller: Caller, input: CreateProcessInput): Promise<ProcessDetailDto> {
  await assertStepReferences(db, input.department, input.steps);
  const steps = toStepRows(input.steps);
  const id = await db.$transaction(async (tx) => {
    const process = await tx.process.create({
      data: {
        name: input.name,
        description: input.description || null,
        organizationalUnitId: input.department ?? null,
        createdById: caller.userId,
        steps: { create: steps },
      },
      select: { id: true, name: true, description: true, organizationalUnitId: true, isActive: true },
    });
    await recordAudit(tx, { actorId: caller.userId, action: "process.create", entityType: "process", entityId: process.id, after: processSnapshot(process, steps) });
    return process.id;
  });
  return getProcess(caller, id);
}
