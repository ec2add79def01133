import "server-only";
import { createHash } from "node:crypto";
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import type { Caller } from "@/lib/auth/resolve-caller";
import { certificateCode, certificateContent, certificateReady, certificateVerifyPath, printedCode, type CertificateContent } from "@/lib/cases/certificate";
import { COMPANY_NAME } from "@/lib/constants";
import { formatDateTime } from "@/lib/dates";
import { formatShortDate } from "@/lib/dates/instant-labels";
import { db } from "@/lib/db";
import { conflict, notFound } from "@/lib/http/app-error";
import { resolveCaseRef } from "./case-access";
import { readStoredBytes, storeBytes } from "./case-files";
import { appendCustodyEvent, lockCase } from "./custody-log";
import { BRAND, drawQr, fit, INK, MUTED, pdfSafe, wrap } from "@/lib/exports/pdf-kit";
import { appUrl } from "@/lib/services/mail/mailer";

export const CERTIFICATE_NOT_YET = "The certificate is available once the cremation is recorded (the chamber-out scan).";
export const CERTIFICATE_NOT_WEIGHED = "The certificate of a private cremation is available once the ashes are weighed (the processing scan), because it states their weight.";

const PAGE: [number, number] = [612, 792];
const MARGIN = 60;
/** The issue block at the foot of the last page: the electronic issue, the code and its QR. */
const ISSUE_BLOCK_TOP = 190;

/** The certificate a family keeps: who and what, the custody rows in their words, and how to check it. */
async function renderCertificate(content: CertificateContent, verifyUrl: string): Promise<Uint8Array> {
  const issuedAt = new Date(content.issuedAt);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Certificate of cremation ${content.caseNumber}`);
  pdf.setAuthor(content.issuedBy);
  pdf.setCreator("BFS Tasks");
  pdf.setCreationDate(issuedAt);
  pdf.setModificationDate(issuedAt);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const serif = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const serifText = await pdf.embedFont(StandardFonts.TimesRoman);
  const newPage = () => {
    const p = pdf.addPage(PAGE);
    p.drawRectangle({ x: 30, y: 30, width: 552, height: 732, borderColor: BRAND, borderWidth: 2 });
    return p;
  };
  let page = newPage();
  const centered = (text: string, y: number, font = regular, size = 12, color = INK) => {
    const safe = fit(text, font, size, 612 - 2 * MARGIN);
    page.drawText(safe, { x: (612 - font.widthOfTextAtSize(safe, size)) / 2, y, size, font, color });
  };
  let y = 720;
  centered(content.issuedBy, y, bold, 14, MUTED);
  y -= 44;
  centered("Certificate of Cremation", y, serif, 30, INK);
  y -= 36;
  centered(`This certifies that ${content.petName},`, y, serifText, 15);
  y -= 20;
  centered(`beloved companion of ${content.familyName},`, y, serifText, 15);
  y -= 20;
  centered("was cremated in our care.", y, serifText, 15);
  y -= 36;
  const facts: Array<[string, string]> = [
    ["Pet", content.pet],
    ["Family", content.familyName],
    ["Case number", content.caseNumber],
    ["Service", content.service],
    ["Cremation", content.crematedAt ? formatDateTime(content.crematedAt) : "-"],
    ["Chamber", content.chamber ?? "-"],
    ...(content.remainsWeight ? ([["Ashes returned", `${content.remainsWeight}, weighed when prepared`]] as Array<[string, string]>) : []),
  ];
  for (const [label, value] of facts) {
    page.drawText(label, { x: MARGIN + 20, y, size: 12, font: bold, color: MUTED });
    page.drawText(fit(value, regular, 12, 330), { x: MARGIN + 160, y, size: 12, font: regular, color: INK });
    y -= 22;
  }
  // The service in plain words: a private cremation's one-pet rule (which our records enforce), or what the others mean.
  for (const line of wrap(content.serviceNote, regular, 10, 612 - 2 * MARGIN - 40)) {
    page.drawText(line, { x: MARGIN + 20, y, size: 10, font: regular, color: INK });
    y -= 13;
  }
  y -= 4;
  y -= 14;
  page.drawText("Chain of custody", { x: MARGIN + 20, y, size: 13, font: bold, color: INK });
  y -= 8;
  page.drawLine({ start: { x: MARGIN + 20, y }, end: { x: 612 - MARGIN - 20, y }, thickness: 0.5, color: rgb(0.8, 0.8, 0.85) });
  y -= 18;
  for (const step of content.steps) {
    // A long chain goes on to another page; the issue block stays at the foot of the last one.
    if (y < ISSUE_BLOCK_TOP + 10) {
      page = newPage();
      page.drawText(pdfSafe(`Chain of custody, continued (${content.caseNumber})`), { x: MARGIN + 20, y: 720, size: 13, font: bold, color: INK });
      y = 690;
    }
    page.drawText(String(step.n), { x: MARGIN + 20, y, size: 10, font: regular, color: MUTED });
    page.drawText(fit(formatDateTime(step.at), regular, 10, 170), { x: MARGIN + 50, y, size: 10, font: regular, color: INK });
    page.drawText(fit(step.label, regular, 10, 250), { x: MARGIN + 230, y, size: 10, font: regular, color: INK });
    y -= 16;
  }

  // Issued electronically: no blank signature line, but a code anyone holding the paper can check.
  const qrSize = 108;
  const qrX = 612 - MARGIN - 20 - qrSize;
  const textWidth = qrX - (MARGIN + 20) - 16;
  page.drawLine({ start: { x: MARGIN + 20, y: ISSUE_BLOCK_TOP }, end: { x: 612 - MARGIN - 20, y: ISSUE_BLOCK_TOP }, thickness: 0.5, color: rgb(0.8, 0.8, 0.85) });
  drawQr(page, verifyUrl, qrX, ISSUE_BLOCK_TOP - 14 - qrSize, qrSize);
  let ty = ISSUE_BLOCK_TOP - 26;
  for (const line of wrap(`Issued electronically by ${content.issuedBy} on ${formatShortDate(issuedAt)}.`, bold, 11, textWidth)) {
    page.drawText(line, { x: MARGIN + 20, y: ty, size: 11, font: bold, color: INK });
    ty -= 15;
  }
  ty -= 4;
  page.drawText("Verification code", { x: MARGIN + 20, y: ty, size: 9, font: regular, color: MUTED });
  ty -= 15;
  page.drawText(fit(printedCode(content.code), bold, 12, textWidth), { x: MARGIN + 20, y: ty, size: 12, font: bold, color: INK });
  ty -= 18;
  for (const line of wrap("Scan the QR code, or open the address below, to check this certificate against our custody records.", regular, 9, textWidth)) {
    page.drawText(line, { x: MARGIN + 20, y: ty, size: 9, font: regular, color: MUTED });
    ty -= 12;
  }
  page.drawText(fit(verifyUrl, regular, 8, textWidth + qrSize), { x: MARGIN + 20, y: ty - 2, size: 8, font: regular, color: INK });
  return pdf.save();
}

/**
 * The certificate of cremation: rendered once, on the first request after the chamber-out scan
 * (for a private cremation, after the weighing at processing: docs/cases.md),
 * stored through lib/storage and recorded on the case (key and sha256) and in the custody log;
 * every later request serves the stored bytes. Concurrent first requests queue on the case's lock.
 */
export async function certificateOfCase(caseId: string, actorId: string | null): Promise<{ bytes: Buffer; filename: string }> {
  const stored = await db.memorialCase.findUniqueOrThrow({ where: { id: caseId }, select: { number: true, certificateKey: true } });
  if (stored.certificateKey) return { bytes: await readCertificate(stored.certificateKey), filename: `${stored.number}-certificate.pdf` };

  const key = await db.$transaction(async (tx) => {
    await lockCase(tx, caseId);
    const row = await tx.memorialCase.findUniqueOrThrow({
      where: { id: caseId },
      select: {
        number: true,
        petName: true,
        petSpecies: true,
        petBreed: true,
        familyName: true,
        serviceType: true,
        certificateKey: true,
        createdById: true,
        events: { select: { seq: true, kind: true, station: true, deviceTime: true, hash: true, details: true, chamber: { select: { name: true } } }, orderBy: { seq: "asc" } },
      },
    });
    if (row.certificateKey) return row.certificateKey;
    const ready = certificateReady(row.serviceType, row.events);
    if (ready === "not_cremated") throw conflict(CERTIFICATE_NOT_YET);
    if (ready === "not_weighed") throw conflict(CERTIFICATE_NOT_WEIGHED);
    const issuedAt = new Date();
    // The certificate covers the custody log as it stands (under the case's lock): its code names the
    // last event and the start of its chained hash, which the verification page recomputes.
    const head = row.events[row.events.length - 1];
    const code = certificateCode(row.number, head.seq, head.hash);
    const content = certificateContent(row, row.events, { by: COMPANY_NAME, at: issuedAt, code });
    const bytes = await renderCertificate(content, `${appUrl()}${certificateVerifyPath(code)}`);
    const sha = createHash("sha256").update(bytes).digest("hex");
    const newKey = await storeBytes(bytes, "cases/certificates", "application/pdf");
    await tx.memorialCase.update({ where: { id: caseId }, data: { certificateKey: newKey, certificateSha256: sha, certificateAt: issuedAt } });
    await appendCustodyEvent(tx, {
      caseId,
      kind: "certificate",
      memberId: actorId ?? row.createdById,
      deviceTime: issuedAt,
      serverTime: issuedAt,
      details: { sha256: sha, viaFamilyLink: actorId === null, certifies: { seq: head.seq, hash: head.hash } },
    });
    return newKey;
  }, { maxWait: 15_000, timeout: 30_000 });
  return { bytes: await readCertificate(key), filename: `${stored.number}-certificate.pdf` };
}

async function readCertificate(key: string): Promise<Buffer> {
  const bytes = await readStoredBytes(key);
  if (!bytes) throw notFound("Certificate not found");
  return bytes;
}

/** GET /api/cases/{ref}/certificate. */
export async function getCaseCertificate(caller: Caller, ref: string) {
  const { id } = await resolveCaseRef(caller, ref);
  return certificateOfCase(id, caller.userId);
}
