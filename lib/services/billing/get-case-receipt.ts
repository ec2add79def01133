import "server-only";
import { PAYMENT_METHOD_LABELS } from "@/lib/billing/pricing";
import type { Caller } from "@/lib/auth/resolve-caller";
import { SERVICE_TYPE_LABELS } from "@/lib/cases/stations";
import { dateKeyOf } from "@/lib/dates";
import { db } from "@/lib/db";
import { conflict } from "@/lib/http/app-error";
import { formatMoney } from "@/lib/money";
import { caseByNumber, loadCaseCharges } from "./billing-shape";
import { renderBillingPdf } from "./billing-pdf";

export const BILLED_TO_CLINIC = "This case is billed to its clinic on the monthly statement; a receipt is for families paying directly.";

/** GET /api/cases/{number}/receipt: a family's receipt for a case paid directly (charges, tax, payments, balance). */
export async function getCaseReceipt(caller: Caller, ref: string): Promise<{ bytes: Uint8Array; filename: string }> {
  void caller;
  const kase = await caseByNumber(db, ref);
  if (kase.clinicVendorId) throw conflict(BILLED_TO_CLINIC);
  const charges = await loadCaseCharges(db, kase.id);
  const org = await db.organizationSettings.findUnique({ where: { id: 1 }, select: { phone: true, email: true, address: true } });
  const last = [...charges.charges.map((c) => new Date(c.createdAt)), ...charges.payments.map((p) => new Date(`${p.receivedOn}T12:00:00Z`))].sort((a, b) => b.getTime() - a.getTime())[0];
  const datedAt = last ?? kase.receivedAt;
  const bytes = await renderBillingPdf({
    title: charges.balanceCents <= 0 && charges.paidCents > 0 ? "Receipt" : "Receipt and balance",
    reference: `Case ${kase.number} · ${kase.petName}`,
    to: [kase.familyName, ...(kase.familyAddress ? [kase.familyAddress] : [])],
    facts: [
      ["Case", kase.number],
      ["Service", SERVICE_TYPE_LABELS[kase.serviceType]],
      ["Dated", dateKeyOf(datedAt)],
      ["Balance", charges.balanceCents <= 0 ? "Paid in full" : `${formatMoney(charges.balanceCents)} due`],
    ],
    lines: [
      ...charges.charges.map((c) => ({ day: dateKeyOf(c.createdAt), ref: kase.number, description: c.description, taxCents: c.taxCents, amountCents: c.amountCents })),
      ...charges.payments.map((p) => ({ day: p.receivedOn, ref: "Payment", description: `Thank you: ${PAYMENT_METHOD_LABELS[p.method]} ${p.reference}`, taxCents: 0, amountCents: p.amountCents, credit: true })),
    ],
    totals: [
      ["Charges", charges.chargesCents],
      ["Sales tax", charges.taxCents],
      ["Paid", -charges.paidCents],
      ["Balance due", charges.balanceCents, "bold"],
    ],
    note: "Thank you for trusting us with your companion's care.",
    businessContact: [org?.address, org?.phone, org?.email].filter(Boolean).join(" · ") || null,
    datedAt,
  });
  return { bytes, filename: `${kase.number}-receipt.pdf` };
}
