import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { getCaseCertificate } from "@/lib/services/cases/certificate";
import { pdfResponse } from "@/lib/http/file-response";

export const GET = route(op.getCaseCertificate, async ({ caller, params }) => {
  const pdf = await getCaseCertificate(caller, String(params.number));
  return pdfResponse(pdf.bytes, pdf.filename);
});
