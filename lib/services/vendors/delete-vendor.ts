import "server-only";
import { db } from "@/lib/db";
import type { Caller } from "@/lib/auth/resolve-caller";
import { conflict, notFound } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { idOrNotFound } from "@/lib/services/org/shared";
import { toVendorDto, VENDOR_NOT_FOUND, vendorAuditFields, vendorSelect } from "./shared";

/** Deletes a vendor no task ever pointed at; otherwise 409: deactivate it instead (history stays). */
export async function deleteVendor(caller: Caller, rawId: unknown): Promise<{ ok: true }> {
  const id = idOrNotFound(rawId, VENDOR_NOT_FOUND);
  return db.$transaction(async (tx) => {
    const vendor = await tx.vendor.findUnique({ where: { id }, select: { ...vendorSelect, _count: { select: { tasks: true } } } });
    if (!vendor) throw notFound(VENDOR_NOT_FOUND);
    const tasks = vendor._count.tasks;
    if (tasks > 0) {
      throw conflict(`Cannot delete ${vendor.name}: ${tasks === 1 ? "1 task refers" : `${tasks} tasks refer`} to it. Deactivate it instead.`, {
        blockers: { tasks },
      });
    }
    await tx.vendor.delete({ where: { id } });
    await recordAudit(tx, { actorId: caller.userId, action: "vendor.delete", entityType: "vendor", entityId: id, before: vendorAuditFields(toVendorDto(vendor)) });
    return { ok: true as const };
  });
}
