import { getClientInfo } from "@/lib/auth/client-info";
import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { getFamilyReturnReceipt } from "@/lib/services/cases/return-receipt";
import { pdfResponse } from "@/lib/http/file-response";

export const GET = route(op.getFamilyReturnReceipt, async ({ req, params }) => {
  const pdf = await getFamilyReturnReceipt(String(params.token), getClientInfo(req));
  return pdfResponse(pdf.bytes, pdf.filename, { "X-Robots-Tag": "noindex, nofollow" });
});
