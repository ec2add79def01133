import "server-only";
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import { COMPANY_NAME } from "@/lib/constants";
import { BRAND, drawQr, INK, MUTED } from "@/lib/exports/pdf-kit";
import { appUrl } from "@/lib/services/mail/mailer";
import { currentPunchStation, type SignedPunchLocation } from "./punch-qr-signature";

/** The page the printed code opens: it punches the scanner in (spec §2), signed so only the printout does. */
export function punchQrUrl({ location, keyVersion, signature }: SignedPunchLocation): string {
  const params = new URLSearchParams({ auto: "true", location, v: String(keyVersion), sig: signature });
  return `${appUrl()}/punch-authenticated?${params.toString()}`;
}

const LETTER = { width: 612, height: 792 } as const;
const MARGIN = 54;
const QR_SIZE = 324; // 4.5 in: scannable from arm's length on a wall

export const PUNCH_QR_INSTRUCTIONS = [
  "1. Open your phone's camera and point it at the code.",
  "2. Tap the link that appears, and sign in if you are asked to.",
  "3. You are punched in right away; the page confirms it in large text.",
  "4. At the end of your shift, scan again and choose Punch Out.",
] as const;

function centered(page: PDFPage, text: string, y: number, font: PDFFont, size: number, color = INK) {
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (LETTER.width - width) / 2, y, size, font, color });
}

/** GET /api/admin/punch-qr-pdf: one printable Letter page for a punch post. */
export async function renderPunchQrPdf({ location }: { location: string }): Promise<{ bytes: Uint8Array; url: string; filename: string }> {
  const url = punchQrUrl(await currentPunchStation(location));
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${COMPANY_NAME} - Punch QR Code (${location})`);
  pdf.setAuthor(COMPANY_NAME);
  pdf.setCreator("BFS Tasks");
  const page = pdf.addPage([LETTER.width, LETTER.height]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);

  let y = LETTER.height - MARGIN - 20;
  centered(page, COMPANY_NAME, y, bold, 26);
  y -= 34;
  centered(page, "Punch In / Punch Out", y, bold, 20, BRAND);
  y -= 24;
  centered(page, `Location: ${location}`, y, regular, 14, MUTED);

  y -= 20 + QR_SIZE;
  drawQr(page, url, (LETTER.width - QR_SIZE) / 2, y, QR_SIZE);

  y -= 40;
  page.drawText("How to punch in", { x: MARGIN + 36, y, size: 15, font: bold, color: INK });
  for (const line of PUNCH_QR_INSTRUCTIONS) {
    y -= 24;
    page.drawText(line, { x: MARGIN + 36, y, size: 13, font: regular, color: INK });
  }

  centered(page, url, MARGIN, regular, 9, MUTED);
  const bytes = await pdf.save();
  return { bytes, url, filename: `punch-qr-${location.replace(/[^\w-]+/g, "-")}.pdf` };
}
