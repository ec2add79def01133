import "server-only";
import { monthDays, monthOf, PAYMENT_METHOD_LABELS, type MonthKey, type PaymentMethod } from "@/lib/billing/pricing";
import { dateColumnOf, dateKeyOf, dateKeyOfDateColumn } from "@/lib/dates";
import { rangeInstants } from "@/lib/dates/instants";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/http/app-error";
import { fullName } from "@/lib/members/names";
import type { StatementAnswer, StatementLine, StatementSummaryAnswer } from "@/lib/validations/billing";
import { STATEMENT_NOT_FOUND, type BillingClient } from "./billing-shape";

/**
 * A clinic's monthly statement (docs/billing.md "Statements"): what it carries and its stored shape.
 *
 * A month's statement carries every charge of the clinic's cases made before the month ended and
 * not carried by an earlier statement, and every payment from the clinic received by the month's
 * last day and not carried yet. So a charge or an adjustment made after a statement was issued
 * lands on the next one, and nothing issued is ever rewritten.
 */

export const CLINIC_NOT_FOUND = "Clinic not found";

/** Where the statement is e-mailed: the clinic's billing e-mail, else its e-mail. */
export const clinicBillingEmail = (vendor: { billingEmail: string | null; email: string | null }): string | null => vendor.billingEmail ?? vendor.email;

export interface StatementDraft {
  clinic: { id: string; name: string; email: string | null; billingEmail: string | null };
  month: MonthKey;
  periodStart: string;
  periodEnd: string;
  previousBalanceCents: number;
  chargesCents: number;
  taxCents: number;
  paymentsCents: number;
  balanceCents: number;
  lines: StatementLine[];
  chargeIds: string[];
  paymentIds: string[];
}

const paymentWords = (p: { method: string; reference: string }) => `Payment received, ${PAYMENT_METHOD_LABELS[p.method as PaymentMethod] ?? p.method} ${p.reference}`;

/** What a clinic's statement for a month holds right now (not stored). */
export async function draftStatement(client: BillingClient, clinicVendorId: string, month: MonthKey): Promise<StatementDraft> {
  const clinic = await client.vendor.findUnique({ where: { id: clinicVendorId }, select: { id: true, name: true, email: true, billingEmail: true } });
  if (!clinic) throw notFound(CLINIC_NOT_FOUND);
  const { first, last } = monthDays(month);
  const { endsAt } = rangeInstants(first, last);
  const [charges, payments, previous] = await Promise.all([
    client.caseCharge.findMany({
      where: { statementId: null, createdAt: { lt: endsAt }, case: { clinicVendorId } },
      include: { case: { select: { number: true, petName: true, receivedAt: true } } },
      orderBy: [{ case: { receivedAt: "asc" } }, { case: { number: "asc" } }, { createdAt: "asc" }, { kind: "asc" }, { id: "asc" }],
    }),
    client.billingPayment.findMany({
      where: { statementId: null, clinicVendorId, receivedOn: { lte: dateColumnOf(last) } },
      orderBy: [{ receivedOn: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    }),
    client.statement.findFirst({ where: { clinicVendorId, periodStart: { lt: dateColumnOf(first) } }, orderBy: { periodStart: "desc" }, select: { balanceCents: true } }),
  ]);
  const lines: StatementLine[] = [
    ...charges.map((c) => ({
      kind: "charge" as const,
      day: dateKeyOf(c.createdAt),
      caseNumber: c.case.number,
      petName: c.case.petName,
      description: c.description,
      category: c.taxCategory,
      amountCents: c.amountCents,
      taxCents: c.taxCents,
    })),
    ...payments.map((p) => ({
      kind: "payment" as const,
      day: dateKeyOfDateColumn(p.receivedOn),
      caseNumber: null,
      petName: null,
      description: paymentWords(p),
      category: null,
      amountCents: p.amountCents,
      taxCents: 0,
    })),
  ];
  const chargesCents = charges.reduce((s, c) => s + c.amountCents, 0);
  const taxCents = charges.reduce((s, c) => s + c.taxCents, 0);
  const paymentsCents = payments.reduce((s, p) => s + p.amountCents, 0);
  const previousBalanceCents = previous?.balanceCents ?? 0;
  return {
    clinic,
    month,
    periodStart: first,
    periodEnd: last,
    previousBalanceCents,
    chargesCents,
    taxCents,
    paymentsCents,
    balanceCents: previousBalanceCents + chargesCents + taxCents - paymentsCents,
    lines,
    chargeIds: charges.map((c) => c.id),
    paymentIds: payments.map((p) => p.id),
  };
}

export const statementInclude = {
  issuedBy: { select: { firstName: true, lastName: true } },
  emails: { select: { status: true } },
  lines: { orderBy: { position: "asc" } },
} as const satisfies Prisma.StatementInclude;

type StatementRow = Prisma.StatementGetPayload<{ include: typeof statementInclude }>;

export function statementSummary(row: Omit<StatementRow, "lines" | "issuedBy"> & { emails: { status: string }[] }): StatementSummaryAnswer {
  const periodStart = dateKeyOfDateColumn(row.periodStart);
  return {
    id: row.id,
    number: row.number,
    clinicVendorId: row.clinicVendorId,
    clinicName: row.clinicName,
    month: monthOf(periodStart),
    periodStart,
    periodEnd: dateKeyOfDateColumn(row.periodEnd),
    issuedAt: row.issuedAt,
    emailStatus: row.emails[0]?.status ?? null,
    previousBalanceCents: row.previousBalanceCents,
    chargesCents: row.chargesCents,
    taxCents: row.taxCents,
    paymentsCents: row.paymentsCents,
    balanceCents: row.balanceCents,
  };
}

export function statementDetail(row: StatementRow): StatementAnswer {
  return {
    ...statementSummary(row),
    billingEmail: row.billingEmail,
    issuedByName: fullName(row.issuedBy.firstName, row.issuedBy.lastName),
    lines: row.lines.map((l) => ({
      kind: l.kind === "payment" ? "payment" : "charge",
      day: dateKeyOfDateColumn(l.day),
      caseNumber: l.caseNumber,
      petName: l.petName,
      description: l.description,
      category: l.category,
      amountCents: l.amountCents,
      taxCents: l.taxCents,
    })),
  };
}

/** An issued statement by id; `clinicVendorId` narrows it to one clinic's (the clinic portal's reads), else the same 404. */
export async function loadStatement(id: string, clinicVendorId?: string): Promise<StatementAnswer> {
  const row = await db.statement.findFirst({ where: { id, ...(clinicVendorId ? { clinicVendorId } : {}) }, include: statementInclude });
  if (!row) throw notFound(STATEMENT_NOT_FOUND);
  return statementDetail(row);
}
