import "server-only";
import { PDFDocument, rgb, StandardFonts, type PDFPage } from "pdf-lib";
import { COMPANY_NAME } from "@/lib/constants";
import { BRAND, fit, INK, MUTED, pdfSafe, wrap } from "@/lib/exports/pdf-kit";
import { formatMoney } from "@/lib/money";

/**
 * The one layout of billing documents (a clinic's statement, a family's receipt): the business
 * and the addressee, a few facts, a table of lines (day, case, description, tax, amount), the
 * totals and a closing note. Dated by the document, so the same record gives the same bytes.
 */
export interface BillingDocument {
  title: string;
  /** Under the title: "Statement S-2026-11-0001". */
  reference: string;
  /** The addressee, line by line. */
  to: string[];
  facts: Array<[string, string]>;
  lines: Array<{ day: string; ref: string; description: string; taxCents: number; amountCents: number; credit?: boolean }>;
  totals: Array<[string, number, "bold"?]>;
  note: string;
  businessContact: string | null;
  datedAt: Date;
}

const PAGE: [number, number] = [612, 792];
const MARGIN = 50;
const RIGHT = 612 - MARGIN;
const COLS = { day: MARGIN, ref: MARGIN + 66, description: MARGIN + 150, tax: RIGHT - 110, amount: RIGHT };

export async function renderBillingPdf(doc: BillingDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${doc.title} ${doc.reference}`);
  pdf.setAuthor(COMPANY_NAME);
  pdf.setCreator("BFS Tasks");
  pdf.setCreationDate(doc.datedAt);
  pdf.setModificationDate(doc.datedAt);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  let page: PDFPage = pdf.addPage(PAGE);
  let y = 742;
  const rule = () => {
    page.drawLine({ start: { x: MARGIN, y }, end: { x: RIGHT, y }, thickness: 0.5, color: rgb(0.8, 0.8, 0.85) });
  };
  const right = (text: string, x: number, size: number, font = regular, color = INK) => {
    const safe = pdfSafe(text);
    page.drawText(safe, { x: x - font.widthOfTextAtSize(safe, size), y, size, font, color });
  };
  const tableHeader = () => {
    page.drawText("Date", { x: COLS.day, y, size: 9, font: bold, color: MUTED });
    page.drawText("Case", { x: COLS.ref, y, size: 9, font: bold, color: MUTED });
    page.drawText("Description", { x: COLS.description, y, size: 9, font: bold, color: MUTED });
    right("Tax", COLS.tax, 9, bold, MUTED);
    right("Amount", COLS.amount, 9, bold, MUTED);
    y -= 6;
    rule();
    y -= 14;
  };
  const ensure = (height: number, withHeader = false) => {
    if (y - height < 70) {
      page = pdf.addPage(PAGE);
      y = 742;
      if (withHeader) tableHeader();
    }
  };

  page.drawText(pdfSafe(COMPANY_NAME), { x: MARGIN, y, size: 12, font: bold, color: BRAND });
  if (doc.businessContact) {
    y -= 14;
    page.drawText(fit(doc.businessContact, regular, 9, RIGHT - MARGIN), { x: MARGIN, y, size: 9, font: regular, color: MUTED });
  }
  y -= 34;
  page.drawText(pdfSafe(doc.title), { x: MARGIN, y, size: 24, font: bold, color: INK });
  y -= 18;
  page.drawText(pdfSafe(doc.reference), { x: MARGIN, y, size: 10, font: regular, color: MUTED });
  y -= 28;

  const top = y;
  page.drawText("To", { x: MARGIN, y, size: 9, font: bold, color: MUTED });
  y -= 14;
  for (const line of doc.to) {
    page.drawText(fit(line, regular, 10, 240), { x: MARGIN, y, size: 10, font: regular, color: INK });
    y -= 14;
  }
  const afterTo = y;
  y = top;
  for (const [label, value] of doc.facts) {
    page.drawText(pdfSafe(label), { x: 330, y, size: 9, font: bold, color: MUTED });
    right(value, RIGHT, 10);
    y -= 14;
  }
  y = Math.min(y, afterTo) - 20;

  tableHeader();
  if (doc.lines.length === 0) {
    page.drawText("Nothing this period.", { x: COLS.description, y, size: 10, font: regular, color: MUTED });
    y -= 16;
  }
  for (const line of doc.lines) {
    const described = wrap(line.description, regular, 9, COLS.tax - 60 - COLS.description);
    ensure(12 * described.length + 4, true);
    page.drawText(pdfSafe(line.day), { x: COLS.day, y, size: 9, font: regular, color: INK });
    page.drawText(fit(line.ref, regular, 9, COLS.description - COLS.ref - 6), { x: COLS.ref, y, size: 9, font: regular, color: INK });
    right(line.taxCents ? formatMoney(line.taxCents) : "", COLS.tax, 9);
    right(line.credit ? `-${formatMoney(line.amountCents)}` : formatMoney(line.amountCents), COLS.amount, 9);
    for (const text of described) {
      page.drawText(text, { x: COLS.description, y, size: 9, font: regular, color: INK });
      y -= 12;
    }
    y -= 4;
  }
  y -= 4;
  ensure(20 * doc.totals.length + 20);
  rule();
  y -= 18;
  for (const [label, cents, weight] of doc.totals) {
    const font = weight === "bold" ? bold : regular;
    const size = weight === "bold" ? 12 : 10;
    right(label, COLS.tax, size, font);
    right(formatMoney(cents), COLS.amount, size, font);
    y -= weight === "bold" ? 22 : 16;
  }
  y -= 10;
  for (const text of wrap(doc.note, regular, 9, RIGHT - MARGIN)) {
    ensure(14);
    page.drawText(text, { x: MARGIN, y, size: 9, font: regular, color: MUTED });
    y -= 13;
  }
  return pdf.save();
}
