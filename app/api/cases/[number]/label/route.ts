import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { printCaseLabel } from "@/lib/services/cases/print-label";
import { pdfResponse } from "@/lib/http/file-response";

/** Every print is recorded in the custody log (label_print). */
export const GET = route(op.printCaseLabel, async ({ caller, params, query }) => {
  const pdf = await printCaseLabel(caller, String(params.number), query.format);
  return pdfResponse(pdf.bytes, pdf.filename);
});
