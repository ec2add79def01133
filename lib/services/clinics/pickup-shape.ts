import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { PickupRequestDto } from "@/lib/validations/clinics";

export const PICKUP_REQUEST_NOT_FOUND = "Pickup request not found";

export const pickupRequestSelect = {
  id: true,
  number: true,
  uuid: true,
  origin: true,
  status: true,
  urgency: true,
  petName: true,
  petSpecies: true,
  petWeightLbs: true,
  ownerName: true,
  ownerContact: true,
  ownerWillContact: true,
  serviceType: true,
  note: true,
  address: true,
  postcode: true,
  latitude: true,
  longitude: true,
  createdAt: true,
  updatedAt: true,
  pickedUpAt: true,
  cancelledAt: true,
  cancelReason: true,
  clinic: { select: { id: true, name: true } },
  case: { select: { number: true } },
  createdBy: { select: { id: true, firstName: true, lastName: true } },
} satisfies Prisma.PickupRequestSelect;

export type PickupRequestRow = Prisma.PickupRequestGetPayload<{ select: typeof pickupRequestSelect }>;

const num = (value: Prisma.Decimal | null) => (value === null ? null : Number(value));

export function toPickupRequestDto(row: PickupRequestRow): PickupRequestDto {
  const { case: caseRow, createdBy, petWeightLbs, latitude, longitude, ...rest } = row;
  return {
    ...rest,
    petWeightLbs: num(petWeightLbs),
    latitude: num(latitude),
    longitude: num(longitude),
    caseNumber: caseRow?.number ?? null,
    createdBy: { id: createdBy.id, name: `${createdBy.firstName} ${createdBy.lastName}`.trim() },
  };
}

/** The requests a caller may read: a clinic user only its clinic's; members every one. */
export function visiblePickupWhere(caller: { role: string; clinicVendorId?: string | null }): Prisma.PickupRequestWhereInput {
  if (caller.role === "clinic") return { clinicVendorId: caller.clinicVendorId ?? "00000000-0000-0000-0000-000000000000" };
  return {};
}
