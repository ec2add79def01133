import "server-only";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import type { Caller } from "@/lib/auth/resolve-caller";
import { SERVICE_TYPE_LABELS, type ServiceType } from "@/lib/cases/stations";
import { COMPANY_NAME } from "@/lib/constants";
import { db } from "@/lib/db";
import { resolveCaseRef } from "./case-access";
import { appendCustodyEvent, lockCase } from "./custody-log";
import { BRAND, drawQr, fit, INK, MUTED } from "@/lib/exports/pdf-kit";
import { labelQrUrl } from "./tokens";

const INCH = 72;
/** Labels on the Letter sheet: 2 columns × 5 rows of 4 × 2 in (the common address-label stock). */
export const SHEET_LABELS = 10;

interface LabelFacts {
  number: string;
  petName: string;
  petSpecies: string;
  /** Null: not chosen yet (a clinic's pickup label, docs/clinics.md). */
  serviceType: ServiceType | null;
  /** The bottom line: "Tag <serial>" for a case, "Pickup request" for a clinic's label. */
  footer: string;
}

const serviceLabel = (type: ServiceType | null) => (type ? SERVICE_TYPE_LABELS[type] : "Service not chosen yet");

function drawLarge(page: PDFPage, facts: LabelFacts, qr: string, bold: PDFFont, regular: PDFFont) {
  const width = 4 * INCH;
  const height = 6 * INCH;
  const margin = 18;
  let y = height - margin - 14;
  page.drawText(fit(COMPANY_NAME, bold, 12, width - 2 * margin), { x: margin, y, size: 12, font: bold, color: MUTED });
  y -= 36;
  page.drawText(facts.number, { x: margin, y, size: 30, font: bold, color: INK });
  y -= 30;
  page.drawText(fit(facts.petName, bold, 22, width - 2 * margin), { x: margin, y, size: 22, font: bold, color: INK });
  y -= 20;
  page.drawText(fit(`${facts.petSpecies} - ${serviceLabel(facts.serviceType)}`, regular, 13, width - 2 * margin), { x: margin, y, size: 13, font: regular, color: BRAND });
  const qrSize = 3 * INCH;
  drawQr(page, qr, (width - qrSize) / 2, 60, qrSize);
  page.drawText(fit(facts.footer, regular, 12, width - 2 * margin), { x: margin, y: 36, size: 12, font: regular, color: INK });
  page.drawText("Scan at every station", { x: margin, y: 20, size: 9, font: regular, color: MUTED });
}

function drawSmall(page: PDFPage, facts: LabelFacts, qr: string, x: number, y: number, bold: PDFFont, regular: PDFFont) {
  const w = 4 * INCH;
  const h = 2 * INCH;
  page.drawRectangle({ x, y, width: w, height: h, borderColor: rgb(0.85, 0.86, 0.9), borderWidth: 0.5 });
  const qrSize = h - 12;
  drawQr(page, qr, x + 6, y + 6, qrSize);
  const tx = x + qrSize + 14;
  const tw = w - qrSize - 22;
  page.drawText(facts.number, { x: tx, y: y + h - 28, size: 15, font: bold, color: INK });
  page.drawText(fit(facts.petName, bold, 13, tw), { x: tx, y: y + h - 50, size: 13, font: bold, color: INK });
  page.drawText(fit(serviceLabel(facts.serviceType), regular, 10, tw), { x: tx, y: y + h - 68, size: 10, font: regular, color: BRAND });
  page.drawText(fit(facts.footer, regular, 9, tw), { x: tx, y: y + 14, size: 9, font: regular, color: MUTED });
}

/**
 * GET /api/cases/{ref}/label: the case's label as a PDF (format "label": one 4 × 6 in page;
 * "sheet": a Letter page of ten 4 × 2 in labels), each with the QR of the signed case token.
 * Every print is a `label_print` event of the custody log (the first one and every reprint).
 */
export async function printCaseLabel(caller: Caller, ref: string, format: "label" | "sheet"): Promise<{ bytes: Uint8Array; filename: string }> {
  const { id } = await resolveCaseRef(caller, ref);
  const facts = await db.$transaction(async (tx) => {
    await lockCase(tx, id);
    const row = await tx.memorialCase.findUniqueOrThrow({ where: { id }, select: { number: true, petName: true, petSpecies: true, serviceType: true, tagSerial: true } });
    const printed = await tx.caseEvent.count({ where: { caseId: id, kind: "label_print" } });
    const at = new Date();
    await appendCustodyEvent(tx, {
      caseId: id,
      kind: "label_print",
      memberId: caller.userId,
      deviceTime: at,
      serverTime: at,
      details: { format, copies: format === "sheet" ? SHEET_LABELS : 1, reprint: printed > 0 },
    });
    return { ...row, footer: `Tag ${row.tagSerial}` };
  });
  return renderLabel(facts, labelQrUrl(facts.number), format);
}

/**
 * The label PDF itself: the case's, or a clinic's pickup label (lib/services/clinics), the same
 * stock and layout, with the QR of a signed label token.
 */
export async function renderLabel(facts: LabelFacts, qr: string, format: "label" | "sheet"): Promise<{ bytes: Uint8Array; filename: string }> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${facts.number} label`);
  pdf.setAuthor(COMPANY_NAME);
  pdf.setCreator("BFS Tasks");
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  if (format === "label") {
    drawLarge(pdf.addPage([4 * INCH, 6 * INCH]), facts, qr, bold, regular);
  } else {
    const page = pdf.addPage([8.5 * INCH, 11 * INCH]);
    const left = (8.5 * INCH - 8 * INCH) / 2;
    const top = 11 * INCH - 0.5 * INCH;
    for (let i = 0; i < SHEET_LABELS; i++) {
      const col = i % 2;
      const row = Math.floor(i / 2);
      drawSmall(page, facts, qr, left + col * 4 * INCH, top - (row + 1) * 2 * INCH, bold, regular);
    }
  }
  return { bytes: await pdf.save(), filename: `${facts.number}-${format}.pdf` };
}
