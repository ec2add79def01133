import "server-only";
import { db } from "@/lib/db";
import type { Caller } from "@/lib/auth/resolve-caller";
import { notFound } from "@/lib/http/app-error";
import { changedFields, recordAudit } from "@/lib/services/audit/record-audit";
import { idOrNotFound } from "@/lib/services/org/shared";
import type { UpdateVendorData } from "@/lib/validations/vendors";
import { toVendorDto, VENDOR_NOT_FOUND, vendorAuditFields, vendorSelect, type VendorDto } from "./shared";

/** Edits a vendor; `isActive: false` deactivates it (it leaves the pickers, its tasks keep it). */
export async function updateVendor(caller: Caller, rawId: unknown, input: UpdateVendorData): Promise<VendorDto> {
  const id = idOrNotFound(rawId, VENDOR_NOT_FOUND);
  return db.$transaction(async (tx) => {
    const beforeRow = await tx.vendor.findUnique({ where: { id }, select: vendorSelect });
    if (!beforeRow) throw notFound(VENDOR_NOT_FOUND);
    const before = toVendorDto(beforeRow);
    const after = toVendorDto(await tx.vendor.update({ where: { id }, data: input, select: vendorSelect }));
    const diff = changedFields(vendorAuditFields(before), vendorAuditFields(after));
    if (Object.keys(diff.after).length > 0) {
      const onlyActive = Object.keys(diff.after).length === 1 && "isActive" in diff.after;
      const action = onlyActive ? (after.isActive ? "vendor.reactivate" : "vendor.deactivate") : "vendor.update";
      await recordAudit(tx, { actorId: caller.userId, action, entityType: "vendor", entityId: id, ...diff });
    }
    return after;
  });
}
