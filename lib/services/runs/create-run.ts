import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { dateColumnOf } from "@/lib/dates";
import { db } from "@/lib/db";
import { badRequest, conflict } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { CreateRunInput, Run } from "@/lib/validations/runs";
import { loadRuns } from "./run-shape";
import { orderRunStops, placeRequests, runRaceConflict } from "./run-stops";

export const RUN_UUID_TAKEN = "A run with this uuid already exists";
export const DRIVER_NOT_FOUND = "driverId names no active member";
const TX_OPTIONS = { maxWait: 15_000, timeout: 15_000 } as const;

/** A member who may drive: active staff (not a clinic's user). */
export async function assertDriver(driverId: string): Promise<void> {
  const driver = await db.user.findFirst({ where: { id: driverId, isActive: true, role: { in: ["admin", "manager", "staff"] } }, select: { id: true } });
  if (!driver) throw badRequest(DRIVER_NOT_FOUND, { field: "driverId" });
}

/**
 * POST /api/runs (docs/runs.md): a run for a driver and a vehicle on a date, with
 * its first requests placed on their stops and the stops ordered by nearest neighbour, in one
 * transaction. Idempotent on the client's uuid: a retry answers the run as it is.
 */
export async function createRun(caller: Caller, input: CreateRunInput): Promise<{ run: Run; created: boolean }> {
  const existing = await db.pickupRun.findUnique({ where: { uuid: input.uuid }, select: { id: true, createdById: true } });
  if (existing) {
    if (existing.createdById !== caller.userId) throw conflict(RUN_UUID_TAKEN, { field: "uuid" });
    return { run: (await loadRuns({ id: existing.id }))[0], created: false };
  }
  await assertDriver(input.driverId);
  const at = new Date();
  let runId: string;
  try {
    runId = await db.$transaction(async (tx) => {
      const run = await tx.pickupRun.create({
        data: { uuid: input.uuid, runDate: dateColumnOf(input.runDate), driverId: input.driverId, vehicle: input.vehicle, note: input.note ?? null, createdById: caller.userId },
        select: { id: true },
      });
      await placeRequests(tx, caller, run.id, input.requestIds, at);
      await orderRunStops(tx, run.id);
      await recordAudit(tx, { actorId: caller.userId, action: "run.create", entityType: "pickup_run", entityId: run.id, after: { runDate: input.runDate, driverId: input.driverId, vehicle: input.vehicle, requestIds: input.requestIds } });
      return run.id;
    }, TX_OPTIONS);
  } catch (error) {
    const again = await db.pickupRun.findUnique({ where: { uuid: input.uuid }, select: { id: true, createdById: true } });
    if (again && again.createdById === caller.userId) return { run: (await loadRuns({ id: again.id }))[0], created: false };
    throw await runRaceConflict(error, input.requestIds);
  }
  return { run: (await loadRuns({ id: runId }))[0], created: true };
}
