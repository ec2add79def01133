import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import { conflict } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { dateKeyOfDateColumn } from "@/lib/dates";
import type { Chamber, CreateChamberInput } from "@/lib/validations/cases";
import { getChamberSettings } from "./operators";

const chamberSelect = {
  id: true,
  name: true,
  isActive: true,
  outOfServiceSince: true,
  outOfServiceReason: true,
  occupancies: {
    where: { exitedAt: null },
    select: { serviceType: true, enteredAt: true, case: { select: { number: true, petName: true } } },
    orderBy: { enteredAt: "asc" as const },
  },
};

type ChamberRow = { id: string; name: string; isActive: boolean; outOfServiceSince: Date | null; outOfServiceReason: string | null; occupancies: Array<{ serviceType: Chamber["occupants"][number]["serviceType"]; enteredAt: Date; case: { number: string; petName: string } }> };

export const toChamber = (row: ChamberRow, lastInspectedOn: string | null = null): Chamber => ({
  id: row.id,
  name: row.name,
  isActive: row.isActive,
  occupants: row.occupancies.map((o) => ({ caseNumber: o.case.number, petName: o.case.petName, serviceType: o.serviceType, enteredAt: o.enteredAt.toISOString() })),
  outOfService: row.outOfServiceSince ? { since: row.outOfServiceSince.toISOString(), reason: row.outOfServiceReason ?? "" } : null,
  lastInspectedOn,
});
export { chamberSelect };

/** GET /api/cases/chambers: every chamber by name, with who is in it now, whether it is in service and its last inspection; and the who-may-load setting. */
export async function listChambers(): Promise<{ items: Chamber[]; requireCertification: boolean }> {
  const [rows, inspections, settings] = await Promise.all([
    db.cremationChamber.findMany({ select: chamberSelect, orderBy: { name: "asc" } }),
    db.chamberMaintenance.groupBy({ by: ["chamberId"], where: { kind: "inspection" }, _max: { performedOn: true } }),
    getChamberSettings(),
  ]);
  const lastInspected = new Map(inspections.map((i) => [i.chamberId, i._max.performedOn ? dateKeyOfDateColumn(i._max.performedOn) : null]));
  return { items: rows.map((row) => toChamber(row, lastInspected.get(row.id) ?? null)), requireCertification: settings.requireCertification };
}

/** POST /api/cases/chambers (administrators). */
export async function createChamber(caller: Caller, input: CreateChamberInput): Promise<Chamber> {
  try {
    const row = await db.$transaction(async (tx) => {
      const created = await tx.cremationChamber.create({ data: { name: input.name }, select: chamberSelect });
      await recordAudit(tx, { actorId: caller.userId, action: "case.chamber_create", entityType: "cremation_chamber", entityId: created.id, after: { name: input.name } });
      return created;
    });
    return toChamber(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A chamber named ${input.name} exists`, { field: "name" });
    throw error;
  }
}
