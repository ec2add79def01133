import { getClientInfo } from "@/lib/auth/client-info";
import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { getFamilyAuthorizationPdf } from "@/lib/services/cases/authorization";
import { pdfResponse } from "@/lib/http/file-response";

export const GET = route(op.getFamilyAuthorizationPdf, async ({ req, params }) => {
  const pdf = await getFamilyAuthorizationPdf(String(params.token), getClientInfo(req));
  return pdfResponse(pdf.bytes, pdf.filename, { "X-Robots-Tag": "noindex, nofollow" });
});
