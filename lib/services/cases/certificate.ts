import "server-only";
import { createHash } from "node:crypto";
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import type { Caller } from "@/lib/auth/resolve-caller";
import { SERVICE_TYPE_LABELS, STATION_LABELS } from "@/lib/cases/stations";
import { COMPANY_NAME } from "@/lib/constants";
import { formatDateTime } from "@/lib/dates";
import { db } from "@/lib/db";
import { conflict, notFound } from "@/lib/http/app-error";
import { resolveCaseRef } from "./case-access";
import { readStoredBytes, storeBytes } from "./case-files";
import { appendCustodyEvent, lockCase } from "./custody-log";
import { BRAND, fit, INK, MUTED, pdfSafe } from "./pdf-kit";

export const CERTIFICATE_NOT_YET = "The certificate is available once the cremation is recorded (the chamber-out scan).";

type CertificateCase = {
  number: string;
  petName: string;
  petSpecies: string;
  petBreed: string | null;
  serviceType: keyof typeof SERVICE_TYPE_LABELS;
  events: Array<{ seq: number; kind: string; station: keyof typeof STATION_LABELS | null; deviceTime: Date; chamber: { name: string } | null; offline: boolean }>;
};

async function renderCertificate(row: CertificateCase, issuedAt: Date): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Certificate of cremation ${row.number}`);
  pdf.setAuthor(COMPANY_NAME);
  pdf.setCreator("BFS Tasks");
  pdf.setCreationDate(issuedAt);
  pdf.setModificationDate(issuedAt);
  let page = pdf.addPage([612, 792]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const serif = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const margin = 60;
  const centered = (text: string, y: number, font = regular, size = 12, color = INK) => {
    const safe = pdfSafe(text);
    page.drawText(safe, { x: (612 - font.widthOfTextAtSize(safe, size)) / 2, y, size, font, color });
  };
  page.drawRectangle({ x: 30, y: 30, width: 552, height: 732, borderColor: BRAND, borderWidth: 2 });
  let y = 720;
  centered(COMPANY_NAME, y, bold, 14, MUTED);
  y -= 44;
  centered("Certificate of Cremation", y, serif, 30, INK);
  y -= 40;
  const scans = row.events.filter((e) => e.kind === "scan");
  const chamberIn = scans.find((e) => e.station === "chamber_in");
  const chamberOut = scans.find((e) => e.station === "chamber_out");
  centered(`This certifies that ${row.petName} was cremated in our care.`, y, regular, 13);
  y -= 40;
  const facts: Array<[string, string]> = [
    ["Case number", row.number],
    ["Pet", [row.petName, row.petSpecies, row.petBreed].filter(Boolean).join(", ")],
    ["Service", SERVICE_TYPE_LABELS[row.serviceType]],
    ["Cremation", chamberOut ? formatDateTime(chamberOut.deviceTime) : "-"],
    ["Chamber", chamberIn?.chamber?.name ?? chamberOut?.chamber?.name ?? "-"],
  ];
  for (const [label, value] of facts) {
    page.drawText(label, { x: margin + 20, y, size: 12, font: bold, color: MUTED });
    page.drawText(fit(value, regular, 12, 330), { x: margin + 160, y, size: 12, font: regular, color: INK });
    y -= 22;
  }
  y -= 14;
  page.drawText("Chain of custody", { x: margin + 20, y, size: 13, font: bold, color: INK });
  y -= 8;
  page.drawLine({ start: { x: margin + 20, y }, end: { x: 612 - margin - 20, y }, thickness: 0.5, color: rgb(0.8, 0.8, 0.85) });
  y -= 18;
  for (const event of scans) {
    // A long chain (overrides, returns to a step) goes on to another page; the signature stays after it.
    if (y < 170) {
      page = pdf.addPage([612, 792]);
      page.drawRectangle({ x: 30, y: 30, width: 552, height: 732, borderColor: BRAND, borderWidth: 2 });
      page.drawText(pdfSafe(`Chain of custody, continued (${row.number})`), { x: margin + 20, y: 720, size: 13, font: bold, color: INK });
      y = 690;
    }
    const station = event.station ? STATION_LABELS[event.station] : event.kind;
    page.drawText(String(event.seq), { x: margin + 20, y, size: 10, font: regular, color: MUTED });
    page.drawText(fit(formatDateTime(event.deviceTime), regular, 10, 170), { x: margin + 50, y, size: 10, font: regular, color: INK });
    page.drawText(fit(`${station}${event.chamber ? ` (${event.chamber.name})` : ""}${event.offline ? " - recorded offline" : ""}`, regular, 10, 250), { x: margin + 230, y, size: 10, font: regular, color: INK });
    y -= 16;
  }
  y = Math.min(y - 30, 140);
  page.drawLine({ start: { x: margin + 20, y }, end: { x: margin + 260, y }, thickness: 0.8, color: INK });
  page.drawLine({ start: { x: 612 - margin - 180, y }, end: { x: 612 - margin - 20, y }, thickness: 0.8, color: INK });
  page.drawText("Operator's signature", { x: margin + 20, y: y - 14, size: 10, font: regular, color: MUTED });
  page.drawText("Date", { x: 612 - margin - 180, y: y - 14, size: 10, font: regular, color: MUTED });
  page.drawText(pdfSafe(`Issued ${formatDateTime(issuedAt)}`), { x: margin + 20, y: 50, size: 9, font: regular, color: MUTED });
  return pdf.save();
}

/**
 * The certificate of cremation: rendered once, on the first request after the chamber-out scan,
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
        serviceType: true,
        certificateKey: true,
        createdById: true,
        events: { select: { seq: true, kind: true, station: true, deviceTime: true, offline: true, chamber: { select: { name: true } } }, orderBy: { seq: "asc" } },
      },
    });
    if (row.certificateKey) return row.certificateKey;
    if (!row.events.some((e) => e.kind === "scan" && e.station === "chamber_out")) throw conflict(CERTIFICATE_NOT_YET);
    const issuedAt = new Date();
    const bytes = await renderCertificate(row, issuedAt);
    const sha = createHash("sha256").update(bytes).digest("hex");
    const newKey = await storeBytes(bytes, "cases/certificates", "application/pdf");
    await tx.memorialCase.update({ where: { id: caseId }, data: { certificateKey: newKey, certificateSha256: sha, certificateAt: issuedAt } });
    await appendCustodyEvent(tx, { caseId, kind: "certificate", memberId: actorId ?? row.createdById, deviceTime: issuedAt, serverTime: issuedAt, details: { sha256: sha, viaFamilyLink: actorId === null } });
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
