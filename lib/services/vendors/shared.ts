import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

export const VENDOR_NOT_FOUND = "Vendor not found";

export const vendorSelect = {
  id: true,
  name: true,
  contactName: true,
  email: true,
  phone: true,
  services: true,
  notes: true,
  isActive: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.VendorSelect;

export type VendorDto = Prisma.VendorGetPayload<{ select: typeof vendorSelect }>;

export const vendorAuditFields = (v: VendorDto) => ({
  name: v.name,
  contactName: v.contactName,
  email: v.email,
  phone: v.phone,
  services: v.services,
  notes: v.notes,
  isActive: v.isActive,
});
