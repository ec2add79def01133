import "server-only";
import { clinicVendorIdOf } from "@/lib/auth/clinic-caller";
import type { Caller } from "@/lib/auth/resolve-caller";
import { FAMILY_STATION_LABELS, STATION_ORDER, type Station } from "@/lib/cases/stations";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { visibleCaseWhere, resolveCaseRef } from "@/lib/services/cases/case-access";
import { certificateOfCase } from "@/lib/services/cases/certificate";
import { printCaseLabel, renderLabel } from "@/lib/services/cases/print-label";
import { signLabelToken } from "@/lib/services/cases/tokens";
import { appUrl } from "@/lib/services/mail/mailer";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { parsePickupNumber } from "@/lib/clinics/pickup-number";
import type { z } from "zod";
import type { clinicCaseSchema, clinicSelfSchema } from "@/lib/validations/clinics";
import { PICKUP_REQUEST_NOT_FOUND, visiblePickupWhere } from "./pickup-shape";

/**
 * The clinic portal's reads (docs/clinics.md "The portal"): everything starts from the caller's
 * own clinic (caller.clinicVendorId, set by resolveCaller for a clinic user only), through the
 * same visibility builders as the staff side, so another clinic's case or request, by any
 * reference, is the same 404 as a wrong one.
 */

export async function getClinicSelf(caller: Caller): Promise<z.input<typeof clinicSelfSchema>> {
  const clinic = await db.vendor.findUniqueOrThrow({ where: { id: clinicVendorIdOf(caller) }, select: { id: true, name: true, address: true, phone: true, billingEmail: true, email: true } });
  return {
    clinic: { id: clinic.id, name: clinic.name, address: clinic.address, phone: clinic.phone, billingEmail: clinic.billingEmail ?? clinic.email },
    user: { id: caller.userId, name: `${caller.firstName} ${caller.lastName}`.trim(), email: caller.email },
  };
}

/** Whether the certificate can be issued: the cremation is recorded (a private one: weighed too). */
function certificateReadyAt(serviceType: keyof typeof STATION_ORDER, station: Station | null, stored: boolean): boolean {
  if (stored) return true;
  if (!station) return false;
  const order = STATION_ORDER[serviceType];
  const needed: Station = serviceType === "private" ? "processing" : "chamber_out";
  const at = order.indexOf(station);
  const need = order.indexOf(needed);
  return at >= 0 && need >= 0 && at >= need;
}

/** The clinic's cases, newest first, in the family page's words. */
export async function listClinicCases(caller: Caller, limit: number): Promise<{ items: z.input<typeof clinicCaseSchema>[] }> {
  clinicVendorIdOf(caller);
  const rows = await db.memorialCase.findMany({
    where: visibleCaseWhere(caller),
    select: {
      number: true,
      petName: true,
      petSpecies: true,
      serviceType: true,
      currentStation: true,
      currentStationAt: true,
      status: true,
      receivedAt: true,
      certificateKey: true,
      pickupRequest: { select: { number: true } },
    },
    orderBy: [{ receivedAt: "desc" }, { number: "desc" }],
    take: limit,
  });
  return {
    items: rows.map((row) => ({
      number: row.number,
      petName: row.petName,
      petSpecies: row.petSpecies,
      serviceType: row.serviceType,
      statusLabel: row.currentStation ? FAMILY_STATION_LABELS[row.currentStation] : "Expected at our facility",
      statusAt: row.currentStationAt,
      closed: row.status === "closed",
      receivedAt: row.receivedAt,
      pickupNumber: row.pickupRequest?.number ?? null,
      certificateReady: certificateReadyAt(row.serviceType, row.currentStation, row.certificateKey !== null),
    })),
  };
}

/** GET /api/clinic/cases/{ref}/certificate: the clinic's own case only (any other: 404). */
export async function getClinicCertificate(caller: Caller, ref: string) {
  clinicVendorIdOf(caller);
  const { id } = await resolveCaseRef(caller, ref);
  return certificateOfCase(id, caller.userId);
}

/** GET /api/clinic/cases/{ref}/label: the case's own label, as the business prints it. */
export async function printClinicCaseLabel(caller: Caller, ref: string, format: "label" | "sheet") {
  clinicVendorIdOf(caller);
  return printCaseLabel(caller, ref, format);
}

/**
 * The tag label of one of the clinic's pickup requests: the same label stock and signed QR as a
 * case's (`/scan?t=<P-number>.<signature>`), so the pet carries its identity from the clinic's
 * cooler; once picked up, scanning it opens the case it became (lib/services/cases/case-access.ts).
 * A request that already became a case prints the case's own label.
 */
export async function printPickupLabel(caller: Caller, ref: string, format: "label" | "sheet") {
  const parsed = parsePickupNumber(String(ref ?? ""));
  if (!parsed) throw notFound(PICKUP_REQUEST_NOT_FOUND);
  const request = await db.pickupRequest.findFirst({
    where: { AND: [visiblePickupWhere(caller), { number: parsed.number }] },
    select: { id: true, number: true, petName: true, petSpecies: true, serviceType: true, case: { select: { number: true } } },
  });
  if (!request) throw notFound(PICKUP_REQUEST_NOT_FOUND);
  if (request.case) return printCaseLabel(caller, request.case.number, format);
  await db.$transaction((tx) =>
    recordAudit(tx, { actorId: caller.userId, action: "pickup_request.label_print", entityType: "pickup_request", entityId: request.id, metadata: { format } }),
  );
  const qr = `${appUrl()}/scan?t=${encodeURIComponent(signLabelToken(request.number))}`;
  return renderLabel(
    { number: request.number, petName: request.petName, petSpecies: request.petSpecies, serviceType: request.serviceType, footer: "Pickup request: scan at the clinic" },
    qr,
    format,
  );
}
