import { route } from "@/lib/http/route";
import { renderPunchQrPdf } from "@/lib/services/punch/render-punch-qr-pdf";
import { punchQrPdfQuerySchema } from "@/lib/validations/punch";

/** Opened in a new tab from the admin menu: shown inline, never cached. */
export const GET = route(
  async ({ query }) => {
    const pdf = await renderPunchQrPdf(query(punchQrPdfQuerySchema));
    return new Response(Buffer.from(pdf.bytes), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="${pdf.filename}"`,
        "Cache-Control": "no-store",
      },
    });
  },
  { permission: "punch.qr.print" },
);
