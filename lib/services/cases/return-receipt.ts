import "server-only";
import { PDFDocument, StandardFonts, rgb, type PDFPage } from "pdf-lib";
import type { Caller } from "@/lib/auth/resolve-caller";
import { COMPANY_NAME } from "@/lib/constants";
import { FAMILY_RETURN_METHOD_LABELS, SERVICE_TYPE_LABELS, type ReturnMethod } from "@/lib/cases/stations";
import { formatDateTime } from "@/lib/dates";
import { formatShortDate } from "@/lib/dates/instant-labels";
import { db } from "@/lib/db";
import { BRAND, fit, INK, MUTED, pdfSafe, wrap } from "@/lib/exports/pdf-kit";
import { conflict } from "@/lib/http/app-error";
import { resolveCaseRef } from "./case-access";
import { readStoredBytes } from "./case-files";
import { caseOfFamilyToken, limitFamilyRequests } from "./family-link";

export const RECEIPT_NOT_YET = "The return receipt is available once the pet is returned (the returned scan).";

/** What the return receipt prints (docs/cases.md "Return receipt"): no staff names, as on the family's page. */
export interface ReturnReceiptContent {
  business: string;
  caseNumber: string;
  pet: string;
  familyName: string;
  service: string;
  returnMethod: string | null;
  receiverName: string;
  returnedAt: string;
  tagVerified: boolean | null;
  remainsWeight: { lbs: number; weighedAt: string | null } | null;
  belongings: Array<{ description: string; disposition: "return" | "cremate" | "dispose"; packagedAt: string | null; returnedAt: string | null }>;
}

const PAGE: [number, number] = [612, 792];
const MARGIN = 56;
const WIDTH = 612 - 2 * MARGIN;

const DISPOSITION_WORDS = { return: "Return with the ashes", cremate: "Cremated with the pet", dispose: "Disposed of with your consent" } as const;

/** The receipt: what came home, to whom and when, the belongings with their check-off, the remains' weight and the receiver's signature. */
export async function renderReturnReceipt(content: ReturnReceiptContent, signaturePng: Uint8Array | null): Promise<Uint8Array> {
  const returnedAt = new Date(content.returnedAt);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Return receipt ${content.caseNumber}`);
  pdf.setAuthor(content.business);
  pdf.setCreator("BFS Tasks");
  // Dated by the return, so every download is the same bytes.
  pdf.setCreationDate(returnedAt);
  pdf.setModificationDate(returnedAt);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  let page: PDFPage = pdf.addPage(PAGE);
  let y = 740;
  const ensure = (height: number) => {
    if (y - height < 60) {
      page = pdf.addPage(PAGE);
      y = 740;
    }
  };
  const heading = (text: string) => {
    y -= 8;
    ensure(30);
    page.drawText(pdfSafe(text), { x: MARGIN, y, size: 12, font: bold, color: BRAND });
    y -= 6;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: 612 - MARGIN, y }, thickness: 0.5, color: rgb(0.8, 0.8, 0.85) });
    y -= 14;
  };
  const row = (label: string, value: string) => {
    const lines = wrap(value, regular, 10, WIDTH - 150);
    ensure(14 * lines.length);
    page.drawText(pdfSafe(label), { x: MARGIN, y, size: 10, font: bold, color: MUTED });
    for (const line of lines) {
      page.drawText(line, { x: MARGIN + 150, y, size: 10, font: regular, color: INK });
      y -= 14;
    }
  };
  const para = (text: string, size = 10, color = INK) => {
    for (const line of wrap(text, regular, size, WIDTH)) {
      ensure(size + 4);
      page.drawText(line, { x: MARGIN, y, size, font: regular, color });
      y -= size + 4;
    }
  };

  page.drawText(pdfSafe(content.business), { x: MARGIN, y, size: 12, font: bold, color: MUTED });
  y -= 30;
  page.drawText("Return Receipt", { x: MARGIN, y, size: 24, font: bold, color: INK });
  y -= 18;
  para(`Case ${content.caseNumber}`, 10, MUTED);

  heading("Returned");
  row("Pet", content.pet);
  row("Family", content.familyName);
  row("Service", content.service);
  row("Returned to", content.receiverName);
  row("Returned on", formatDateTime(returnedAt));
  if (content.returnMethod) row("How", content.returnMethod);
  if (content.tagVerified !== null) row("Identity tag", content.tagVerified ? "The tag serial was read and matched this case" : "The tag serial did not match; recorded with an administrator's override");

  heading("The ashes");
  if (content.remainsWeight) {
    row("Weight of the ashes", `${Number(content.remainsWeight.lbs.toFixed(2))} lbs`);
    if (content.remainsWeight.weighedAt) row("Weighed on", formatDateTime(content.remainsWeight.weighedAt));
  } else row("Weight of the ashes", "Not weighed");

  heading("Belongings");
  const toReturn = content.belongings.filter((b) => b.disposition === "return");
  if (content.belongings.length === 0) para("No personal belongings came with the pet.");
  else {
    const back = toReturn.filter((b) => b.returnedAt !== null).length;
    if (toReturn.length) para(`${back} of ${toReturn.length} ${toReturn.length === 1 ? "item" : "items"} to return ${back === 1 && toReturn.length === 1 ? "was" : "were"} handed over.`);
    y -= 4;
    const cols = [MARGIN, MARGIN + 170, MARGIN + 300, MARGIN + 400];
    ensure(16);
    ["Item", "What happens", "Packaged", "Handed over"].forEach((h, i) => page.drawText(h, { x: cols[i], y, size: 9, font: bold, color: MUTED }));
    y -= 14;
    for (const item of content.belongings) {
      ensure(16);
      const returning = item.disposition === "return";
      const tick = (at: string | null) => (returning ? (at ? `[x] ${formatShortDate(new Date(at))}` : "[  ] not checked") : "-");
      page.drawText(fit(item.description, regular, 10, 162), { x: cols[0], y, size: 10, font: regular, color: INK });
      page.drawText(fit(DISPOSITION_WORDS[item.disposition], regular, 9, 125), { x: cols[1], y, size: 9, font: regular, color: INK });
      page.drawText(fit(tick(item.packagedAt), regular, 9, 96), { x: cols[2], y, size: 9, font: regular, color: INK });
      page.drawText(fit(tick(item.returnedAt), regular, 9, 612 - MARGIN - cols[3]), { x: cols[3], y, size: 9, font: regular, color: INK });
      y -= 16;
    }
  }

  heading("Received by");
  if (signaturePng) {
    const image = await pdf.embedPng(signaturePng).catch(() => null);
    if (image) {
      const scale = Math.min(220 / image.width, 80 / image.height, 1);
      ensure(image.height * scale + 30);
      page.drawRectangle({ x: MARGIN, y: y - image.height * scale - 8, width: 236, height: image.height * scale + 16, borderColor: rgb(0.8, 0.8, 0.85), borderWidth: 0.5 });
      page.drawImage(image, { x: MARGIN + 8, y: y - image.height * scale, width: image.width * scale, height: image.height * scale });
      y -= image.height * scale + 26;
    }
  }
  row("Name", content.receiverName);
  row("Date", formatDateTime(returnedAt));
  y -= 10;
  para(`Issued electronically by ${content.business} from our custody records.`, 9, MUTED);
  return pdf.save();
}

/** The receipt of a returned case, rendered from its records (the same bytes every time: the records no longer change). */
async function receiptOfCase(caseId: string): Promise<{ bytes: Uint8Array; filename: string }> {
  const row = await db.memorialCase.findUniqueOrThrow({
    where: { id: caseId },
    select: {
      number: true,
      petName: true,
      petSpecies: true,
      petBreed: true,
      familyName: true,
      serviceType: true,
      returnMethod: true,
      remainsWeightLbs: true,
      events: { where: { kind: "scan", station: { in: ["processing", "returned"] } }, select: { station: true, deviceTime: true, details: true }, orderBy: { seq: "asc" } },
      belongings: { select: { description: true, disposition: true, packagedAt: true, returnedAt: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: 100 },
    },
  });
  const returned = row.events.find((e) => e.station === "returned");
  if (!returned) throw conflict(RECEIPT_NOT_YET);
  const processing = row.events.find((e) => e.station === "processing");
  const details = (returned.details ?? {}) as { receiverName?: string; signatureKey?: string | null; tagVerified?: boolean | null };
  const signature = details.signatureKey ? await readStoredBytes(details.signatureKey) : null;
  const content: ReturnReceiptContent = {
    business: COMPANY_NAME,
    caseNumber: row.number,
    pet: [row.petName, row.petSpecies, row.petBreed].filter(Boolean).join(", "),
    familyName: row.familyName,
    service: SERVICE_TYPE_LABELS[row.serviceType],
    returnMethod: row.returnMethod ? FAMILY_RETURN_METHOD_LABELS[row.returnMethod as ReturnMethod] : null,
    receiverName: details.receiverName ?? "",
    returnedAt: returned.deviceTime.toISOString(),
    tagVerified: typeof details.tagVerified === "boolean" ? details.tagVerified : null,
    remainsWeight: row.remainsWeightLbs !== null ? { lbs: Number(row.remainsWeightLbs), weighedAt: processing?.deviceTime.toISOString() ?? null } : null,
    belongings: row.belongings.map((b) => ({
      description: b.description,
      disposition: b.disposition as "return" | "cremate" | "dispose",
      packagedAt: b.packagedAt?.toISOString() ?? null,
      returnedAt: b.returnedAt?.toISOString() ?? null,
    })),
  };
  return { bytes: await renderReturnReceipt(content, signature), filename: `${row.number}-return-receipt.pdf` };
}

/** GET /api/cases/{ref}/return-receipt. */
export async function getCaseReturnReceipt(caller: Caller, ref: string) {
  const { id } = await resolveCaseRef(caller, ref);
  return receiptOfCase(id);
}

/** GET /api/family/{token}/return-receipt (404 like the page for a bad token; 409 before the return). */
export async function getFamilyReturnReceipt(token: string, client: { ip: string }) {
  await limitFamilyRequests(client.ip);
  return receiptOfCase(await caseOfFamilyToken(token));
}
