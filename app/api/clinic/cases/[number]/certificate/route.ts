import { route } from "@/lib/http/route";
import * as op from "@/lib/clinics/contracts";
import { pdfResponse } from "@/lib/http/file-response";
import { getClinicCertificate } from "@/lib/services/clinics/portal";

export const GET = route(op.getClinicCaseCertificate, async ({ caller, params }) => {
  const pdf = await getClinicCertificate(caller, String(params.number));
  return pdfResponse(pdf.bytes, pdf.filename);
});
