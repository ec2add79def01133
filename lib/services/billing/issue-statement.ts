import "server-only";
import { monthLabel } from "@/lib/billing/pricing";
import type { Caller } from "@/lib/auth/resolve-caller";
import { businessToday, dateColumnOf } from "@/lib/dates";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import { conflict } from "@/lib/http/app-error";
import { formatMoney } from "@/lib/money";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { StatementAnswer } from "@/lib/validations/billing";
import { clinicBillingEmail, draftStatement, loadStatement } from "./statement-shape";

export const MONTH_NOT_ENDED = (label: string) => `${label} has not ended yet: its statement can be issued from the 1st of the next month.`;
export const ALREADY_ISSUED = (label: string) => `The statement for ${label} is issued already; a correction goes on the next month's statement.`;

/**
 * POST /api/billing/statements: stores the month's statement whole (totals and lines), marks the
 * charges and payments it carries, and queues its e-mail, in one transaction. From then on the
 * database refuses any change to it.
 */
export async function issueStatement(caller: Caller, input: { clinicVendorId: string; month: string }, now = new Date()): Promise<StatementAnswer> {
  const label = monthLabel(input.month);
  if (businessToday(now).slice(0, 7) <= input.month) throw conflict(MONTH_NOT_ENDED(label), { field: "month" });
  let id: string;
  try {
    id = await db.$transaction(async (tx) => {
      // One issuer per clinic at a time: the draft and the marks below see the same rows.
      await tx.$queryRaw`SELECT id FROM vendors WHERE id = ${input.clinicVendorId}::uuid FOR UPDATE`;
      const draft = await draftStatement(tx, input.clinicVendorId, input.month);
      const seq = await tx.$queryRaw<{ value: number }[]>`
        INSERT INTO counters (name, value) VALUES (${`statement_number:${input.month}`}, 1)
        ON CONFLICT (name) DO UPDATE SET value = counters.value + 1 RETURNING value`;
      const number = `S-${input.month}-${String(Number(seq[0].value)).padStart(4, "0")}`;
      const billingEmail = clinicBillingEmail(draft.clinic);
      const statement = await tx.statement.create({
        data: {
          number,
          clinicVendorId: draft.clinic.id,
          periodStart: dateColumnOf(draft.periodStart),
          periodEnd: dateColumnOf(draft.periodEnd),
          clinicName: draft.clinic.name,
          billingEmail,
          previousBalanceCents: draft.previousBalanceCents,
          chargesCents: draft.chargesCents,
          taxCents: draft.taxCents,
          paymentsCents: draft.paymentsCents,
          balanceCents: draft.balanceCents,
          issuedAt: now,
          issuedById: caller.userId,
        },
        select: { id: true },
      });
      await tx.statementLine.createMany({
        data: draft.lines.map((line, position) => ({
          statementId: statement.id,
          position: position + 1,
          kind: line.kind,
          day: dateColumnOf(line.day),
          caseNumber: line.caseNumber,
          petName: line.petName,
          description: line.description,
          category: line.category,
          amountCents: line.amountCents,
          taxCents: line.taxCents,
        })),
      });
      const charges = await tx.caseCharge.updateMany({ where: { id: { in: draft.chargeIds }, statementId: null }, data: { statementId: statement.id } });
      const payments = await tx.billingPayment.updateMany({ where: { id: { in: draft.paymentIds }, statementId: null }, data: { statementId: statement.id } });
      if (charges.count !== draft.chargeIds.length || payments.count !== draft.paymentIds.length) throw conflict(ALREADY_ISSUED(label));
      if (billingEmail) {
        await tx.statementEmail.create({
          data: {
            statementId: statement.id,
            toEmail: billingEmail,
            subject: `Statement ${number} for ${label}: ${formatMoney(draft.balanceCents)} due`,
            body: [
              `Hello ${draft.clinic.name},`,
              "",
              `Your statement for ${label} is attached (PDF, with the same lines as CSV).`,
              "",
              `Previous balance: ${formatMoney(draft.previousBalanceCents)}`,
              `Charges this month: ${formatMoney(draft.chargesCents)}`,
              `Sales tax: ${formatMoney(draft.taxCents)}`,
              `Payments received: ${formatMoney(draft.paymentsCents)}`,
              `Balance due: ${formatMoney(draft.balanceCents)}`,
              "",
              `Please quote ${number} with your payment.`,
            ].join("\n"),
            nextAttemptAt: now,
          },
        });
      }
      await recordAudit(tx, {
        actorId: caller.userId,
        action: "billing.statement.issue",
        entityType: "statement",
        entityId: statement.id,
        after: { number, month: input.month, clinicVendorId: draft.clinic.id, balanceCents: draft.balanceCents, lines: draft.lines.length },
      });
      return statement.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ALREADY_ISSUED(label), { field: "month" });
    throw error;
  }
  return loadStatement(id);
}
