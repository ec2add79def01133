import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { AddRunRequestsInput, Run } from "@/lib/validations/runs";
import { RUN_NOT_FOUND } from "./run-access";
import { loadRuns } from "./run-shape";
import { orderRunStops, placeRequests, runRaceConflict } from "./run-stops";

const TX_OPTIONS = { maxWait: 15_000, timeout: 15_000 } as const;

/**
 * POST /api/runs/{id}/requests: more open requests onto the run, each on its place's stop; the
 * stops are ordered again. A request already on a run (this one or another) is a 409, decided by
 * the database when two dispatchers race for it.
 */
export async function addRunRequests(caller: Caller, runId: string, input: AddRunRequestsInput): Promise<Run> {
  const at = new Date();
  try {
    await db.$transaction(async (tx) => {
      // The run's row lock: two additions to one run queue, so their stops' positions never interleave.
      const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM pickup_runs WHERE id = ${runId}::uuid FOR UPDATE`;
      if (locked.length === 0) throw notFound(RUN_NOT_FOUND);
      await placeRequests(tx, caller, runId, input.requestIds, at);
      await orderRunStops(tx, runId);
      await tx.pickupRun.update({ where: { id: runId }, data: { updatedAt: at } });
      await recordAudit(tx, { actorId: caller.userId, action: "run.add_requests", entityType: "pickup_run", entityId: runId, after: { requestIds: input.requestIds } });
    }, TX_OPTIONS);
  } catch (error) {
    throw await runRaceConflict(error, input.requestIds);
  }
  return (await loadRuns({ id: runId }))[0];
}
