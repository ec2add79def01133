import "server-only";
import { db } from "@/lib/db";
import type { PayrollProviderSettings } from "@/lib/validations/time";
import { providersOf } from "./payroll-export";

/** GET /api/admin/time/payroll/providers: QuickBooks' and ADP's settings (defaults until saved), stored in `time_policies.payroll_export.providers`. */
export async function getPayrollProviderSettings(): Promise<PayrollProviderSettings> {
  const row = await db.timePolicy.findUnique({ where: { id: "default" }, select: { payrollExport: true } });
  return providersOf(row?.payrollExport);
}
