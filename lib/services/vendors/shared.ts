import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

export const VENDOR_NOT_FOUND = "Vendor not found";

export const vendorSelect = {
  id: true,
  kind: true,
  name: true,
  contactName: true,
  email: true,
  phone: true,
  services: true,
  notes: true,
  address: true,
  postcode: true,
  latitude: true,
  longitude: true,
  billingEmail: true,
  contacts: true,
  isActive: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.VendorSelect;

export type VendorRow = Prisma.VendorGetPayload<{ select: typeof vendorSelect }>;

/** One extra person to reach at a vendor (a clinic's front desk, its practice manager …). */
export interface VendorContact {
  name: string;
  role: string | null;
  phone: string | null;
  email: string | null;
}

export type VendorDto = Omit<VendorRow, "latitude" | "longitude" | "contacts"> & { latitude: number | null; longitude: number | null; contacts: VendorContact[] };

export function toVendorDto(row: VendorRow): VendorDto {
  return {
    ...row,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    contacts: Array.isArray(row.contacts) ? (row.contacts as unknown as VendorContact[]) : [],
  };
}

export const vendorAuditFields = (v: VendorDto) => ({
  kind: v.kind,
  name: v.name,
  contactName: v.contactName,
  email: v.email,
  phone: v.phone,
  services: v.services,
  notes: v.notes,
  address: v.address,
  postcode: v.postcode,
  latitude: v.latitude,
  longitude: v.longitude,
  billingEmail: v.billingEmail,
  contacts: v.contacts,
  isActive: v.isActive,
});
