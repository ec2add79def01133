import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { scanRefusalMessage, type ScanRefusalCode } from "@/lib/cases/stations";
import { certificationStatus } from "@/lib/cases/certification-status";
import { addDays, businessToday, dateColumnOf, dateKeyOfDateColumn, type DateKey } from "@/lib/dates";
import { longDay } from "@/lib/dates/day-labels";
import { rangeInstants } from "@/lib/dates/instants";
import { db } from "@/lib/db";
import { isInvariantViolation, isUniqueViolation } from "@/lib/db-errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { badRequest, conflict, notFound, type AppError } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import {
  EXPIRING_SOON_DAYS,
  type AddCertificationInput,
  type Certification,
  type ChamberSettings,
  type ChamberSettingsInput,
  type ListCertificationsQuery,
} from "@/lib/validations/chambers";

type Tx = Prisma.TransactionClient;

/**
 * Operators on record (docs/cases.md "Operators and chambers"): members' certifications, the
 * who-may-load setting, and the chamber-in check that goes with it. The database has the last word
 * (trigger chamber_needs_certified_operator on the occupancy insert).
 */

export const CERTIFICATION_NOT_FOUND = "Certification not found";
export const MEMBER_NOT_FOUND = "Member not found";

const certificationSelect = {
  id: true,
  name: true,
  loadsChamber: true,
  issuedOn: true,
  expiresOn: true,
  createdAt: true,
  member: { select: { id: true, firstName: true, lastName: true } },
} as const;
type CertificationRow = Prisma.MemberCertificationGetPayload<{ select: typeof certificationSelect }>;

const toCertification = (row: CertificationRow, today: DateKey): Certification => {
  const issuedOn = dateKeyOfDateColumn(row.issuedOn);
  const expiresOn = dateKeyOfDateColumn(row.expiresOn);
  return { id: row.id, member: row.member, name: row.name, loadsChamber: row.loadsChamber, issuedOn, expiresOn, ...certificationStatus(issuedOn, expiresOn, today), recordedAt: row.createdAt.toISOString() };
};

/** GET /api/cases/certifications: one member's, or everyone's; `status=expiring`: expired or expiring within 30 days. Soonest expiry first. */
export async function listCertifications(query: ListCertificationsQuery): Promise<{ items: Certification[]; total: number }> {
  const today = businessToday();
  const where: Prisma.MemberCertificationWhereInput = {
    ...(query.memberId ? { memberId: query.memberId } : {}),
    ...(query.status === "expiring" ? { expiresOn: { lte: dateColumnOf(addDays(today, EXPIRING_SOON_DAYS)) }, member: { isActive: true } } : {}),
  };
  const [rows, total] = await Promise.all([
    db.memberCertification.findMany({ where, select: certificationSelect, orderBy: [{ expiresOn: "asc" }, { id: "asc" }], take: query.limit, skip: query.offset }),
    db.memberCertification.count({ where }),
  ]);
  return { items: rows.map((row) => toCertification(row, today)), total };
}

/** POST /api/cases/certifications (administrators). Idempotent on `clientUuid`. */
export async function addCertification(caller: Caller, input: AddCertificationInput): Promise<{ status: number; body: Certification }> {
  const today = businessToday();
  if (input.clientUuid) {
    const seen = await db.memberCertification.findUnique({ where: { clientUuid: input.clientUuid }, select: certificationSelect });
    if (seen) return { status: 200, body: toCertification(seen, today) };
  }
  const member = await db.user.findUnique({ where: { id: input.memberId }, select: { id: true } });
  if (!member) throw badRequest(MEMBER_NOT_FOUND, { field: "memberId" });
  const { startsAt, endsAt } = rangeInstants(input.issuedOn, input.expiresOn);
  try {
    const row = await db.$transaction(async (tx) => {
      const created = await tx.memberCertification.create({
        data: {
          memberId: input.memberId,
          name: input.name,
          loadsChamber: input.loadsChamber,
          issuedOn: dateColumnOf(input.issuedOn),
          expiresOn: dateColumnOf(input.expiresOn),
          validFrom: startsAt,
          validUntil: endsAt,
          clientUuid: input.clientUuid ?? null,
          recordedById: caller.userId,
        },
        select: certificationSelect,
      });
      await recordAudit(tx, {
        actorId: caller.userId,
        action: "member.certification_add",
        entityType: "member_certification",
        entityId: created.id,
        after: { memberId: input.memberId, name: input.name, loadsChamber: input.loadsChamber, issuedOn: input.issuedOn, expiresOn: input.expiresOn },
      });
      return created;
    });
    return { status: 201, body: toCertification(row, today) };
  } catch (error) {
    if (isUniqueViolation(error) && input.clientUuid) {
      const seen = await db.memberCertification.findUnique({ where: { clientUuid: input.clientUuid }, select: certificationSelect });
      if (seen) return { status: 200, body: toCertification(seen, today) };
    }
    throw error;
  }
}

/** DELETE /api/cases/certifications/{id} (administrators): one recorded by mistake, or withdrawn. */
export async function removeCertification(caller: Caller, id: string): Promise<{ ok: true }> {
  await db.$transaction(async (tx) => {
    const row = await tx.memberCertification.findUnique({ where: { id }, select: { id: true, memberId: true, name: true, issuedOn: true, expiresOn: true } });
    if (!row) throw notFound(CERTIFICATION_NOT_FOUND);
    await tx.memberCertification.delete({ where: { id } });
    await recordAudit(tx, {
      actorId: caller.userId,
      action: "member.certification_remove",
      entityType: "member_certification",
      entityId: id,
      before: { memberId: row.memberId, name: row.name, issuedOn: dateKeyOfDateColumn(row.issuedOn), expiresOn: dateKeyOfDateColumn(row.expiresOn) },
    });
  });
  return { ok: true };
}

/** Whether chamber in needs a current certification (organization_settings, off when the row is missing). */
export async function getChamberSettings(client: Tx | typeof db = db): Promise<ChamberSettings> {
  const row = await client.organizationSettings.findUnique({ where: { id: 1 }, select: { chamberInRequiresCertification: true } });
  return { requireCertification: row?.chamberInRequiresCertification ?? false };
}

/** PUT /api/cases/chamber-settings (administrators). */
export async function updateChamberSettings(caller: Caller, input: ChamberSettingsInput): Promise<ChamberSettings> {
  return db.$transaction(async (tx) => {
    const before = await getChamberSettings(tx);
    await tx.organizationSettings.upsert({
      where: { id: 1 },
      create: { id: 1, chamberInRequiresCertification: input.requireCertification, updatedById: caller.userId },
      update: { chamberInRequiresCertification: input.requireCertification, updatedById: caller.userId },
    });
    await recordAudit(tx, { actorId: caller.userId, action: "case.chamber_settings", entityType: "organization_settings", entityId: "1", before, after: input });
    return { requireCertification: input.requireCertification };
  });
}

type OperatorRefusal = { reason: ScanRefusalCode; message: string; overridable: false };

/**
 * The chamber-in check: when the setting is on, the member loading the chamber holds a
 * certification that lets them load one, valid at `at` (from its issue day through its expiry day
 * in the business's calendar). Never overridable: the database enforces it.
 */
export async function operatorRefusal(tx: Tx, memberId: string, at: Date): Promise<OperatorRefusal | null> {
  if (!(await getChamberSettings(tx)).requireCertification) return null;
  const current = await tx.memberCertification.findFirst({ where: { memberId, loadsChamber: true, validFrom: { lte: at }, validUntil: { gt: at } }, select: { id: true } });
  if (current) return null;
  const lapsed = await tx.memberCertification.findFirst({ where: { memberId, loadsChamber: true, validUntil: { lte: at } }, orderBy: { validUntil: "desc" }, select: { expiresOn: true } });
  const expiredOn = lapsed ? longDay(dateKeyOfDateColumn(lapsed.expiresOn)) : undefined;
  return { reason: "OPERATOR_NOT_CERTIFIED", message: scanRefusalMessage("OPERATOR_NOT_CERTIFIED", { expiredOn }), overridable: false };
}

/** The database refused the occupancy for the operator (trigger chamber_needs_certified_operator): the same 409 as the check. */
export function operatorViolation(error: unknown): AppError | null {
  if (!isInvariantViolation(error, "chamber_needs_certified_operator")) return null;
  return conflict(scanRefusalMessage("OPERATOR_NOT_CERTIFIED"), { reason: "OPERATOR_NOT_CERTIFIED", overridable: false });
}
