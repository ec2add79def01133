import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { isInvariantViolation } from "@/lib/db-errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { conflict } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { CaseDetail, CloseCaseInput, UpdateCaseInput } from "@/lib/validations/cases";
import { resolveCaseRef } from "./case-access";
import { storeDataUrlImage } from "./case-files";
import { loadCaseDetail } from "./case-shape";
import { assertClinic, assertTagFree } from "./create-case";
import { dateColumnOf } from "@/lib/dates";
import { voidAuthorizationOnEdit } from "./authorization";

export const CASE_CLOSED = "This case is closed; it can no longer be edited.";
export const SERVICE_TYPE_FIXED = "The service type cannot change once the case is in a chamber.";

/** PATCH /api/cases/{ref}: the given fields; the service type only until the chamber-in scan. */
export async function updateCase(caller: Caller, ref: string, input: UpdateCaseInput): Promise<CaseDetail> {
  const { id } = await resolveCaseRef(caller, ref);
  const before = await db.memorialCase.findUniqueOrThrow({ where: { id }, select: { status: true, serviceType: true, currentStation: true, tagSerial: true } });
  if (before.status === "closed") throw conflict(CASE_CLOSED);
  if (input.serviceType && input.serviceType !== before.serviceType) {
    const entered = await db.caseEvent.count({ where: { caseId: id, kind: "scan", station: "chamber_in" } });
    if (entered > 0) throw conflict(SERVICE_TYPE_FIXED, { field: "serviceType" });
  }
  if (input.tagSerial && input.tagSerial !== before.tagSerial) await assertTagFree(input.tagSerial, id);
  if (input.clinicVendorId !== undefined) await assertClinic(input.clinicVendorId);
  const photo = input.petPhoto === undefined ? undefined : input.petPhoto === null ? null : await storeDataUrlImage(input.petPhoto, "cases/photos", "petPhoto");

  const data: Prisma.MemorialCaseUncheckedUpdateInput = {};
  const copy = ["petName", "petSpecies", "petBreed", "petWeightLbs", "petColor", "familyName", "familyPhone", "familyEmail", "familyAddress", "familyEmailConsent", "clinicVendorId", "serviceType", "pawPrint", "furClipping", "urnProduct", "returnMethod", "tagSerial", "notes"] as const;
  for (const key of copy) if (input[key] !== undefined) (data as Record<string, unknown>)[key] = input[key];
  if (input.promisedReturnDate !== undefined) data.promisedReturnDate = input.promisedReturnDate ? dateColumnOf(input.promisedReturnDate) : null;
  if (photo !== undefined) data.petPhotoKey = photo;
  if ((input.serviceType ?? before.serviceType) === "communal") data.returnMethod = null;
  try {
    await db.$transaction(async (tx) => {
      // A signed authorization covers the service and options as they were: changing them voids it.
      await voidAuthorizationOnEdit(tx, id, caller.userId, data as Parameters<typeof voidAuthorizationOnEdit>[3]);
      await tx.memorialCase.update({ where: { id }, data });
      await recordAudit(tx, { actorId: caller.userId, action: "case.update", entityType: "case", entityId: id, after: { ...data, petPhotoKey: photo === undefined ? undefined : Boolean(photo) } as Record<string, unknown> });
    });
  } catch (error) {
    if (isInvariantViolation(error, "cases_open_tag_serial") && input.tagSerial) await assertTagFree(input.tagSerial, id);
    throw error;
  }
  return loadCaseDetail(caller, id);
}

/** POST /api/cases/{ref}/close: closes an open case without a return, with the reason. */
export async function closeCase(caller: Caller, ref: string, input: CloseCaseInput): Promise<CaseDetail> {
  const { id } = await resolveCaseRef(caller, ref);
  await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM cases WHERE id = ${id}::uuid FOR UPDATE`;
    const row = await tx.memorialCase.findUniqueOrThrow({ where: { id }, select: { status: true } });
    if (row.status === "closed") throw conflict("This case is already closed.");
    await tx.memorialCase.update({ where: { id }, data: { status: "closed", closedAt: new Date(), closedReason: input.reason, chamberId: null } });
    await tx.chamberOccupancy.updateMany({ where: { caseId: id, exitedAt: null }, data: { exitedAt: new Date() } });
    await recordAudit(tx, { actorId: caller.userId, action: "case.close", entityType: "case", entityId: id, after: { reason: input.reason } });
  });
  return loadCaseDetail(caller, id);
}
