import "server-only";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import QRCode from "qrcode";
import { COMPANY_NAME } from "@/lib/constants";
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
const INK = rgb(0.07, 0.09, 0.15);
const MUTED = rgb(0.35, 0.38, 0.45);
const BRAND = rgb(0.31, 0.27, 0.9);

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

/** The QR code as vector squares (crisp at any print resolution), with a 4-module quiet zone. */
function drawQr(page: PDFPage, url: string, x: number, y: number, size: number) {
  const qr = QRCode.create(url, { errorCorrectionLevel: "M" });
  const count = qr.modules.size;
  const quiet = 4;
  const cell = size / (count + quiet * 2);
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (!qr.modules.get(row, col)) continue;
      page.drawRectangle({
        x: x + (col + quiet) * cell,
        y: y + size - (row + quiet + 1) * cell,
        // A hair of overlap so adjacent squares print without seams.
        width: cell + 0.05,
        height: cell + 0.05,
        color: rgb(0, 0, 0),
      });
    }
  }
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
