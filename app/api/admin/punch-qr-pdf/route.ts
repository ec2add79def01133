import { route } from "@/lib/http/route";
import * as op from "@/lib/punch/contracts";
import { renderPunchQrPdf } from "@/lib/services/punch/render-punch-qr-pdf";

/** Opened in a new tab from the admin menu: shown inline, never cached. */
export const GET = route(op.printPunchQr, async ({ query }) => {
  const pdf = await renderPunchQrPdf(query);
  return new Response(Buffer.from(pdf.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${pdf.filename}"`,
      "Cache-Control": "no-store",
    },
  });
});
