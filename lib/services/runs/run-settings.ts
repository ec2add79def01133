import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { RunSettings, RunSettingsInput } from "@/lib/validations/runs";
import { loadFacility } from "./run-shape";

/** GET /api/runs/settings: where runs start (the facility's coordinates or postcode). */
export async function getRunSettings(): Promise<RunSettings> {
  return loadFacility();
}

/** PUT /api/runs/settings: the facility's place, entered by hand (no map service); audited. */
export async function updateRunSettings(caller: Caller, input: RunSettingsInput): Promise<RunSettings> {
  const data = { latitude: input.latitude ?? null, longitude: input.longitude ?? null, postcode: input.postcode ?? null };
  await db.$transaction(async (tx) => {
    const before = await loadFacility(tx);
    await tx.pickupRunSettings.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
    await recordAudit(tx, { actorId: caller.userId, action: "runs.settings", entityType: "pickup_run_settings", entityId: "1", before, after: data });
  });
  return loadFacility();
}
