import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { scanRefusalMessage, type ScanRefusalCode } from "@/lib/cases/stations";
import { businessToday, dateColumnOf, dateKeyOfDateColumn } from "@/lib/dates";
import { db } from "@/lib/db";
import { isInvariantViolation, isUniqueViolation } from "@/lib/db-errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { badRequest, conflict, notFound, type AppError } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { Chamber } from "@/lib/validations/cases";
import type { AddMaintenanceInput, ChamberServiceInput, ListMaintenanceQuery, MaintenanceEntry, MaintenanceLogKind } from "@/lib/validations/chambers";
import { chamberSelect, toChamber } from "./chambers";

type Tx = Prisma.TransactionClient;

/**
 * A chamber's maintenance log and its time out of service (docs/cases.md "Operators and
 * chambers"). While out of service it refuses chamber-in scans; the database has the last word
 * (trigger chamber_in_service on the occupancy insert).
 */

export const CHAMBER_NOT_FOUND = "Chamber not found";
export const MAINTENANCE_DATE_FUTURE = "Date must not be in the future";

const entrySelect = {
  id: true,
  chamberId: true,
  kind: true,
  performedOn: true,
  performedBy: true,
  notes: true,
  createdAt: true,
  recordedBy: { select: { id: true, firstName: true, lastName: true } },
} as const;
type EntryRow = Prisma.ChamberMaintenanceGetPayload<{ select: typeof entrySelect }>;

const toEntry = (row: EntryRow): MaintenanceEntry => ({
  id: row.id,
  chamberId: row.chamberId,
  kind: row.kind as MaintenanceLogKind,
  performedOn: dateKeyOfDateColumn(row.performedOn),
  performedBy: row.performedBy,
  notes: row.notes,
  recordedBy: row.recordedBy,
  recordedAt: row.createdAt.toISOString(),
});

async function requireChamber(id: string): Promise<void> {
  const chamber = await db.cremationChamber.findUnique({ where: { id }, select: { id: true } });
  if (!chamber) throw notFound(CHAMBER_NOT_FOUND);
}

/** GET /api/cases/chambers/{id}/maintenance: the newest first, paged. */
export async function listMaintenance(chamberId: string, query: ListMaintenanceQuery): Promise<{ items: MaintenanceEntry[]; total: number }> {
  await requireChamber(chamberId);
  const where = { chamberId };
  const [rows, total] = await Promise.all([
    db.chamberMaintenance.findMany({ where, select: entrySelect, orderBy: [{ performedOn: "desc" }, { createdAt: "desc" }, { id: "desc" }], take: query.limit, skip: query.offset }),
    db.chamberMaintenance.count({ where }),
  ]);
  return { items: rows.map(toEntry), total };
}

const memberName = async (tx: Tx, id: string) => {
  const user = await tx.user.findUniqueOrThrow({ where: { id }, select: { firstName: true, lastName: true } });
  return `${user.firstName} ${user.lastName}`.trim();
};

/** POST /api/cases/chambers/{id}/maintenance (admins, managers): an inspection or a repair. Idempotent on `clientUuid`. */
export async function addMaintenance(caller: Caller, chamberId: string, input: AddMaintenanceInput): Promise<{ status: number; body: MaintenanceEntry }> {
  const replayed = async () => {
    if (!input.clientUuid) return null;
    const seen = await db.chamberMaintenance.findUnique({ where: { clientUuid: input.clientUuid }, select: entrySelect });
    if (seen && seen.chamberId !== chamberId) throw conflict("This entry's id was already used for another chamber.");
    return seen ? { status: 200, body: toEntry(seen) } : null;
  };
  const seen = await replayed();
  if (seen) return seen;
  await requireChamber(chamberId);
  if (input.performedOn > businessToday()) throw badRequest(MAINTENANCE_DATE_FUTURE, { field: "performedOn" });
  try {
    const row = await db.$transaction(async (tx) => {
      const created = await tx.chamberMaintenance.create({
        data: {
          chamberId,
          kind: input.kind,
          performedOn: dateColumnOf(input.performedOn),
          performedBy: input.performedBy ?? (await memberName(tx, caller.userId)),
          notes: input.notes ?? "",
          clientUuid: input.clientUuid ?? null,
          recordedById: caller.userId,
        },
        select: entrySelect,
      });
      await recordAudit(tx, { actorId: caller.userId, action: "case.chamber_maintenance", entityType: "cremation_chamber", entityId: chamberId, after: { kind: input.kind, performedOn: input.performedOn } });
      return created;
    });
    return { status: 201, body: toEntry(row) };
  } catch (error) {
    if (isUniqueViolation(error)) {
      const again = await replayed();
      if (again) return again;
    }
    throw error;
  }
}

/**
 * POST /api/cases/chambers/{id}/service (admins, managers): out of service with a reason, or back
 * in. Each change is an entry of the log. Under the chamber's row lock: a chamber that holds a pet
 * cannot be taken out (a chamber-in in flight holds the row FOR SHARE until it commits, so this
 * waits for it and then sees the pet).
 */
export async function setChamberService(caller: Caller, chamberId: string, input: ChamberServiceInput): Promise<Chamber> {
  const row = await db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<Array<{ id: string; name: string; out_of_service_since: Date | null }>>`
      SELECT "id", "name", "out_of_service_since" FROM "cremation_chambers" WHERE "id" = ${chamberId}::uuid FOR UPDATE`;
    const chamber = locked[0];
    if (!chamber) throw notFound(CHAMBER_NOT_FOUND);
    const isOut = chamber.out_of_service_since !== null;
    if (isOut === !input.inService) return tx.cremationChamber.findUniqueOrThrow({ where: { id: chamberId }, select: chamberSelect });
    if (!input.inService) {
      const inside = await tx.chamberOccupancy.findFirst({ where: { chamberId, exitedAt: null }, select: { case: { select: { number: true } } }, orderBy: { enteredAt: "asc" } });
      if (inside) throw conflict(`${chamber.name} holds ${inside.case.number}; take it out of service once it is empty.`, { field: "inService" });
    }
    const now = new Date();
    await tx.cremationChamber.update({
      where: { id: chamberId },
      data: input.inService ? { outOfServiceSince: null, outOfServiceReason: null } : { outOfServiceSince: now, outOfServiceReason: input.reason! },
    });
    await tx.chamberMaintenance.create({
      data: {
        chamberId,
        kind: input.inService ? "back_in_service" : "out_of_service",
        performedOn: dateColumnOf(businessToday(now)),
        performedBy: await memberName(tx, caller.userId),
        notes: input.reason ?? "",
        recordedById: caller.userId,
      },
    });
    await recordAudit(tx, { actorId: caller.userId, action: input.inService ? "case.chamber_in_service" : "case.chamber_out_of_service", entityType: "cremation_chamber", entityId: chamberId, after: input });
    return tx.cremationChamber.findUniqueOrThrow({ where: { id: chamberId }, select: chamberSelect });
  });
  const last = await db.chamberMaintenance.findFirst({ where: { chamberId, kind: "inspection" }, orderBy: { performedOn: "desc" }, select: { performedOn: true } });
  return toChamber(row, last ? dateKeyOfDateColumn(last.performedOn) : null);
}

type ChamberRefusal = { reason: ScanRefusalCode; message: string; overridable: false };

/** The chamber-in check: a chamber out of service takes no pet. Never overridable: the database enforces it. */
export async function outOfServiceRefusal(tx: Tx, chamberId: string): Promise<ChamberRefusal | null> {
  const chamber = await tx.cremationChamber.findUnique({ where: { id: chamberId }, select: { name: true, outOfServiceReason: true, outOfServiceSince: true } });
  if (!chamber?.outOfServiceSince) return null;
  return { reason: "CHAMBER_OUT_OF_SERVICE", message: scanRefusalMessage("CHAMBER_OUT_OF_SERVICE", { chamber: chamber.name, why: chamber.outOfServiceReason ?? undefined }), overridable: false };
}

/** The database refused the occupancy because the chamber went out of service meanwhile (trigger chamber_in_service). */
export async function outOfServiceViolation(error: unknown, chamberId: string | null | undefined): Promise<AppError | null> {
  if (!isInvariantViolation(error, "chamber_in_service")) return null;
  const chamber = chamberId ? await db.cremationChamber.findUnique({ where: { id: chamberId }, select: { name: true, outOfServiceReason: true } }) : null;
  return conflict(scanRefusalMessage("CHAMBER_OUT_OF_SERVICE", { chamber: chamber?.name, why: chamber?.outOfServiceReason ?? undefined }), { reason: "CHAMBER_OUT_OF_SERVICE", overridable: false });
}
