import { route } from "@/lib/http/route";
import * as op from "@/lib/billing/contracts";
import { pdfResponse } from "@/lib/http/file-response";
import { getCaseReceipt } from "@/lib/services/billing/get-case-receipt";

export const GET = route(op.getCaseReceipt, async ({ caller, params }) => {
  const pdf = await getCaseReceipt(caller, String(params.number));
  return pdfResponse(pdf.bytes, pdf.filename);
});
