import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/http/app-error";
import { idOrNotFound } from "@/lib/services/org/shared";
import { toVendorDto, VENDOR_NOT_FOUND, vendorSelect, type VendorDto } from "./shared";

export async function getVendor(rawId: unknown): Promise<VendorDto> {
  const vendor = await db.vendor.findUnique({ where: { id: idOrNotFound(rawId, VENDOR_NOT_FOUND) }, select: vendorSelect });
  if (!vendor) throw notFound(VENDOR_NOT_FOUND);
  return toVendorDto(vendor);
}
