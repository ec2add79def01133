import { pdfResponse } from "@/lib/http/file-response";
import { route } from "@/lib/http/route";
import * as op from "@/lib/punch/contracts";
import { renderPunchQrPdf } from "@/lib/services/punch/render-punch-qr-pdf";

/** Opened in a new tab from the admin menu and /admin/punch-posts: shown inline, never cached; records lastPrintedAt. */
export const GET = route(op.printPunchQr, async ({ query }) => {
  const pdf = await renderPunchQrPdf(query);
  return pdfResponse(pdf.bytes, pdf.filename);
});
