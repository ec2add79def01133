import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { getCaseAuthorizationPdf } from "@/lib/services/cases/authorization";
import { pdfResponse } from "@/lib/http/file-response";

export const GET = route(op.getCaseAuthorizationPdf, async ({ caller, params, query }) => {
  const pdf = await getCaseAuthorizationPdf(caller, String(params.number), query.version);
  return pdfResponse(pdf.bytes, pdf.filename);
});
