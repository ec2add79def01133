import "server-only";
import { PDFDocument, StandardFonts, rgb, type PDFPage } from "pdf-lib";
import {
  BELONGINGS_LABELS,
  IMPLANT_LABELS,
  IRREVERSIBLE_STATEMENT,
  RIGHT_TO_DECIDE_STATEMENT,
  type AuthorizationSections,
  type BelongingsChoice,
  type ImplantChoice,
} from "@/lib/cases/authorization";
import { formatDateTime } from "@/lib/dates";
import { BRAND, INK, MUTED, pdfSafe, wrap } from "@/lib/exports/pdf-kit";

/** What a signed authorization's PDF prints (also stored as the row's `content`). */
export interface SignedAuthorizationContent {
  business: string;
  caseNumber: string;
  version: number;
  sections: AuthorizationSections;
  authorizingName: string;
  relationship: string;
  implants: ImplantChoice;
  belongings: BelongingsChoice;
  /** The personal items recorded at intake when the form was signed, and what happens to each. */
  items?: Array<{ description: string; disposition: "return" | "cremate" | "dispose" }>;
  signedVia: "family_link" | "counter" | "clinic";
  signedAt: string;
  signedIp: string | null;
  /** The staff member at the counter (their name), none from the family link. */
  witness: string | null;
  /** signedVia clinic: the referring clinic that authorized on the owner's behalf, and its own reference. */
  onBehalf?: { clinic: string; reference: string | null } | null;
}

const ITEM_DISPOSITIONS = { return: "return it to me with the ashes", cremate: "cremate it with my pet", dispose: "dispose of it (I consent)" } as const;

const PAGE: [number, number] = [612, 792];
const MARGIN = 56;
const WIDTH = 612 - 2 * MARGIN;

/** The signed cremation authorization: the form as signed, the signature image, when, where from and how. */
export async function renderAuthorizationPdf(content: SignedAuthorizationContent, signaturePng: Uint8Array): Promise<Uint8Array> {
  const signedAt = new Date(content.signedAt);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Cremation authorization ${content.caseNumber} v${content.version}`);
  pdf.setAuthor(content.business);
  pdf.setCreator("BFS Tasks");
  pdf.setCreationDate(signedAt);
  pdf.setModificationDate(signedAt);
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
  const para = (text: string, font = regular, size = 10, color = INK, indent = 0) => {
    for (const line of wrap(text, font, size, WIDTH - indent)) {
      ensure(size + 4);
      page.drawText(line, { x: MARGIN + indent, y, size, font, color });
      y -= size + 4;
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

  page.drawText(pdfSafe(content.business), { x: MARGIN, y, size: 12, font: bold, color: MUTED });
  y -= 30;
  page.drawText("Cremation Authorization", { x: MARGIN, y, size: 24, font: bold, color: INK });
  y -= 18;
  para(`Case ${content.caseNumber} - version ${content.version}`, regular, 10, MUTED);

  heading("The authorizing person");
  row("Name", content.authorizingName);
  row("Relationship to the pet", content.relationship);
  if (content.onBehalf) {
    para(`${content.onBehalf.clinic} authorizes this cremation on the owner's behalf.`, bold, 10, INK);
    if (content.onBehalf.reference) row("Clinic's reference", content.onBehalf.reference);
  }
  para(`[x] ${RIGHT_TO_DECIDE_STATEMENT}`);

  heading("The pet");
  for (const [label, value] of content.sections.pet) row(label, value);

  heading("The service");
  row("Service type", content.sections.service.label);
  para(content.sections.service.explanation, regular, 10, INK, 150);
  row("Memorial options", content.sections.options.length ? content.sections.options.join("; ") : "None");
  row("Return of the ashes", content.sections.returnMethod);

  heading("Declarations");
  para(`[x] ${IMPLANT_LABELS[content.implants]}`);
  para(`[x] ${BELONGINGS_LABELS[content.belongings]}`);
  if (content.items?.length) {
    para("The belongings recorded with my pet:", bold, 10, INK, 16);
    for (const item of content.items) para(`- ${item.description}: ${ITEM_DISPOSITIONS[item.disposition]}`, regular, 10, INK, 24);
  }
  para(`[x] ${IRREVERSIBLE_STATEMENT}`);

  heading("Signature");
  const image = await pdf.embedPng(signaturePng);
  const scale = Math.min(220 / image.width, 80 / image.height, 1);
  ensure(image.height * scale + 70);
  page.drawRectangle({ x: MARGIN, y: y - image.height * scale - 8, width: 236, height: image.height * scale + 16, borderColor: rgb(0.8, 0.8, 0.85), borderWidth: 0.5 });
  page.drawImage(image, { x: MARGIN + 8, y: y - image.height * scale, width: image.width * scale, height: image.height * scale });
  y -= image.height * scale + 26;
  row("Signed by", content.authorizingName);
  row("Signed on", formatDateTime(signedAt));
  row(
    "How",
    content.onBehalf
      ? `Authorized by ${content.onBehalf.clinic} on the owner's behalf, recorded at our counter${content.witness ? ` by ${content.witness}` : ""}`
      : content.signedVia === "family_link"
        ? `Remotely, from the family's link${content.signedIp ? ` (address ${content.signedIp})` : ""}`
        : `At our counter${content.witness ? `, with ${content.witness}` : ""}`,
  );
  return pdf.save();
}
