import { route } from "@/lib/http/route";
import { payrollExport } from "@/lib/services/time/exports";
import * as op from "@/lib/time/contracts";

/** Payroll CSV of a pay period: `kind=summary` (one row per member) or `detail` (one row per punch). */
export const GET = route(op.exportPayroll, async ({ query }) => {
  const { body, filename } = await payrollExport(query.period, query.kind);
  return new Response(body, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${filename}"`, "Cache-Control": "no-store" },
  });
});
