import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { caseNumberCounter, formatCaseNumber } from "@/lib/cases/case-number";
import { SERVICE_TYPE_TEMPLATE } from "@/lib/cases/stations";
import { dateColumnOf, dateKeyOf } from "@/lib/dates";
import { db } from "@/lib/db";
import { isInvariantViolation, isUniqueViolation } from "@/lib/db-errors";
import { badRequest, conflict } from "@/lib/http/app-error";
import { logLine } from "@/lib/http/log";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { priceCaseAtIntake } from "@/lib/services/billing/case-pricing";
import { startProcess } from "@/lib/services/processes/start-process";
import type { CaseDetail, CreateCaseInput } from "@/lib/validations/cases";
import { storeDataUrlImage } from "./case-files";
import { loadCaseDetail } from "./case-shape";
import { queueFamilyEmail } from "./family-emails";

/** Concurrent creates queue on the year's counter row: wait for it rather than fail. */
const CREATE_TX_OPTIONS = { maxWait: 30_000, timeout: 30_000 } as const;

export const CASE_UUID_TAKEN = "A case with this uuid already exists";
export const tagInUseMessage = (tag: string, number: string) => `Tag ${tag} is on open case ${number}; each open case needs its own tag.`;

/** Takes the next number of the year. Inside the insert's transaction: the row lock queues concurrent creates and a rollback gives the number back (gapless). */
export async function nextCaseSeq(tx: Parameters<Parameters<typeof db.$transaction>[0]>[0], year: number): Promise<number> {
  const rows = await tx.$queryRaw<{ value: number }[]>`
    INSERT INTO counters (name, value) VALUES (${caseNumberCounter(year)}, 1)
    ON CONFLICT (name) DO UPDATE SET value = counters.value + 1
    RETURNING value`;
  return Number(rows[0].value);
}

export async function assertTagFree(tagSerial: string, exceptCaseId?: string): Promise<void> {
  const other = await db.memorialCase.findFirst({ where: { tagSerial, status: "open", ...(exceptCaseId ? { id: { not: exceptCaseId } } : {}) }, select: { number: true } });
  if (other) throw conflict(tagInUseMessage(tagSerial, other.number), { field: "tagSerial" });
}

export async function assertClinic(clinicVendorId: string | null | undefined): Promise<void> {
  if (!clinicVendorId) return;
  const vendor = await db.vendor.findUnique({ where: { id: clinicVendorId }, select: { id: true } });
  if (!vendor) throw badRequest("Clinic not found", { field: "clinicVendorId" });
}

/**
 * POST /api/cases: numbers the case (C-yyyy-nnnnn), stores it with its family link and the
 * intake e-mail (per consent) in one transaction, then starts its service type's process
 * template (docs/cases.md "Work"): the steps become tasks under a parent task named after the
 * case. Idempotent on the client's uuid: a retry answers with the first case (and starts the
 * process if the first attempt stopped before it).
 */
export async function createCase(caller: Caller, input: CreateCaseInput): Promise<{ case: CaseDetail; created: boolean }> {
  const existing = await db.memorialCase.findUnique({ where: { uuid: input.uuid }, select: { id: true, createdById: true } });
  if (existing) {
    if (existing.createdById !== caller.userId) throw conflict(CASE_UUID_TAKEN);
    await ensureProcessRun(caller, existing.id);
    return { case: await loadCaseDetail(caller, existing.id), created: false };
  }
  await assertClinic(input.clinicVendorId);
  await assertTagFree(input.tagSerial);
  const petPhotoKey = input.petPhoto ? await storeDataUrlImage(input.petPhoto, "cases/photos", "petPhoto") : null;

  const receivedAt = new Date();
  const year = Number(dateKeyOf(receivedAt).slice(0, 4));
  let caseId: string;
  try {
    caseId = await db.$transaction(async (tx) => {
      const seq = await nextCaseSeq(tx, year);
      const number = formatCaseNumber(year, seq);
      const row = await tx.memorialCase.create({
        data: {
          number,
          year,
          seq,
          uuid: input.uuid,
          serviceType: input.serviceType,
          petName: input.petName,
          petSpecies: input.petSpecies,
          petBreed: input.petBreed ?? null,
          petWeightLbs: input.petWeightLbs ?? null,
          petColor: input.petColor ?? null,
          petPhotoKey,
          familyName: input.familyName,
          familyPhone: input.familyPhone ?? null,
          familyEmail: input.familyEmail ?? null,
          familyAddress: input.familyAddress ?? null,
          familyEmailConsent: input.familyEmailConsent,
          clinicVendorId: input.clinicVendorId ?? null,
          pawPrint: input.pawPrint,
          furClipping: input.furClipping,
          urnProduct: input.urnProduct ?? null,
          returnMethod: input.serviceType === "communal" ? null : (input.returnMethod ?? null),
          promisedReturnDate: input.promisedReturnDate ? dateColumnOf(input.promisedReturnDate) : null,
          tagSerial: input.tagSerial,
          notes: input.notes ?? null,
          receivedAt,
          createdById: caller.userId,
        },
        select: { id: true, number: true, petWeightLbs: true, serviceType: true, pawPrint: true, furClipping: true, urnProduct: true, clinicVendorId: true, receivedAt: true },
      });
      // Its charges, from the price list in force today (docs/billing.md "Charges"); none while no list exists.
      await priceCaseAtIntake(tx, row, caller.userId, receivedAt);
      const link = await tx.caseFamilyLink.create({ data: { caseId: row.id }, select: { id: true } });
      await queueFamilyEmail(tx, {
        caseId: row.id,
        reason: "intake",
        petName: input.petName,
        caseNumber: number,
        familyEmail: input.familyEmail ?? null,
        consent: input.familyEmailConsent,
        linkId: link.id,
      });
      await recordAudit(tx, {
        actorId: caller.userId,
        action: "case.create",
        entityType: "case",
        entityId: row.id,
        after: { number, serviceType: input.serviceType, petName: input.petName, tagSerial: input.tagSerial },
      });
      return row.id;
    }, CREATE_TX_OPTIONS);
  } catch (error) {
    if (isInvariantViolation(error, "cases_open_tag_serial")) {
      await assertTagFree(input.tagSerial);
    }
    if (isUniqueViolation(error)) {
      const again = await db.memorialCase.findUnique({ where: { uuid: input.uuid }, select: { id: true, createdById: true } });
      if (again) {
        if (again.createdById !== caller.userId) throw conflict(CASE_UUID_TAKEN);
        return { case: await loadCaseDetail(caller, again.id), created: false };
      }
    }
    throw error;
  }
  await ensureProcessRun(caller, caseId).catch((error: unknown) =>
    // The case stands without its tasks; a retry with the same uuid starts them.
    logLine({ level: "error", event: "case.process_start_failed", caseId, error: error instanceof Error ? error.message : String(error) }),
  );
  return { case: await loadCaseDetail(caller, caseId), created: true };
}

/**
 * Starts the case's template (by its service type's name: "Private cremation" ...) unless the case
 * has its run already. The run's uuid is the case's id, so a retry never starts a second run. No
 * active template of that name: the case has no tasks (docs/cases.md).
 */
export async function ensureProcessRun(caller: Caller, caseId: string): Promise<void> {
  const row = await db.memorialCase.findUniqueOrThrow({ where: { id: caseId }, select: { id: true, number: true, petName: true, serviceType: true, processRunId: true, receivedAt: true } });
  if (row.processRunId) return;
  const template = await db.process.findFirst({
    where: { name: SERVICE_TYPE_TEMPLATE[row.serviceType], isActive: true },
    orderBy: { createdAt: "desc" },
    select: { id: true },
  });
  if (!template) return;
  const { run } = await startProcess(caller, template.id, {
    uuid: row.id,
    name: `${row.number} · ${row.petName}`,
    startDate: dateKeyOf(row.receivedAt),
    target: "parent_task",
    stepOverrides: [],
    department: null,
    assigneeId: null,
    projectId: null,
  });
  await db.memorialCase.updateMany({ where: { id: row.id, processRunId: null }, data: { processRunId: run.id } });
}
