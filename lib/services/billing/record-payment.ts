import "server-only";
import type { PaymentMethod } from "@/lib/billing/pricing";
import type { Caller } from "@/lib/auth/resolve-caller";
import { dateColumnOf, dateKeyOfDateColumn } from "@/lib/dates";
import { db } from "@/lib/db";
import { badRequest } from "@/lib/http/app-error";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { RecordedPaymentAnswer } from "@/lib/validations/billing";
import { caseByNumber } from "./billing-shape";

export interface RecordPaymentInput {
  clinicVendorId?: string;
  caseNumber?: string;
  amount: number;
  method: PaymentMethod;
  reference: string;
  receivedOn: string;
}

/**
 * POST /api/billing/payments: a payment received, recorded by hand with its reference (a check
 * number, a transfer's id). A clinic's goes on its next statement; a family's on its case's receipt.
 */
export async function recordPayment(caller: Caller, input: RecordPaymentInput): Promise<RecordedPaymentAnswer> {
  let caseId: string | null = null;
  let caseNumber: string | null = null;
  if (input.caseNumber) {
    const kase = await caseByNumber(db, input.caseNumber).catch(() => {
      throw badRequest("caseNumber: case not found", { field: "caseNumber" });
    });
    if (kase.clinicVendorId) throw badRequest("caseNumber: this case is billed to its clinic; record the clinic's payment instead", { field: "caseNumber" });
    caseId = kase.id;
    caseNumber = kase.number;
  } else if (input.clinicVendorId) {
    const clinic = await db.vendor.findUnique({ where: { id: input.clinicVendorId }, select: { id: true } });
    if (!clinic) throw badRequest("clinicVendorId: clinic not found", { field: "clinicVendorId" });
  }
  return db.$transaction(async (tx) => {
    const row = await tx.billingPayment.create({
      data: {
        clinicVendorId: caseId ? null : (input.clinicVendorId ?? null),
        caseId,
        amountCents: input.amount,
        method: input.method,
        reference: input.reference,
        receivedOn: dateColumnOf(input.receivedOn),
        recordedById: caller.userId,
      },
    });
    await recordAudit(tx, { actorId: caller.userId, action: "billing.payment.record", entityType: "billing_payment", entityId: row.id, after: { ...input } });
    return {
      id: row.id,
      clinicVendorId: row.clinicVendorId,
      caseNumber,
      amountCents: row.amountCents,
      method: input.method,
      reference: row.reference,
      receivedOn: dateKeyOfDateColumn(row.receivedOn),
      statementNumber: null,
    };
  });
}
