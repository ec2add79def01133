import { route } from "@/lib/http/route";
import * as op from "@/lib/clinics/contracts";
import { pdfResponse } from "@/lib/http/file-response";
import { printPickupLabel } from "@/lib/services/clinics/portal";

export const GET = route(op.printClinicPickupLabel, async ({ caller, params, query }) => {
  const pdf = await printPickupLabel(caller, String(params.number), query.format);
  return pdfResponse(pdf.bytes, pdf.filename);
});
