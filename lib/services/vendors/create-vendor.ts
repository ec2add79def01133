import "server-only";
import { db } from "@/lib/db";
import type { Caller } from "@/lib/auth/resolve-caller";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { CreateVendorData } from "@/lib/validations/vendors";
import { toVendorDto, vendorAuditFields, vendorSelect, type VendorDto } from "./shared";

export async function createVendor(caller: Caller, input: CreateVendorData): Promise<VendorDto> {
  return db.$transaction(async (tx) => {
    const vendor = toVendorDto(await tx.vendor.create({ data: input, select: vendorSelect }));
    await recordAudit(tx, { actorId: caller.userId, action: "vendor.create", entityType: "vendor", entityId: vendor.id, after: vendorAuditFields(vendor) });
    return vendor;
  });
}
