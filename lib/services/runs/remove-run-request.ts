import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { conflict, notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { Run } from "@/lib/validations/runs";
import { REQUEST_NOT_ON_RUN, RUN_NOT_FOUND } from "./run-access";
import { loadRuns } from "./run-shape";
import { orderRunStops } from "./run-stops";

export const ALREADY_PICKED_UP = "This pet was already picked up; it stays on the run.";

/**
 * DELETE /api/runs/{id}/requests/{requestId}: takes a request off the run (it is open again, for
 * another run); a stop left with no pet goes, and the rest are ordered again. A pet already picked
 * up stays.
 */
export async function removeRunRequest(caller: Caller, runId: string, requestId: string): Promise<Run> {
  await db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM pickup_runs WHERE id = ${runId}::uuid FOR UPDATE`;
    if (locked.length === 0) throw notFound(RUN_NOT_FOUND);
    const item = await tx.pickupRunItem.findFirst({ where: { runId, pickupRequestId: requestId }, select: { id: true, stopId: true, request: { select: { status: true, number: true } } } });
    if (!item) throw notFound(REQUEST_NOT_ON_RUN);
    if (item.request.status === "picked_up") throw conflict(ALREADY_PICKED_UP);
    await tx.pickupRunItem.delete({ where: { id: item.id } });
    await tx.pickupRequest.updateMany({ where: { id: requestId, status: "assigned" }, data: { status: "open" } });
    await tx.pickupRunStop.deleteMany({ where: { id: item.stopId, items: { none: {} } } });
    await orderRunStops(tx, runId);
    await tx.pickupRun.update({ where: { id: runId }, data: { updatedAt: new Date() } });
    await recordAudit(tx, { actorId: caller.userId, action: "run.remove_request", entityType: "pickup_run", entityId: runId, before: { requestId, number: item.request.number } });
  });
  return (await loadRuns({ id: runId }))[0];
}
