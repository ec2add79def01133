import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { getCaseReturnReceipt } from "@/lib/services/cases/return-receipt";
import { pdfResponse } from "@/lib/http/file-response";

export const GET = route(op.getCaseReturnReceipt, async ({ caller, params }) => {
  const pdf = await getCaseReturnReceipt(caller, String(params.number));
  return pdfResponse(pdf.bytes, pdf.filename);
});
