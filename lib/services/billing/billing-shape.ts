import "server-only";
import { OPTION_LABELS, serviceLineLabel, type OptionCode, type PaymentMethod, type ServiceType } from "@/lib/billing/pricing";
import { parseCaseNumber } from "@/lib/cases/case-number";
import { dateColumnOf, dateKeyOfDateColumn } from "@/lib/dates";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/http/app-error";
import { fullName } from "@/lib/members/names";
import type { BillingSettings, CaseChargesAnswer, PriceItem, PriceListVersionAnswer, Product } from "@/lib/validations/billing";

/**
 * What the billing operations share (docs/billing.md): the list in force
 * on a day, the tax settings, the answers' shapes, and a case found by its number.
 */

export type BillingClient = typeof db | Prisma.TransactionClient;

export const CASE_NOT_FOUND = "Case not found";
export const PRICE_LIST_NOT_FOUND = "Price list not found";
export const STATEMENT_NOT_FOUND = "Statement not found";
export const PRODUCT_NOT_FOUND = "Product not found";

export async function loadBillingSettings(client: BillingClient = db): Promise<BillingSettings> {
  const row = await client.billingSettings.findUnique({ where: { id: 1 } });
  return {
    salesTaxEnabled: row?.salesTaxEnabled ?? false,
    serviceTaxRate: row?.serviceTaxRate ?? 0,
    optionTaxRate: row?.optionTaxRate ?? 0,
    merchandiseTaxRate: row?.merchandiseTaxRate ?? 0,
  };
}

/** The rate a category is taxed at now: 0 while sales tax is off. */
export function rateOf(settings: BillingSettings, category: "service" | "option" | "merchandise"): number {
  if (!settings.salesTaxEnabled) return 0;
  return category === "service" ? settings.serviceTaxRate : category === "option" ? settings.optionTaxRate : settings.merchandiseTaxRate;
}

export const versionInclude = {
  clinic: { select: { name: true } },
  createdBy: { select: { firstName: true, lastName: true } },
  items: { include: { product: { select: { name: true } } } },
} as const;

type VersionRow = Prisma.PriceListVersionGetPayload<{ include: typeof versionInclude }>;
type ItemRow = VersionRow["items"][number];

export function itemLabel(item: Pick<ItemRow, "kind" | "serviceType" | "minLbs" | "maxLbs" | "optionCode"> & { product: { name: string } | null }): string {
  if (item.kind === "service") return serviceLineLabel(item.serviceType as ServiceType, item.minLbs ?? 0, item.maxLbs);
  if (item.kind === "option") return OPTION_LABELS[item.optionCode as OptionCode] ?? item.optionCode ?? "Option";
  return item.product?.name ?? "Product";
}

const KIND_ORDER = { service: 0, option: 1, product: 2 } as const;
const SERVICE_ORDER = { private: 0, partitioned: 1, communal: 2 } as const;

export function itemShape(item: ItemRow): PriceItem {
  return {
    id: item.id,
    kind: item.kind,
    serviceType: item.serviceType,
    minLbs: item.minLbs,
    maxLbs: item.maxLbs,
    optionCode: (item.optionCode as OptionCode | null) ?? null,
    productId: item.productId,
    label: itemLabel(item),
    priceCents: item.priceCents,
  };
}

export function versionShape(row: VersionRow): PriceListVersionAnswer {
  const items = [...row.items].sort(
    (a, b) =>
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      (a.serviceType && b.serviceType ? SERVICE_ORDER[a.serviceType] - SERVICE_ORDER[b.serviceType] : 0) ||
      (a.minLbs ?? 0) - (b.minLbs ?? 0) ||
      itemLabel(a).localeCompare(itemLabel(b)),
  );
  return {
    id: row.id,
    clinicVendorId: row.clinicVendorId,
    clinicName: row.clinic?.name ?? null,
    effectiveFrom: dateKeyOfDateColumn(row.effectiveFrom),
    note: row.note,
    createdAt: row.createdAt,
    createdByName: fullName(row.createdBy.firstName, row.createdBy.lastName),
    items: items.map(itemShape),
  };
}

export const productShape = (row: { id: string; name: string; category: string; stock: number; isActive: boolean }): Product => ({
  id: row.id,
  name: row.name,
  category: row.category === "keepsake" ? "keepsake" : "urn",
  stock: row.stock,
  isActive: row.isActive,
});

/**
 * The version that prices a clinic's case on a day: the clinic's own list when it has a version
 * in force that day, else the standard list's; null when neither has one yet.
 */
export async function versionInForce(client: BillingClient, clinicVendorId: string | null, day: string): Promise<VersionRow | null> {
  const onOrBefore = { effectiveFrom: { lte: dateColumnOf(day) } };
  if (clinicVendorId) {
    const own = await client.priceListVersion.findFirst({ where: { clinicVendorId, ...onOrBefore }, orderBy: { effectiveFrom: "desc" }, include: versionInclude });
    if (own) return own;
  }
  return client.priceListVersion.findFirst({ where: { clinicVendorId: null, ...onOrBefore }, orderBy: { effectiveFrom: "desc" }, include: versionInclude });
}

/** The case a billing path names by its number (C-2026-00042); anything else is the same 404. */
export async function caseByNumber(client: BillingClient, ref: string) {
  const parsed = parseCaseNumber(String(ref ?? "").trim());
  const row = parsed
    ? await client.memorialCase.findUnique({
        where: { number: parsed.number },
        select: { id: true, number: true, petName: true, petWeightLbs: true, serviceType: true, pawPrint: true, furClipping: true, urnProduct: true, clinicVendorId: true, receivedAt: true, familyName: true, familyAddress: true, clinic: { select: { id: true, name: true } } },
      })
    : null;
  if (!row) throw notFound(CASE_NOT_FOUND);
  return row;
}

/** A case's charges, its direct payments and the balance, as the charges card and receipt read them. */
export async function loadCaseCharges(client: BillingClient, caseId: string): Promise<CaseChargesAnswer> {
  const row = await client.memorialCase.findUniqueOrThrow({
    where: { id: caseId },
    select: {
      number: true,
      clinic: { select: { id: true, name: true } },
      charges: { orderBy: [{ createdAt: "asc" }, { kind: "asc" }, { id: "asc" }], include: { createdBy: { select: { firstName: true, lastName: true } }, statement: { select: { number: true } } } },
      payments: { orderBy: [{ receivedOn: "asc" }, { createdAt: "asc" }], include: { statement: { select: { number: true } } } },
    },
  });
  const chargesCents = row.charges.reduce((sum, c) => sum + c.amountCents, 0);
  const taxCents = row.charges.reduce((sum, c) => sum + c.taxCents, 0);
  const paidCents = row.payments.reduce((sum, p) => sum + p.amountCents, 0);
  return {
    caseNumber: row.number,
    clinic: row.clinic,
    charges: row.charges.map((c) => ({
      id: c.id,
      kind: c.kind,
      description: c.description,
      category: c.taxCategory,
      amountCents: c.amountCents,
      taxCents: c.taxCents,
      reason: c.reason,
      createdAt: c.createdAt,
      createdByName: fullName(c.createdBy.firstName, c.createdBy.lastName),
      statementNumber: c.statement?.number ?? null,
    })),
    payments: row.payments.map((p) => ({
      id: p.id,
      amountCents: p.amountCents,
      method: p.method as PaymentMethod,
      reference: p.reference,
      receivedOn: dateKeyOfDateColumn(p.receivedOn),
      statementNumber: p.statement?.number ?? null,
    })),
    chargesCents,
    taxCents,
    paidCents,
    balanceCents: chargesCents + taxCents - paidCents,
  };
}
