import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { formatPickupNumber, pickupNumberCounter } from "@/lib/clinics/pickup-number";
import { dateKeyOf } from "@/lib/dates";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import { badRequest, conflict, forbidden } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { ClinicPickupRequestData, CreatePickupRequestData, PickupRequestDto } from "@/lib/validations/clinics";
import { pickupRequestSelect, toPickupRequestDto } from "./pickup-shape";

export const PICKUP_UUID_TAKEN = "A pickup request with this uuid already exists";
export const CLINIC_NOT_FOUND = "Clinic not found";

/** Concurrent creates queue on the year's counter row: wait for it rather than fail. */
const CREATE_TX_OPTIONS = { maxWait: 30_000, timeout: 30_000 } as const;

/** The clinic a request names: an active vendor of kind clinic (else 400 naming clinicVendorId). */
async function loadClinic(clinicVendorId: string) {
  const clinic = await db.vendor.findFirst({
    where: { id: clinicVendorId, kind: "clinic", isActive: true },
    select: { id: true, address: true, postcode: true, latitude: true, longitude: true },
  });
  if (!clinic) throw badRequest(CLINIC_NOT_FOUND, { field: "clinicVendorId" });
  return clinic;
}

/**
 * Records a pickup request (docs/clinics.md "Pickup requests"), numbered P-yyyy-nnnnn. A clinic
 * user's request is always its own clinic's (the clinic's address unless another is given); a
 * member's names a clinic or a family's home. Idempotent on the client's uuid: a retry by the same
 * person answers with the first request (created: false); someone else's uuid is a 409.
 */
export async function createPickupRequest(
  caller: Caller,
  input: ClinicPickupRequestData | CreatePickupRequestData,
): Promise<{ request: PickupRequestDto; created: boolean }> {
  const existing = await db.pickupRequest.findUnique({ where: { uuid: input.uuid }, select: { ...pickupRequestSelect, createdById: true } });
  if (existing) {
    const { createdById, ...row } = existing;
    if (createdById !== caller.userId) throw conflict(PICKUP_UUID_TAKEN);
    return { request: toPickupRequestDto(row), created: false };
  }

  let origin: "clinic" | "home";
  let clinicVendorId: string | null;
  if (caller.role === "clinic") {
    if (!caller.clinicVendorId) throw forbidden("Not a clinic user");
    origin = "clinic";
    clinicVendorId = caller.clinicVendorId;
  } else {
    if (!("origin" in input)) throw badRequest("origin is required", { field: "origin" });
    origin = input.origin;
    clinicVendorId = input.origin === "clinic" ? (input.clinicVendorId ?? null) : null;
  }
  const clinic = clinicVendorId ? await loadClinic(clinicVendorId) : null;
  // A clinic's pickup defaults to the clinic's own address (and its hand geocoding).
  const useClinicPlace = clinic !== null && !input.address;
  const address = input.address ?? clinic?.address ?? null;
  if (!address) throw badRequest(clinic ? "Address is required: the clinic has no address on file" : "Address is required", { field: "address" });

  const at = new Date();
  const year = Number(dateKeyOf(at).slice(0, 4));
  try {
    const row = await db.$transaction(async (tx) => {
      const [{ value }] = await tx.$queryRaw<{ value: number }[]>`
        INSERT INTO counters (name, value) VALUES (${pickupNumberCounter(year)}, 1)
        ON CONFLICT (name) DO UPDATE SET value = counters.value + 1
        RETURNING value`;
      const seq = Number(value);
      const created = await tx.pickupRequest.create({
        data: {
          number: formatPickupNumber(year, seq),
          year,
          seq,
          uuid: input.uuid,
          origin,
          clinicVendorId,
          urgency: input.urgency,
          petName: input.petName,
          petSpecies: input.petSpecies,
          petWeightLbs: input.petWeightLbs ?? null,
          ownerName: input.ownerName ?? null,
          ownerContact: input.ownerContact ?? null,
          ownerWillContact: input.ownerWillContact,
          serviceType: input.serviceType ?? null,
          note: input.note ?? null,
          address,
          postcode: useClinicPlace ? clinic.postcode : (input.postcode ?? null),
          latitude: useClinicPlace ? clinic.latitude : (input.latitude ?? null),
          longitude: useClinicPlace ? clinic.longitude : (input.longitude ?? null),
          createdById: caller.userId,
          createdAt: at,
        },
        select: pickupRequestSelect,
      });
      await recordAudit(tx, {
        actorId: caller.userId,
        action: "pickup_request.create",
        entityType: "pickup_request",
        entityId: created.id,
        after: { number: created.number, origin, clinicVendorId, petName: created.petName, urgency: created.urgency },
      });
      return created;
    }, CREATE_TX_OPTIONS);
    return { request: toPickupRequestDto(row), created: true };
  } catch (error) {
    // Two retries of the same uuid raced: the loser answers with the winner's request.
    if (isUniqueViolation(error)) {
      const winner = await db.pickupRequest.findUnique({ where: { uuid: input.uuid }, select: { ...pickupRequestSelect, createdById: true } });
      if (winner && winner.createdById === caller.userId) {
        const { createdById: _by, ...row } = winner;
        void _by;
        return { request: toPickupRequestDto(row), created: false };
      }
      if (winner) throw conflict(PICKUP_UUID_TAKEN);
    }
    throw error;
  }
}
