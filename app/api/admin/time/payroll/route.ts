import { fileResponse } from "@/lib/http/file-response";
import { route } from "@/lib/http/route";
import { payrollExport } from "@/lib/services/time/payroll-export";
import * as op from "@/lib/time/contracts";

/** Payroll export of a pay period: the summary in a layout, or the detail; CSV or XLSX. */
export const GET = route(op.exportPayroll, async ({ query }) => {
  const { body, filename, contentType } = await payrollExport(query.period, query.kind, { format: query.format, layout: query.layout, unlocked: query.unlocked });
  return fileResponse(body, { fileName: filename, contentType });
});
