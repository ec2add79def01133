import "server-only";
import type { Caller } from "@/lib/auth/resolve-caller";
import { dateColumnOf } from "@/lib/dates";
import { db } from "@/lib/db";
import type { StatementPreviewAnswer } from "@/lib/validations/billing";
import { draftStatement, statementInclude, statementDetail, statementSummary } from "./statement-shape";

/** GET /api/billing/statements/preview: the issued statement of that month as stored, or what issuing it now would hold. */
export async function previewStatement(caller: Caller, query: { clinicVendorId: string; month: string }): Promise<StatementPreviewAnswer> {
  void caller;
  const issued = await db.statement.findUnique({
    where: { clinicVendorId_periodStart: { clinicVendorId: query.clinicVendorId, periodStart: dateColumnOf(`${query.month}-01`) } },
    include: statementInclude,
  });
  if (issued) {
    const detail = statementDetail(issued);
    return {
      clinicVendorId: detail.clinicVendorId,
      clinicName: detail.clinicName,
      month: detail.month,
      periodStart: detail.periodStart,
      periodEnd: detail.periodEnd,
      issued: statementSummary(issued),
      lines: detail.lines,
      previousBalanceCents: detail.previousBalanceCents,
      chargesCents: detail.chargesCents,
      taxCents: detail.taxCents,
      paymentsCents: detail.paymentsCents,
      balanceCents: detail.balanceCents,
    };
  }
  const draft = await draftStatement(db, query.clinicVendorId, query.month);
  return {
    clinicVendorId: draft.clinic.id,
    clinicName: draft.clinic.name,
    month: draft.month,
    periodStart: draft.periodStart,
    periodEnd: draft.periodEnd,
    issued: null,
    lines: draft.lines,
    previousBalanceCents: draft.previousBalanceCents,
    chargesCents: draft.chargesCents,
    taxCents: draft.taxCents,
    paymentsCents: draft.paymentsCents,
    balanceCents: draft.balanceCents,
  };
}
