import { getClientInfo } from "@/lib/auth/client-info";
import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { getFamilyCertificate } from "@/lib/services/cases/family-link";
import { pdfResponse } from "@/lib/http/file-response";

export const GET = route(op.getFamilyCertificate, async ({ req, params }) => {
  const pdf = await getFamilyCertificate(String(params.token), getClientInfo(req));
  return pdfResponse(pdf.bytes, pdf.filename, { "X-Robots-Tag": "noindex, nofollow" });
});
