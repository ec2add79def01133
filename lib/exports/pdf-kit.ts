import "server-only";
import { rgb, type PDFFont, type PDFPage } from "pdf-lib";
import QRCode from "qrcode";

/**
 * The PDF kit the generated documents share (pdf-lib, the standard fonts): the house colours,
 * text the standard fonts can print, and the QR code. A PDF goes out through pdfResponse()
 * (lib/http/file-response.ts).
 */

export const INK = rgb(0.07, 0.09, 0.15);
export const MUTED = rgb(0.35, 0.38, 0.45);
export const BRAND = rgb(0.31, 0.27, 0.9);

/** What the standard PDF fonts (WinAnsi) can print: other characters become "?" instead of failing the render. */
export function pdfSafe(text: string): string {
  return text
    .replace(/[\u00a0\u2000-\u200b\u202f\u205f]/g, " ")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/\u00b7|\u2022/g, "-")
    .replace(/[^\x20-\x7e\u00a1-\u00ff]/g, "?");
}

/** Text cut to a width, with "..." when it does not fit. */
export function fit(text: string, font: PDFFont, size: number, width: number): string {
  let out = pdfSafe(text);
  if (font.widthOfTextAtSize(out, size) <= width) return out;
  while (out.length > 1 && font.widthOfTextAtSize(`${out}...`, size) > width) out = out.slice(0, -1);
  return `${out}...`;
}

/** Words onto lines no wider than `width` (a paragraph of a letter-style document). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of pdfSafe(text).split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** The QR code as vector squares (crisp at any print resolution), with a 4-module quiet zone. */
export function drawQr(page: PDFPage, content: string, x: number, y: number, size: number) {
  const qr = QRCode.create(content, { errorCorrectionLevel: "M" });
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
