import { route } from "@/lib/http/route";
import { payrollExport } from "@/lib/services/time/exports";
import { payrollExportQuerySchema } from "@/lib/validations/time";

/** Payroll CSV of a pay period: `kind=summary` (one row per member) or `detail` (one row per punch). */
export const GET = route(
  async ({ query }) => {
    const { period, kind } = query(payrollExportQuerySchema);
    const { body, filename } = await payrollExport(period, kind);
    return new Response(body, {
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${filename}"`, "Cache-Control": "no-store" },
    });
  },
  { permission: "time.manage" },
);
