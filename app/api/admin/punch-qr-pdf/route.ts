import { route } from "@/lib/http/route";
import { API_CONTENT_SECURITY_POLICY } from "@/lib/http/security-headers";
import * as op from "@/lib/punch/contracts";
import { renderPunchQrPdf } from "@/lib/services/punch/render-punch-qr-pdf";

/** Opened in a new tab from the admin menu and /admin/punch-posts: shown inline, never cached; records lastPrintedAt. */
export const GET = route(op.printPunchQr, async ({ query }) => {
  const pdf = await renderPunchQrPdf(query);
  return new Response(Buffer.from(pdf.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${pdf.filename}"`,
      "Cache-Control": "no-store",
      // Like the other downloads: the PDF viewer needs nothing from the page, and no site may frame it.
      "Content-Security-Policy": API_CONTENT_SECURITY_POLICY,
    },
  });
});
