import { pdfResponse } from "@/lib/http/file-response";
import { route } from "@/lib/http/route";
import * as op from "@/lib/runs/contracts";
import { printRunLabel } from "@/lib/services/runs/print-run-label";

export const GET = route(op.printRunLabel, async ({ caller, params, query }) => {
  const pdf = await printRunLabel(caller, String(params.id), String(params.requestId), query.format);
  return pdfResponse(pdf.bytes, pdf.filename);
});
