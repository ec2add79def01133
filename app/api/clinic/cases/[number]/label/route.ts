import { route } from "@/lib/http/route";
import * as op from "@/lib/clinics/contracts";
import { pdfResponse } from "@/lib/http/file-response";
import { printClinicCaseLabel } from "@/lib/services/clinics/portal";

/** Every print is recorded in the custody log (label_print). */
export const GET = route(op.printClinicCaseLabel, async ({ caller, params, query }) => {
  const pdf = await printClinicCaseLabel(caller, String(params.number), query.format);
  return pdfResponse(pdf.bytes, pdf.filename);
});
