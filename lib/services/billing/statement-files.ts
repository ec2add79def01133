import "server-only";
import { monthLabel, TAX_CATEGORY_LABELS } from "@/lib/billing/pricing";
import { toIif } from "@/lib/billing/quickbooks";
import { toCsv } from "@/lib/exports/csv";
import { db } from "@/lib/db";
import { formatMoney } from "@/lib/money";
import type { StatementAnswer } from "@/lib/validations/billing";
import { renderBillingPdf } from "./billing-pdf";

/**
 * An issued statement's files, rendered from its stored lines only (so every download is the
 * same): the PDF a clinic's accounts clerk reads, the CSV of its lines, and the QuickBooks IIF
 * invoice (lib/billing/quickbooks.ts).
 */

export const statementFileName = (s: Pick<StatementAnswer, "number" | "clinicName">, extension: string) =>
  `${s.number} ${s.clinicName}.${extension}`.replace(/[\\/:*?"<>|]+/g, " ");

async function businessContact(): Promise<string | null> {
  const org = await db.organizationSettings.findUnique({ where: { id: 1 }, select: { phone: true, email: true, address: true } });
  // The address is kept as typed, on several lines; the PDF's contact line is one line.
  const address = org?.address?.split(/\s*\n\s*/).filter(Boolean).join(", ");
  const parts = [address, org?.phone, org?.email].filter((p): p is string => Boolean(p));
  return parts.length ? parts.join(" · ") : null;
}

export async function statementPdf(s: StatementAnswer): Promise<Uint8Array> {
  return renderBillingPdf({
    title: "Statement",
    reference: `${s.number} · ${monthLabel(s.month)}`,
    to: [s.clinicName, ...(s.billingEmail ? [s.billingEmail] : [])],
    facts: [
      ["Statement", s.number],
      ["Period", `${s.periodStart} to ${s.periodEnd}`],
      ["Issued", String(s.issuedAt).slice(0, 10)],
      ["Balance due", formatMoney(s.balanceCents)],
    ],
    lines: s.lines.map((l) => ({
      day: l.day,
      ref: l.kind === "payment" ? "Payment" : (l.caseNumber ?? ""),
      description: l.kind === "payment" ? l.description : `${l.petName ?? ""}: ${l.description}`,
      taxCents: l.taxCents,
      amountCents: l.amountCents,
      credit: l.kind === "payment",
    })),
    totals: [
      ["Previous balance", s.previousBalanceCents],
      ["Charges this month", s.chargesCents],
      ["Sales tax", s.taxCents],
      ["Payments received", -s.paymentsCents],
      ["Balance due", s.balanceCents, "bold"],
    ],
    note: "This statement is final: a correction to a case appears on the next month's statement. Please quote the statement number with your payment.",
    businessContact: await businessContact(),
    datedAt: new Date(s.issuedAt),
  });
}

export const STATEMENT_CSV_HEADER = ["Statement", "Clinic", "Date", "Type", "Case", "Pet", "Description", "Category", "Amount", "Tax", "Total"] as const;

export function statementCsv(s: StatementAnswer): string {
  const rows = s.lines.map((l) => {
    const sign = l.kind === "payment" ? -1 : 1;
    return [
      s.number, s.clinicName, l.day, l.kind === "payment" ? "Payment" : "Charge", l.caseNumber, l.petName, l.description,
      l.category ? TAX_CATEGORY_LABELS[l.category] : "",
      // Numbers, so a spreadsheet sums them (and a credit's minus is never read as a formula).
      (sign * l.amountCents) / 100, l.taxCents / 100, (sign * l.amountCents + l.taxCents) / 100,
    ];
  });
  return toCsv(STATEMENT_CSV_HEADER, rows, { bom: true });
}

export function statementIif(s: StatementAnswer): string {
  return toIif({
    number: s.number,
    customer: s.clinicName,
    day: s.periodEnd,
    memo: `Statement ${monthLabel(s.month)}`,
    lines: s.lines.flatMap((l) =>
      l.kind === "charge" && l.category
        ? [{ description: `${l.caseNumber ?? ""} ${l.petName ?? ""}: ${l.description}`, category: l.category, amountCents: l.amountCents, taxCents: l.taxCents }]
        : [],
    ),
  });
}
