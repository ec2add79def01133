import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { PayrollProviderSettings } from "@/lib/validations/time";
import { providersOf } from "./payroll-export";

/**
 * PUT /api/admin/time/payroll/providers: QuickBooks' and ADP's settings, replaced whole, audited
 * (`time.payroll-providers.update`, before and after). The export's options and saved layouts,
 * stored in the same column, stay as they are.
 */
export async function updatePayrollProviderSettings(caller: Pick<Caller, "userId">, input: PayrollProviderSettings): Promise<PayrollProviderSettings> {
  return db.$transaction(async (tx) => {
    const row = await tx.timePolicy.findUnique({ where: { id: "default" }, select: { payrollExport: true } });
    const before = providersOf(row?.payrollExport);
    const stored = row?.payrollExport && typeof row.payrollExport === "object" && !Array.isArray(row.payrollExport) ? row.payrollExport : {};
    const value = { ...stored, providers: input } as Prisma.InputJsonValue;
    await tx.timePolicy.upsert({ where: { id: "default" }, create: { id: "default", payrollExport: value, updatedById: caller.userId }, update: { payrollExport: value } });
    await recordAudit(tx, { actorId: caller.userId, action: "time.payroll-providers.update", entityType: "time_policy", entityId: "default", before, after: input });
    return input;
  });
}
